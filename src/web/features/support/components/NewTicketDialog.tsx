/**
 * Opening a ticket (onboarding spec §2 "Support: ticket form"; §4 topics; §5 images jpeg/jpg/png, 5 MB, at most
 * 5): a topic, a subject (the ticket's title in the list — issue 32: a title cut from the text read as broken),
 * what happened, and photos uploaded as they are picked.
 * Send waits for uploads under way; what was typed and picked stays if sending fails, and the server's word on a
 * field is shown on that field.
 */
import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DialogFooter } from '../../../components/DialogFooter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ImagePicker, useImageUploads } from '../../../components/ImagePicker';
import {
  ADS_TOPIC,
  TICKET_ATTACHMENTS_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
  TICKET_TEXT_MAX,
  TICKET_TEXT_MIN,
  TICKET_TOPICS,
  type TicketTopic,
} from '../../../../domain/support';
import { uploadImage, useOpenTicket, type TicketWithMessages } from '../api';

export function NewTicketDialog(props: {
  opened: boolean;
  /** The ads topic is offered to those who see ads (canViewAds). */
  withAds: boolean;
  onClose: () => void;
  onOpened: (answer: TicketWithMessages) => void;
}) {
  const { t } = useTranslation('support');
  const { t: tv } = useTranslation('validation');
  const open = useOpenTicket();
  const [topic, setTopic] = useState<TicketTopic | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const photos = useImageUploads(uploadImage, TICKET_ATTACHMENTS_MAX);
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const tooShort = text.trim().length < TICKET_TEXT_MIN;
  const subjectShort = subject.trim().length < TICKET_SUBJECT_MIN;
  const send = async () => {
    setTried(true);
    setFailed(null);
    setServerErrors({});
    if (!topic || tooShort || subjectShort) return;
    const attachments = await photos.settle();
    if (!attachments) return;
    open.mutate(
      { topic, subject: subject.trim(), text: text.trim(), attachments },
      {
        onSuccess: (answer) => {
          setTopic(null);
          setSubject('');
          setText('');
          setTried(false);
          photos.clear();
          props.onOpened(answer);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : {};
          const shown: Record<string, string> = {};
          for (const [pointer, problem] of Object.entries(fields))
            shown[pointer] = tv(problem.key.replace(/^validation:/, ''), problem.params ?? {});
          setServerErrors(shown);
          if (Object.keys(shown).length === 0) setFailed(t('form.failed'));
        },
      },
    );
  };

  const topics = TICKET_TOPICS.filter((x) => x !== ADS_TOPIC || props.withAds);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('form.title')} size="lg">
      <Stack>
        <Select
          label={t('form.topic')}
          placeholder={t('form.topicPlaceholder')}
          data={topics.map((x) => ({ value: x, label: t(`topic.${x}`) }))}
          value={topic}
          onChange={(value) => setTopic(value as TicketTopic | null)}
          error={tried && !topic ? t('form.topicRequired') : serverErrors['/topic']}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('form.subject')}
          placeholder={t('form.subjectPlaceholder')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={TICKET_SUBJECT_MAX}
          withAsterisk
          error={
            tried && subjectShort
              ? subject.trim() === ''
                ? t('form.subjectRequired')
                : t('form.subjectShort', { count: TICKET_SUBJECT_MIN })
              : serverErrors['/subject']
          }
        />
        <Textarea
          label={t('form.text')}
          description={t('form.textHint')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={TICKET_TEXT_MAX}
          autosize
          minRows={5}
          maxRows={12}
          withAsterisk
          error={
            tried && tooShort
              ? text.trim() === ''
                ? t('form.textRequired')
                : t('form.textShort', { count: TICKET_TEXT_MIN })
              : serverErrors['/text']
          }
        />
        <ImagePicker uploads={photos} label={t('form.images')} />
        <DialogFooter
          error={failed ?? serverErrors['/attachments']}
          cancel={{ label: t('form.cancel'), onClick: props.onClose }}
          action={{
            label: t('form.send'),
            onClick: () => void send(),
            loading: open.isPending || (tried && photos.uploading),
            disabled: photos.failed,
          }}
        />
      </Stack>
    </Modal>
  );
}
