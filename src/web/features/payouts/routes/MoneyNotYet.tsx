/** The card application's pages in the money area (`money/card-application/*`): they come with the card. */
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotAvailableYet } from '../../../components/NotAvailableYet';

export function MoneyNotYet() {
  const { t } = useTranslation('payouts');
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/money/landing" size="sm">
        {t('money.back')}
      </Anchor>
      <NotAvailableYet />
    </Stack>
  );
}
