/**
 * Where the merchant's payouts go (docs/wallet.md "Where payouts go"): its bank account or the wallet, changed
 * here; the change applies from the next payout, and is saved at once (the choice stays shown while it saves).
 */
import { Card, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/notificationStore';
import type { PayoutDestination } from '../../../../domain/wallet';
import { useSetDestination, type Wallet } from '../api';

export function DestinationCard(props: { wallet: Wallet }) {
  const { t } = useTranslation('wallet');
  const { wallet } = props;
  const destinationChange = useSetDestination(wallet.merchant_id);
  // The destination on its way shows as chosen.
  const saving = destinationChange.isPending ? destinationChange.variables : null;
  const iban = wallet.bank?.iban;

  const choose = async (destination: PayoutDestination) => {
    if (destination === wallet.payout_destination) return;
    try {
      await destinationChange.mutateAsync(destination);
      notify({
        variant: 'success',
        title: t('destination.title'),
        message: t('destination.saved', { where: t(`destination.${destination}`) }),
      });
    } catch {
      notify({ variant: 'error', title: t('destination.title'), message: t('destination.failed') });
    }
  };

  return (
    <Card withBorder mb="lg" data-testid="payout-destination">
      <Title order={2} size="h4" mb="xs">
        {t('destination.title')}
      </Title>
      <Radio.Group
        value={saving ?? wallet.payout_destination}
        onChange={(v) => void choose(v as PayoutDestination)}
      >
        <Stack gap="sm">
          <Radio
            value="wallet"
            disabled={saving !== null}
            label={t('destination.wallet')}
            description={t('destination.walletBody')}
          />
          <Radio
            value="bank"
            // No account on file: nothing to pay into, so not a choice (issue 56); the server refuses it too.
            disabled={saving !== null || (!wallet.bank && wallet.payout_destination !== 'bank')}
            label={t('destination.bank')}
            description={
              wallet.bank ? (
                <>
                  {t('destination.bankBody')} <bdi dir="ltr">{iban}</bdi>
                </>
              ) : (
                t('destination.bankMissing')
              )
            }
            data-testid="destination-bank"
          />
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed" mt="sm">
        {t('destination.note')}
      </Text>
    </Card>
  );
}
