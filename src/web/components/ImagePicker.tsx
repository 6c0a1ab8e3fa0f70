/**
 * Photos attached to something a merchant sends (a dispute's challenge, a support ticket; onboarding spec §5:
 * jpeg/jpg/png, 5 MB, at most 5): each uploads as soon as it is picked, with its progress, and a refusal is said
 * next to it. `settle()` waits for uploads under way, so a Send pressed meanwhile sends every photo.
 */
import { UploadState } from './UploadState';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Uploaded } from '../api/upload';
import { UploadRejected } from '../../engine/widgets/services';
import { safeFileName } from '../../domain/fileName';

interface Photo {
  key: number;
  name: string;
  progress: number;
  url?: string;
  error?: string;
  done: Promise<void>;
}

export type UploadImage = (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<Uploaded>;

export function useImageUploads(upload: UploadImage, max: number) {
  const { t } = useTranslation('lists');
  const [photos, setPhotosState] = useState<Photo[]>([]);
  // The list as it is now, for a Send after the uploads it waited for have settled.
  const latest = useRef<Photo[]>([]);
  const setPhotos = (change: (list: Photo[]) => Photo[]) => {
    latest.current = change(latest.current);
    setPhotosState(latest.current);
  };
  const counter = useRef(0);
  const aborts = useRef(new Map<number, AbortController>());
  const update = (key: number, change: Partial<Photo>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const add = (files: File[]) => {
    const room = max - latest.current.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = (counter.current += 1);
      const controller = new AbortController();
      aborts.current.set(key, controller);
      const done = upload(file, (fraction) => update(key, { progress: fraction }), controller.signal).then(
        (stored) => update(key, { url: stored.url, progress: 1 }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          update(key, {
            error: error instanceof UploadRejected ? t(`images.${error.reason}`) : t('images.uploadFailed'),
          });
        },
      );
      setPhotos((list) => [...list, { key, name: safeFileName(file.name, file.type), progress: 0, done }]);
    }
  };

  const remove = (key: number) => {
    aborts.current.get(key)?.abort();
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  return {
    photos,
    max,
    add,
    remove,
    uploading: photos.some((p) => !p.url && !p.error),
    failed: photos.some((p) => p.error),
    /** The addresses of every photo once its upload has ended; null while one of them failed. */
    async settle(): Promise<string[] | null> {
      await Promise.all(latest.current.map((p) => p.done));
      const ready = latest.current;
      return ready.some((p) => !p.url) ? null : ready.map((p) => p.url!);
    },
    clear() {
      for (const controller of aborts.current.values()) controller.abort();
      setPhotos(() => []);
    },
  };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;

export function ImagePicker(props: { uploads: ImageUploads; label: string }) {
  const { t } = useTranslation('lists');
  const { photos, max, add, remove } = props.uploads;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Text size="xs" c="dimmed">
        {t('images.hint')}
      </Text>
      {photos.map((photo) => (
        <Stack key={photo.key} gap={2} data-testid="photo">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate style={{ minWidth: 0 }}>
              <bdi>{photo.name}</bdi>
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('images.removeImage', { name: photo.name })}
              onClick={() => remove(photo.key)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
          <UploadState
            progress={photo.progress}
            uploading={!photo.url && !photo.error}
            error={photo.error}
            label={t('images.uploading', { name: photo.name })}
          />
        </Stack>
      ))}
      <FileButton onChange={add} accept="image/png,image/jpeg" multiple>
        {(button) => (
          <Button
            {...button}
            variant="default"
            leftSection={<IconPhotoPlus size={16} />}
            disabled={photos.length >= max}
            w="fit-content"
          >
            {photos.length >= max ? t('images.tooMany') : t('images.addImage')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
