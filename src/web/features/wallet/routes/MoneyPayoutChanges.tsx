/** The money area's "payout changes" (`money/card-application/payout-changes`): what the card changes for payouts. */
import { Button, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyCardFrame } from '../components/MoneyCardFrame';

export function MoneyPayoutChanges() {
  const { t } = useTranslation('wallet');
  const points = t('money.changesPoints', { returnObjects: true }) as string[];
  return (
    <MoneyCardFrame title={t('money.changesTitle')} back="/money/card-application/landing">
      {() => (
        <>
          <Text size="sm">{t('money.changesBody')}</Text>
          <List size="sm" spacing={4}>
            {points.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
          <Button component={Link} to="/money/card-application/payout-options">
            {t('money.continue')}
          </Button>
        </>
      )}
    </MoneyCardFrame>
  );
}
