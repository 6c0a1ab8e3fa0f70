/**
 * The reviewer's decisions that need words: send back (one or more of the spec's reasons, each on the answer it
 * concerns, and a note in the merchant's language) and reject (one reason that can be a decision, and a note).
 * The server checks both again; its refusal shows on the field it names.
 */
import { Modal, MultiSelect, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canDecide, REVIEW_REASON_KEYS, type ReviewReasonKey } from '../../../../domain/review';
import { fieldMessages } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { conflictOf, useReviewMove, type ReviewDetail } from '../api';
import { placeText, type AnswerPlace } from './answerPlaces';

/** The note's limit (the server's NOTE_MAX). */
const NOTE_MAX = 1000;

function NoteField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation('review');
  return (
    <Textarea
      label={t('console.note')}
      description={t('console.noteHelp', { limit: NOTE_MAX })}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      maxLength={NOTE_MAX}
      autosize
      minRows={3}
      maxRows={8}
      dir="auto"
      error={props.error}
      data-testid="review-note"
    />
  );
}

/** The words of a refused move: a conflict, or the server's problem, else "try again". */
function useFailure(error: unknown) {
  const { t } = useTranslation(['review', 'validation']);
  const conflict = conflictOf(error);
  const fields = fieldMessages(error, t);
  const failure = !error
    ? null
    : conflict
      ? t(conflict.key, {
          ...conflict.values,
          status: t(`console.status.${conflict.values.status}`, { defaultValue: conflict.values.status }),
        })
      : Object.keys(fields).length > 0
        ? null
        : t('console.moveFailed');
  return { failure, fields };
}

export function SendBackDialog(props: {
  detail: ReviewDetail;
  place: (pointer: string) => AnswerPlace;
  onClose: () => void;
}) {
  const { t } = useTranslation(['review', 'reasons']);
  const { application } = props.detail;
  const move = useReviewMove(application.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const { failure, fields } = useFailure(move.error);
  // Each offered reason, with the answers it concerns under it ("reason|pointer").
  const data = props.detail.reasons.map((offered) => ({
    group: t(`reasons:${offered.reason}.title`),
    items: offered.pointers.map((pointer) => ({
      value: `${offered.reason}|${pointer}`,
      // "We could not open your website: Website — Store type" (the title's own full stop dropped before the colon).
      label: `${t(`reasons:${offered.reason}.title`).replace(/[.۔]$/, '')}: ${placeText(props.place(pointer))}`,
    })),
  }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setMissing(true);
    const items = chosen.map((value) => {
      const [reason, pointer] = value.split('|') as [string, string];
      return { reason, pointer };
    });
    try {
      await move.mutateAsync({ action: 'send_back', body: { items, ...(note.trim() ? { note } : {}) } });
      props.onClose();
    } catch {
      // Shown by the footer.
    }
  };
  const itemsError = missing && chosen.length === 0 ? t('errors.noItems') : fields['/items'];
  const itemError = Object.entries(fields).find(([k]) => k.startsWith('/items/'))?.[1];
  return (
    <Modal opened onClose={props.onClose} title={t('console.sendBackTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('console.sendBackBody')}</Text>
          <MultiSelect
            label={t('console.reasons')}
            placeholder={chosen.length ? undefined : t('console.reasonsPlaceholder')}
            data={data}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            nothingFoundMessage={t('console.noReasonFound')}
            error={itemsError ?? itemError}
            maxDropdownHeight={320}
            comboboxProps={{ withinPortal: true }}
            data-testid="send-back-reasons"
          />
          <NoteField value={note} onChange={setNote} error={fields['/note']} />
          <DialogFooter
            error={failure}
            cancel={{ label: t('console.cancel'), onClick: props.onClose }}
            action={{ label: t('console.sendBack'), submit: true, loading: move.isPending }}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export function RejectDialog(props: { detail: ReviewDetail; onClose: () => void }) {
  const { t } = useTranslation(['review', 'reasons']);
  const { application } = props.detail;
  const move = useReviewMove(application.id);
  const [reason, setReason] = useState<ReviewReasonKey | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const { failure, fields } = useFailure(move.error);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setMissing(true);
    try {
      await move.mutateAsync({ action: 'reject', body: { reason, ...(note.trim() ? { note } : {}) } });
      props.onClose();
    } catch {
      // Shown by the footer.
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={t('console.rejectTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('console.rejectBody')}</Text>
          <Select
            label={t('console.reason')}
            placeholder={t('console.reasonPlaceholder')}
            data={REVIEW_REASON_KEYS.filter(canDecide).map((key) => ({
              value: key,
              label: t(`reasons:${key}.title`),
            }))}
            value={reason}
            onChange={(v) => setReason(v as ReviewReasonKey | null)}
            searchable
            required
            error={missing && !reason ? t('errors.reason') : fields['/reason']}
            comboboxProps={{ withinPortal: true }}
            data-testid="reject-reason"
          />
          <NoteField value={note} onChange={setNote} error={fields['/note']} />
          <DialogFooter
            error={failure}
            cancel={{ label: t('console.cancel'), onClick: props.onClose }}
            action={{ label: t('console.reject'), color: 'red.9', submit: true, loading: move.isPending }}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export { useFailure };
