/**
 * Sending the renewed licence (docs/legal-entities.md "Renewing the licence"): the file (PDF, JPEG or PNG, with its
 * upload's progress), its new expiry date (two weeks away at least) and the registration number if it changed.
 * Each refusal is said beside its field; what was typed stays.
 */
import { UploadState } from '../../../components/UploadState';
import { Button, FileButton, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessages } from '../../../api/client';
import { uploadWithProgress, type Uploaded } from '../../../api/upload';
import { DayInput } from '../../../components/DayInput';
import { isolate } from '../../../components/listText';
import { DialogFooter } from '../../../components/DialogFooter';
import { UploadRejected } from '../../../../engine/widgets/services';
import { safeFileName } from '../../../../domain/fileName';
import { useRenewLicence } from '../api';

export function RenewLicenceDialog(props: {
  merchantId: string;
  entityId: string;
  name: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['legal-entities', 'validation', 'widgets']);
  const renew = useRenewLicence(props.merchantId);
  const [file, setFile] = useState<{ name: string; progress: number; stored?: Uploaded; error?: string }>();
  const [expiry, setExpiry] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const abort = useRef<AbortController>(undefined);

  const pick = (picked: File | null) => {
    if (!picked) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const name = safeFileName(picked.name, picked.type);
    setFile({ name, progress: 0 });
    setMissing(({ '/license_url': _, ...rest }) => rest);
    uploadWithProgress(
      '/merchant/api/v2/upload',
      'file',
      picked,
      (progress) => setFile((f) => (f && !f.stored ? { ...f, progress } : f)),
      controller.signal,
    ).then(
      (stored) => setFile({ name, progress: 1, stored }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setFile({
          name,
          progress: 0,
          error:
            error instanceof UploadRejected
              ? t(`widgets:upload.${error.reason}`)
              : t('legal-entities:renew.uploadFailed'),
        });
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const needed: Record<string, string> = {};
    if (!file?.stored) needed['/license_url'] = t('legal-entities:renew.fileNeeded');
    if (!expiry) needed['/license_expiry_date'] = t('validation:error.required');
    setMissing(needed);
    if (Object.keys(needed).length > 0) return;
    renew.mutate(
      {
        legal_entity_id: props.entityId,
        license_url: file!.stored!.url,
        license_expiry_date: expiry!,
        ...(number.trim() ? { commercial_registration_number: number.trim() } : {}),
      },
      { onSuccess: props.onClose },
    );
  };

  const server = fieldMessages(renew.error, (key, params) => t(key, params));
  const problem = (pointer: string) => missing[pointer] ?? server[pointer];
  const uploading = file !== undefined && !file.stored && !file.error;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('legal-entities:renew.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('legal-entities:renew.intro', { name: isolate(props.name) })}</Text>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="renew-file-label">
              {t('legal-entities:renew.file')}
            </Text>
            {file && (
              <Stack gap={2} data-testid="renew-file">
                <Text size="sm" truncate>
                  <bdi>{file.name}</bdi>
                </Text>
                <UploadState
                  progress={file.progress}
                  uploading={uploading}
                  error={file.error}
                  label={t('legal-entities:renew.uploading', { name: file.name })}
                />
              </Stack>
            )}
            <FileButton onChange={pick} accept="application/pdf,image/jpeg,image/png">
              {(button) => (
                <Button
                  {...button}
                  variant="default"
                  leftSection={<IconFileUpload size={16} />}
                  w="fit-content"
                  aria-describedby="renew-file-label"
                >
                  {file ? t('legal-entities:renew.replace') : t('legal-entities:renew.choose')}
                </Button>
              )}
            </FileButton>
            {problem('/license_url') && (
              <Text size="xs" c="red" role="alert">
                {problem('/license_url')}
              </Text>
            )}
          </Stack>
          <DayInput
            label={t('legal-entities:renew.expiry')}
            value={expiry}
            onChange={(day) => {
              setExpiry(day);
              setMissing(({ '/license_expiry_date': _, ...rest }) => rest);
            }}
            error={problem('/license_expiry_date')}
          />
          <Text size="xs" c="dimmed" mt={-8}>
            {t('legal-entities:renew.expiryHint')}
          </Text>
          <TextInput
            label={t('legal-entities:renew.number')}
            value={number}
            maxLength={15}
            dir="ltr"
            onChange={(e) => setNumber(e.currentTarget.value)}
            error={problem('/commercial_registration_number')}
          />
          <DialogFooter
            error={
              renew.isError && Object.keys(server).length === 0 ? t('legal-entities:renew.failed') : undefined
            }
            cancel={{ label: t('legal-entities:renew.cancel'), onClick: props.onClose }}
            action={{
              label: t('legal-entities:renew.send'),
              submit: true,
              loading: renew.isPending,
              disabled: uploading,
            }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
