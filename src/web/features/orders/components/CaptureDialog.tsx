/**
 * Capturing a payment (docs/orders.md): all that is authorised and not yet captured, or part of it (a partial
 * shipment). The server checks the amount again; its word is shown beside the field, and what was typed stays.
 */
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { Money } from '../../../components/Money';
import { useCapture, type PaymentDetail } from '../api';
import { checkAmount } from '../amount';

export function CaptureDialog(props: {
  payment: PaymentDetail;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('orders');
  const { t: tv } = useTranslation('validation');
  const p = props.payment;
  const capture = useCapture(p.id);
  const [amount, setAmount] = useState(p.left_to_capture);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const check = checkAmount(amount, p.currency, p.left_to_capture);

  const send = () => {
    setTried(true);
    setFailed(null);
    if (!check.ok) return;
    capture.mutate(
      { amount: amount.trim() },
      {
        onSuccess: props.onDone,
        onError: (error) => {
          const problem = error instanceof ApiError ? error.fieldErrors['/amount'] : undefined;
          if (problem)
            return setServerError(tv(problem.key.replace(/^validation:/, ''), problem.params ?? {}));
          setFailed(
            error instanceof ApiError && error.status === 409
              ? t('capture.nothingLeft')
              : t('capture.failed'),
          );
        },
      },
    );
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('capture.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack>
          <Text size="sm">
            {t('capture.left')} <Money amount={p.left_to_capture} currency={p.currency} />
          </Text>
          <TextInput
            label={t('capture.amount', { currency: p.currency })}
            description={t('capture.hint')}
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setServerError(null);
            }}
            error={(tried && !check.ok ? t(check.key, check.values) : serverError) || undefined}
            withAsterisk
            data-autofocus
          />
          <DialogFooter
            error={failed}
            cancel={{ label: t('capture.cancel'), onClick: props.onClose }}
            action={{ label: t('capture.submit'), submit: true, loading: capture.isPending }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
