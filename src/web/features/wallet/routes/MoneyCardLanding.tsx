/** The money area's card application landing (`money/card-application/landing`): what the card is, and start. */
import { Button, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyCardFrame } from '../components/MoneyCardFrame';

export function MoneyCardLanding() {
  const { t } = useTranslation('wallet');
  const points = t('card.application.points', { returnObjects: true }) as string[];
  return (
    <MoneyCardFrame title={t('money.landingTitle')} back="/money/landing">
      {() => (
        <>
          <Text size="sm">{t('card.application.intro')}</Text>
          <List size="sm" spacing={4}>
            {points.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
          <Button component={Link} to="/money/card-application/payout-changes">
            {t('money.start')}
          </Button>
        </>
      )}
    </MoneyCardFrame>
  );
}
