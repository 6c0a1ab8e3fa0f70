/**
 * Upload (spec §5): drop a file or choose one; allowed types and the maximum
 * size come from the schema (`x-accept`, `x-maxSizeKb`; spec defaults jpeg,
 * png, pdf and 10000 KB); a progress bar while it uploads; then the file with
 * download and remove. Messages: "file is larger than …", "file must have a …
 * extension", "failed to upload", and a download failure.
 *
 * Sizes are decimal (1 KB = 1000 bytes), so the spec's 10000 KB reads "10 MB".
 * The type check here is by name, for a quick answer; the server checks the
 * content.
 */
import { useRef, useState, type DragEvent } from 'react';
import { Anchor, Button, CloseButton, Group, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fileNameOf, pendingOf, servicesOf, UploadRejected } from './services';
import { StoredThumbnail } from './StoredThumbnail';

export const DEFAULT_ACCEPT = ['jpeg', 'png', 'pdf'];
export const DEFAULT_MAX_SIZE_KB = 10000;

/** 10000 → "10 MB" ("10 ميغابايت" in Arabic), 500 → "500 KB": the unit is a translation. */
export function formatSize(kb: number, t: (key: string, options: { count: number }) => string): string {
  return kb >= 1000 && kb % 1000 === 0
    ? t('upload.megabytes', { count: kb / 1000 })
    : t('upload.kilobytes', { count: kb });
}

/** The extensions a file may have: jpeg also allows jpg. */
function extensionsOf(accept: string[]): string[] {
  return accept.flatMap((ext) => (ext === 'jpeg' ? ['jpeg', 'jpg'] : [ext.toLowerCase()]));
}

/**
 * Checks a file against the field's rules before it is sent.
 * @returns - a message key with its parameters, or null when the file may be uploaded
 */
export function checkFile(
  file: { name: string; size: number },
  accept: string[],
  maxSizeKb: number,
): { key: string; params: Record<string, string | number> } | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!extensionsOf(accept).includes(extension)) {
    return { key: 'upload.badType', params: { extensions: accept.join(', ') } };
  }
  if (file.size > maxSizeKb * 1000) return { key: 'upload.tooLarge', params: { kb: maxSizeKb } };
  return null;
}

export function UploadWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const schema = props.schema as { 'x-accept'?: string[]; 'x-maxSizeKb'?: number };
  const accept = schema['x-accept'] ?? DEFAULT_ACCEPT;
  const maxSizeKb = schema['x-maxSizeKb'] ?? DEFAULT_MAX_SIZE_KB;
  const services = servicesOf(props);
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The file just uploaded asks for a password: said under it until it is removed or replaced.
  const [locked, setLocked] = useState(false);
  const value = typeof props.value === 'string' && props.value !== '' ? props.value : undefined;
  const disabled = props.disabled || props.readonly;
  const error = localError ?? (props.rawErrors?.length ? props.rawErrors.join('\n') : undefined);

  const start = async (file: File | undefined) => {
    if (!file || disabled) return;
    const problem = checkFile(file, accept, maxSizeKb);
    if (problem) {
      setLocalError(
        problem.key === 'upload.tooLarge'
          ? t(problem.key, { size: formatSize(maxSizeKb, t) })
          : t(problem.key, problem.params),
      );
      return;
    }
    if (!services.upload) {
      setLocalError(t('upload.failed'));
      return;
    }
    setLocalError(null);
    setLocked(false);
    setUploading(file.name);
    setProgress(0);
    controller.current = new AbortController();
    try {
      const uploading = services.upload(file, setProgress, controller.current.signal);
      pendingOf(props)?.add(uploading);
      const uploaded = await uploading;
      setLocked(uploaded.password_protected === true);
      props.onChange(uploaded.url);
    } catch (error) {
      if (controller.current.signal.aborted) return;
      // The server looks at the content: a text file named .pdf is refused as the wrong type, with the rule's message.
      if (error instanceof UploadRejected)
        setLocalError(
          error.reason === 'badType'
            ? t('upload.badType', { extensions: accept.join(', ') })
            : t(error.reason === 'quota' ? 'upload.quota' : 'upload.tooLarge', {
                size: formatSize(maxSizeKb, t),
              }),
        );
      else setLocalError(t('upload.failed'));
    } finally {
      setProgress(null);
      setUploading(null);
      props.onBlur(props.id, value);
    }
  };

  const download = async () => {
    if (!value || !services.download) return;
    try {
      setLocalError(null);
      await services.download(value);
    } catch {
      setLocalError(t('upload.downloadFailed'));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void start(event.dataTransfer.files[0]);
  };

  return (
    <Input.Wrapper id={props.id} label={props.label} required={props.required} error={error}>
      <Paper
        mt={6}
        p="md"
        radius="md"
        withBorder
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: value ? 'solid' : 'dashed',
          borderColor: error
            ? 'var(--mantine-color-red-6)'
            : dragging
              ? 'var(--mantine-color-mint-6)'
              : undefined,
          background: dragging ? 'var(--mantine-color-mint-0)' : undefined,
        }}
      >
        <input
          ref={input}
          type="file"
          hidden
          aria-label={typeof props.label === 'string' ? props.label : undefined}
          accept={extensionsOf(accept)
            .map((e) => `.${e}`)
            .join(',')}
          onChange={(event) => {
            void start(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        {uploading !== null ? (
          <UploadProgress
            name={uploading}
            progress={progress ?? 0}
            onCancel={() => controller.current?.abort()}
          />
        ) : value ? (
          <StoredFile
            id={props.id}
            file={value}
            preview={services.preview}
            onDownload={services.download ? download : undefined}
            onRemove={
              disabled
                ? undefined
                : () => {
                    setLocked(false);
                    props.onChange(undefined);
                  }
            }
          />
        ) : (
          <DropPrompt
            id={props.id}
            rules={t('upload.rules', { extensions: accept.join(', '), size: formatSize(maxSizeKb, t) })}
            disabled={disabled}
            onChoose={() => input.current?.click()}
          />
        )}
      </Paper>
      {locked && value && (
        <Text size="sm" c="orange.8" mt={6} role="status">
          {t('upload.passwordProtected')}
        </Text>
      )}
    </Input.Wrapper>
  );
}

/** No file yet: what may be dropped or chosen, and the button that chooses one. */
function DropPrompt(props: { id: string; rules: string; disabled?: boolean; onChoose: () => void }) {
  const { t } = useTranslation('widgets');
  return (
    <Group justify="space-between" gap="sm">
      <Stack gap={2}>
        <Text size="sm">{t('upload.drop')}</Text>
        <Text size="xs" c="dimmed">
          {props.rules}
        </Text>
      </Stack>
      <Button id={props.id} variant="light" onClick={props.onChoose} disabled={props.disabled}>
        {t('upload.choose')}
      </Button>
    </Group>
  );
}

/** A file on its way: its name, how far it has gone, and a way to stop it. */
function UploadProgress(props: { name: string; progress: number; onCancel: () => void }) {
  const { t } = useTranslation('widgets');
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" truncate>
          {props.name}
        </Text>
        <CloseButton aria-label={t('upload.cancel')} onClick={props.onCancel} />
      </Group>
      <Progress value={props.progress * 100} aria-label={t('upload.progress')} animated />
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('upload.percent', { percent: Math.round(props.progress * 100) })}
      </Text>
    </Stack>
  );
}

/** The file kept: its thumbnail and name, and a download and a remove where they apply. */
function StoredFile(props: {
  id: string;
  file: string;
  preview: Parameters<typeof StoredThumbnail>[0]['preview'];
  onDownload?: () => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('widgets');
  return (
    // The name keeps at least 10rem: on a narrow screen the buttons go under it instead of hiding it.
    <Group justify="space-between" wrap="wrap" gap="xs">
      <StoredThumbnail file={props.file} preview={props.preview} height={64} maxWidth={200} />
      {/* The name reads left to right but sits at the page's start (beside its thumbnail in Arabic too). */}
      <Text size="sm" fw={500} truncate style={{ flex: '1 1 10rem', minWidth: 0 }}>
        <bdi dir="ltr">{fileNameOf(props.file)}</bdi>
      </Text>
      <Group gap="xs" wrap="nowrap">
        {props.onDownload && (
          <Anchor component="button" type="button" size="sm" onClick={props.onDownload}>
            {t('upload.download')}
          </Anchor>
        )}
        {props.onRemove && (
          <Button id={props.id} variant="subtle" color="red" size="compact-sm" onClick={props.onRemove}>
            {t('upload.remove')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
