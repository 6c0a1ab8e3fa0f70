/**
 * Refunding a payment (docs/orders.md): an amount (all that is left, or part of it), a reason, a note ("other"
 * needs one), then a confirmation that says what will go back to whom — a refund cannot be undone. The server
 * checks the amount again against what is left; its word is shown beside the field, and what was typed stays.
 */
import { Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessages } from '../../../api/client';
import { REFUND_NOTE_MAX, REFUND_REASONS, type RefundReason } from '../../../../domain/payments';
import { DialogFooter } from '../../../components/DialogFooter';
import { Money } from '../../../components/Money';
import { useRefund, type PaymentDetail } from '../api';
import { checkAmount } from '../amount';

export function RefundDialog(props: {
  payment: PaymentDetail;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('orders');
  const { t: tAny } = useTranslation();
  const p = props.payment;
  const refund = useRefund(p.id);
  const [amount, setAmount] = useState(p.left_to_refund);
  const [reason, setReason] = useState<RefundReason | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);

  const check = checkAmount(amount, p.currency, p.left_to_refund);
  const noteMissing = reason === 'other' && note.trim() === '';
  const amountError = tried && !check.ok ? t(check.key, check.values) : serverErrors['/amount'];

  const next = () => {
    setTried(true);
    if (check.ok && reason && !noteMissing) setConfirming(true);
  };
  const send = () => {
    if (!check.ok || !reason) return;
    setFailed(null);
    refund.mutate(
      { amount: amount.trim(), reason, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: props.onDone,
        onError: (error) => {
          setConfirming(false);
          const shown = fieldMessages(error, tAny);
          setServerErrors(shown);
          if (Object.keys(shown).length > 0) return;
          setFailed(
            error instanceof ApiError && error.status === 409 ? t('refund.nothingLeft') : t('refund.failed'),
          );
        },
      },
    );
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('refund.title')} size="lg">
      {confirming && check.ok ? (
        <Stack>
          <Text>
            {t('refund.confirmBefore')} <Money amount={amount.trim()} currency={p.currency} />{' '}
            {t('refund.confirmTo')} <bdi>{p.customer_name}</bdi>.
          </Text>
          <Text size="sm" c="dimmed">
            {t('refund.cannotUndo')}
          </Text>
          <DialogFooter
            error={failed}
            cancel={{ label: t('refund.back'), onClick: () => setConfirming(false) }}
            action={{ label: t('refund.confirm'), onClick: send, loading: refund.isPending, color: 'red.9' }}
          />
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <Stack>
            <Text size="sm">
              {t('refund.left')} <Money amount={p.left_to_refund} currency={p.currency} />
            </Text>
            <TextInput
              label={t('refund.amount', { currency: p.currency })}
              inputMode="decimal"
              dir="ltr"
              value={amount}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                setServerErrors((errors) => ({ ...errors, '/amount': '' }));
              }}
              error={amountError || undefined}
              withAsterisk
              data-autofocus
            />
            <Radio.Group
              label={t('refund.reason')}
              value={reason}
              onChange={(value) => setReason(value as RefundReason)}
              error={tried && !reason ? t('refund.reasonRequired') : serverErrors['/reason']}
              withAsterisk
            >
              <Stack gap={6} mt={6}>
                {REFUND_REASONS.map((r) => (
                  <Radio key={r} value={r} label={t(`reason.${r}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('refund.note')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={REFUND_NOTE_MAX}
              autosize
              minRows={2}
              withAsterisk={reason === 'other'}
              error={tried && noteMissing ? t('refund.noteRequired') : serverErrors['/note']}
            />
            <DialogFooter
              error={failed}
              cancel={{ label: t('refund.cancel'), onClick: props.onClose }}
              action={{ label: t('refund.next'), submit: true }}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
