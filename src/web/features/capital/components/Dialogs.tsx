/**
 * The call-back dialog and the feedback modal (capital spec §2, §5, §7). Both are sent only as analytics events
 * (§7: "an API call for them is not shown").
 *
 * - Call back: phone and date; the date from tomorrow to one month after that (§5), empty is "required"; the form
 *   comes back empty each time the dialog opens; success says an agent calls between 9am and 6pm.
 * - Feedback: a reason (required, "select an option"), free text and contact consent (optional); after success
 *   or close it is hidden for good (a marker in local storage).
 */
import { DialogFooter } from '../../../components/DialogFooter';
import { useState } from 'react';
import { Button, Checkbox, Modal, Radio, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { capitalDate, type Lang } from '../../../../domain/capital/format';
import { useCapitalEvents } from '../events';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** §5: tomorrow … one month after tomorrow. */
export function callBackWindow(now: Date): { earliest: string; latest: string } {
  const tomorrow = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) + DAY);
  // One month on, the same day or the month's last (31 January → 28 February, never 3 March).
  const y = tomorrow.getUTCFullYear();
  const m = tomorrow.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const latest = new Date(Date.UTC(y, m, Math.min(tomorrow.getUTCDate(), lastDay)));
  return { earliest: isoDay(tomorrow), latest: isoDay(latest) };
}

function Done(props: { title: string; body?: string; onClose: () => void; close: string }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={48} radius="xl" color="teal" variant="light">
        <IconCheck />
      </ThemeIcon>
      <Text fw={700}>{props.title}</Text>
      {props.body && <Text c="dimmed">{props.body}</Text>}
      <Button onClick={props.onClose}>{props.close}</Button>
    </Stack>
  );
}

function CallBackForm(props: { offerId: string; defaultPhone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('capital');
  const track = useCapitalEvents();
  const window_ = callBackWindow(new Date());
  const [phone, setPhone] = useState(props.defaultPhone);
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; date?: string }>({});
  const [sentFor, setSentFor] = useState<string | null>(null);
  const lang = i18n.language as Lang;
  const shown = (d: string) => capitalDate(d, new Date(), lang);

  // The phone rule (libphonenumber, ~10 KiB gzip) loads when a request is sent, not with the offer page.
  const check = async () => {
    const { isPhone } = await import('../../../../domain/contact');
    const next: typeof errors = {};
    const cleaned = phone.replace(/[\s-]/g, '');
    if (!cleaned) next.phone = t('callback.required');
    else if (!isPhone(cleaned)) next.phone = t('callback.phoneInvalid');
    if (!date) next.date = t('callback.required');
    else if (date < window_.earliest) next.date = t('callback.earliest', { date: shown(window_.earliest) });
    else if (date > window_.latest) next.date = t('callback.latest', { date: shown(window_.latest) });
    setErrors(next);
    return Object.keys(next).length === 0 ? cleaned : null;
  };

  if (sentFor)
    return (
      <Done
        title={t('callback.doneTitle')}
        body={t('callback.doneBody', { date: shown(sentFor) })}
        onClose={props.onClose}
        close={t('callback.close')}
      />
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void check().then((cleaned) => {
          if (!cleaned) return;
          track('Call Back Requested', { offer_id: props.offerId, date, phoneNumber: cleaned });
          setSentFor(date);
        });
      }}
    >
      <Stack gap="md">
        <Text c="dimmed">{t('callback.body')}</Text>
        <TextInput
          label={t('callback.phone')}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          onBlur={() => errors.phone && void check()}
          error={errors.phone}
          type="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder="+971 50 123 4567"
          required
        />
        <TextInput
          label={t('callback.date')}
          type="date"
          value={date}
          min={window_.earliest}
          max={window_.latest}
          onChange={(e) => setDate(e.currentTarget.value)}
          error={errors.date}
          dir="ltr"
          required
        />
        <DialogFooter
          cancel={{ label: t('callback.cancel'), onClick: props.onClose }}
          action={{ label: t('callback.submit'), submit: true }}
        />
      </Stack>
    </form>
  );
}

export function CallBackDialog(props: {
  opened: boolean;
  onClose: () => void;
  offerId: string;
  phone: string;
}) {
  const { t } = useTranslation('capital');
  // The form is mounted afresh on every opening, so it always starts empty (§2: "resets to the form").
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('callback.title')} centered>
      {props.opened && (
        <CallBackForm offerId={props.offerId} defaultPhone={props.phone} onClose={props.onClose} />
      )}
    </Modal>
  );
}

export const FEEDBACK_REASONS = ['later', 'terms', 'notNeeded', 'other'] as const;

export function FeedbackModal(props: { opened: boolean; offerId: string; onDone: () => void }) {
  const { t } = useTranslation('capital');
  const track = useCapitalEvents();
  const [reason, setReason] = useState<string | null>(null);
  const [more, setMore] = useState('');
  const [contact, setContact] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  return (
    <Modal opened={props.opened} onClose={props.onDone} title={t('feedback.title')} centered>
      {sent ? (
        <Done title={t('feedback.doneTitle')} onClose={props.onDone} close={t('feedback.close')} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) {
              setError(t('feedback.select'));
              return;
            }
            track('Feedback sent', {
              offer_id: props.offerId,
              capitalOpinion: reason,
              Tellusmore: more.trim(),
              Contact: contact,
            });
            setSent(true);
          }}
        >
          <Stack gap="md">
            <Text c="dimmed">{t('feedback.body')}</Text>
            <Radio.Group
              label={t('feedback.reason')}
              value={reason}
              onChange={(v) => {
                setReason(v);
                setError(undefined);
              }}
              error={error}
              required
            >
              <Stack gap="xs" mt="xs">
                {FEEDBACK_REASONS.map((r) => (
                  <Radio key={r} value={r} label={t(`feedback.${r}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('feedback.tellUsMore')}
              value={more}
              onChange={(e) => setMore(e.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
            />
            <Checkbox
              label={t('feedback.canContact')}
              checked={contact}
              onChange={(e) => setContact(e.currentTarget.checked)}
            />
            <DialogFooter
              cancel={{ label: t('feedback.skip'), onClick: props.onDone }}
              action={{ label: t('feedback.send'), submit: true }}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
