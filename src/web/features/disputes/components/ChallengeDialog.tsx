/**
 * Challenging a dispute (onboarding spec §4: the five reasons; §5: images jpeg/jpg/png, 5 MB, at most 5): a
 * reason, a note (needed for "other"), photos uploaded as they are picked, each with its progress and a
 * refusal said next to it. Send waits for uploads under way; what was typed and picked stays if sending fails.
 */
import { Modal, Radio, Stack, Textarea } from '@mantine/core';
import { DialogFooter } from '../../../components/DialogFooter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import {
  CHALLENGE_NOTE_MAX,
  CHALLENGE_REASONS,
  DISPUTE_ATTACHMENTS_MAX,
  type ChallengeReason,
} from '../../../../domain/disputes';
import { ImagePicker, useImageUploads } from '../../../components/ImagePicker';
import { uploadImage, useChallenge } from '../api';
import { analytics } from '../../../analytics';

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
  const photos = useImageUploads(uploadImage, DISPUTE_ATTACHMENTS_MAX);
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const noteMissing = reason === 'other' && note.trim() === '';
  const send = async () => {
    setTried(true);
    setFailed(null);
    if (!reason || noteMissing) return;
    const attachments = await photos.settle();
    if (!attachments) return;
    challenge.mutate(
      { reason, note: note.trim(), attachments },
      {
        onSuccess: () => {
          analytics.track('Dispute Challenged', { dispute_id: props.disputeId, reason });
          props.onSent();
        },
        onError: (error) =>
          setFailed(
            error instanceof ApiError && error.status === 409
              ? t('refund.notPending')
              : t('challenge.failed'),
          ),
      },
    );
  };

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
        <ImagePicker uploads={photos} label={t('challenge.images')} />
        <DialogFooter
          error={failed}
          cancel={{ label: t('challenge.cancel'), onClick: props.onClose }}
          action={{
            label: t('challenge.send'),
            onClick: () => void send(),
            loading: challenge.isPending || (tried && photos.uploading),
            disabled: photos.failed,
          }}
        />
      </Stack>
    </Modal>
  );
}
