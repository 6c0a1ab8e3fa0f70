/**
 * Challenging a dispute (onboarding spec §4: the five reasons; §5: images jpeg/jpg/png, 5 MB, at most 5): a
 * reason, a note (needed for "other"), photos uploaded as they are picked, each with its progress and a
 * refusal said next to it. Send waits for uploads under way; what was typed and picked stays if sending fails.
 */
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  Radio,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { UploadRejected } from '../../../../engine/widgets/services';
import {
  CHALLENGE_NOTE_MAX,
  CHALLENGE_REASONS,
  DISPUTE_ATTACHMENTS_MAX,
  type ChallengeReason,
} from '../../../../domain/disputes';
import { safeFileName } from '../../../../domain/fileName';
import { uploadImage, useChallenge } from '../api';

interface Photo {
  key: number;
  name: string;
  progress: number;
  url?: string;
  error?: string;
  done: Promise<void>;
}

export function ChallengeDialog(props: {
  disputeId: string;
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('disputes');
  const challenge = useChallenge(props.disputeId);
  const [reason, setReason] = useState<ChallengeReason | null>(null);
  const [note, setNote] = useState('');
  const [photos, setPhotosState] = useState<Photo[]>([]);
  // The list as it is now, for Send after the uploads it waited for have settled.
  const latest = useRef<Photo[]>([]);
  const setPhotos = (change: (list: Photo[]) => Photo[]) => {
    latest.current = change(latest.current);
    setPhotosState(latest.current);
  };
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const counter = useRef(0);
  const aborts = useRef(new Map<number, AbortController>());

  const update = (key: number, change: Partial<Photo>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const add = (files: File[]) => {
    const room = DISPUTE_ATTACHMENTS_MAX - latest.current.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = (counter.current += 1);
      const controller = new AbortController();
      aborts.current.set(key, controller);
      const name = safeFileName(file.name, file.type);
      const done = uploadImage(
        file,
        (fraction) => update(key, { progress: fraction }),
        controller.signal,
      ).then(
        (stored) => update(key, { url: stored.url, progress: 1 }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          update(key, {
            error:
              error instanceof UploadRejected ? t(`challenge.${error.reason}`) : t('challenge.uploadFailed'),
          });
        },
      );
      setPhotos((list) => [...list, { key, name, progress: 0, done }]);
    }
  };

  const remove = (key: number) => {
    aborts.current.get(key)?.abort();
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  const noteMissing = reason === 'other' && note.trim() === '';
  const send = async () => {
    setTried(true);
    setFailed(null);
    if (!reason || noteMissing) return;
    await Promise.all(latest.current.map((p) => p.done));
    const ready = latest.current;
    if (ready.some((p) => !p.url)) return;
    challenge.mutate(
      { reason, note: note.trim(), attachments: ready.map((p) => p.url!) },
      {
        onSuccess: props.onSent,
        onError: (error) =>
          setFailed(
            error instanceof ApiError && error.status === 409
              ? t('refund.notPending')
              : t('challenge.failed'),
          ),
      },
    );
  };

  const uploading = photos.some((p) => !p.url && !p.error);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('challenge.title')} size="lg">
      <Stack>
        <Radio.Group
          label={t('challenge.reason')}
          value={reason}
          onChange={(value) => setReason(value as ChallengeReason)}
          error={tried && !reason ? t('challenge.reasonRequired') : undefined}
          withAsterisk
        >
          <Stack gap={6} mt={6}>
            {CHALLENGE_REASONS.map((r) => (
              <Radio key={r} value={r} label={t(`reason.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('challenge.note')}
          description={t('challenge.noteHint')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={CHALLENGE_NOTE_MAX}
          autosize
          minRows={3}
          withAsterisk={reason === 'other'}
          error={tried && noteMissing ? t('challenge.noteRequired') : undefined}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('challenge.images')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('challenge.imagesHint')}
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
                  aria-label={t('challenge.removeImage', { name: photo.name })}
                  onClick={() => remove(photo.key)}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
              {!photo.url && !photo.error && (
                <Progress
                  value={photo.progress * 100}
                  size="sm"
                  aria-label={t('challenge.uploading', { name: photo.name })}
                />
              )}
              {photo.error && (
                <Text size="xs" c="red" role="alert">
                  {photo.error}
                </Text>
              )}
            </Stack>
          ))}
          <FileButton onChange={add} accept="image/png,image/jpeg" multiple>
            {(button) => (
              <Button
                {...button}
                variant="default"
                leftSection={<IconPhotoPlus size={16} />}
                disabled={photos.length >= DISPUTE_ATTACHMENTS_MAX}
                w="fit-content"
              >
                {photos.length >= DISPUTE_ATTACHMENTS_MAX ? t('challenge.tooMany') : t('challenge.addImage')}
              </Button>
            )}
          </FileButton>
        </Stack>
        {failed && (
          <Alert color="red" role="alert">
            {failed}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('challenge.cancel')}
          </Button>
          <Button
            onClick={() => void send()}
            loading={challenge.isPending || (tried && uploading)}
            disabled={photos.some((p) => p.error)}
          >
            {t('challenge.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
