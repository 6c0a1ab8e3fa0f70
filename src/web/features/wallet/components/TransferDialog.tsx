/**
 * Moving money to the bank (docs/wallet.md "Transfers"): the amount first — checked here against the limits and
 * what is available, kept while the dialog is open — then the step-up code (components/StepUpDialog), which the
 * transfer spends. A refusal the server gives (a limit reached meanwhile) is said in the wallet's words.
 */
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { StepUpDialog } from '../../../components/StepUpDialog';
import { money } from '../../../../domain/capital/format';
import { decimalToMinor } from '../../../../domain/money';
import { checkTransfer } from '../../../../domain/wallet';
import { langOf } from '../../../components/listText';
import { useTransfer, type Wallet } from '../api';

export function TransferDialog(props: { wallet: Wallet; onClose: () => void }) {
  const { t, i18n } = useTranslation('wallet');
  const sending = useTransfer(props.wallet.merchant_id);
  const { wallet } = props;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const show = (value: string) => money(Number(value), wallet.currency, langOf(i18n.language));
  const limits = {
    min: show(wallet.limits.min),
    max: show(wallet.limits.max),
    daily: show(wallet.limits.daily),
  };

  const refusalText = (reason: string) =>
    t(`transfer.refused.${reason}`, { ...limits, count: wallet.limits.daily_count });

  /** The server's rule (domain/wallet.ts checkTransfer) on the wallet as last read: most refusals said here. */
  const problem = (): string | null => {
    const minor = decimalToMinor(amount, wallet.currency);
    if (minor === null || minor === 0) return t('transfer.amountRequired');
    const of = (value: string) => decimalToMinor(value, wallet.currency) ?? 0;
    const refused = checkTransfer({
      amount: minor,
      currency: wallet.currency,
      available: of(wallet.available),
      today: { total: of(wallet.limits.used_today), count: wallet.limits.count_today },
      hasBankAccount: wallet.bank !== null,
    });
    return refused ? refusalText(refused) : null;
  };

  const refusal = (e: unknown): string | null =>
    e instanceof ApiError && typeof e.body.reason === 'string'
      ? refusalText(e.body.reason)
      : e instanceof ApiError && e.fieldErrors['/amount']
        ? t('transfer.amountRequired')
        : null;

  if (confirming)
    return (
      <StepUpDialog
        purpose="wallet_transfer"
        title={t('transfer.confirmTitle')}
        action={t('transfer.send', { amount: show(amount) })}
        onClose={props.onClose}
        describe={refusal}
        onCode={async (code) => {
          await sending.mutateAsync({ amount: amount.trim(), code });
          notify({
            variant: 'success',
            title: t('transfer.title'),
            message: t('transfer.done', { amount: show(amount) }),
          });
          props.onClose();
        }}
      >
        <Text size="sm" fw={600} data-testid="transfer-summary">
          {/* The amount and the account each their own isolate: an IBAN inside Arabic text is never reordered. */}
          <bdi dir="ltr">{show(amount)}</bdi> {t('transfer.toWord')} <bdi dir="ltr">{wallet.bank?.iban}</bdi>
        </Text>
      </StepUpDialog>
    );

  return (
    <Modal opened onClose={props.onClose} title={t('transfer.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const found = problem();
          setError(found);
          if (!found) setConfirming(true);
        }}
      >
        <Stack>
          <TextInput
            label={t('transfer.amount')}
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setError(null);
            }}
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            leftSection={<Text size="xs">{wallet.currency}</Text>}
            leftSectionWidth={48}
            dir="ltr"
            error={error}
            description={t('transfer.amountHint', {
              ...limits,
              count: wallet.limits.daily_count,
              available: show(wallet.available),
            })}
          />
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('transfer.to')}
            </Text>
            <Text size="sm">
              <bdi dir="ltr">{wallet.bank?.iban}</bdi>
              {wallet.bank?.bank_name && (
                <>
                  {' · '}
                  <bdi>{wallet.bank.bank_name}</bdi>
                </>
              )}
            </Text>
          </Stack>
          <DialogFooter
            error={null}
            cancel={{ label: t('transfer.cancel'), onClick: props.onClose }}
            action={{ label: t('transfer.continue'), submit: true }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
