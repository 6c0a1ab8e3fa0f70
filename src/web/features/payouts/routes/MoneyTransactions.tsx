/** The money area's transactions history (`money/transactions-history`): the payouts sent, newest first. */
import { isForbidden } from '../../../api/client';
import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForbiddenNotice } from '../../../components/DetailFrame';
import { InfiniteList, moreOf } from '../../../components/InfiniteList';
import { usePayouts } from '../api';
import { PayoutCard } from '../components/PayoutCard';
import { NO_FILTERS } from '../filters';

export function MoneyTransactions() {
  const { t } = useTranslation('payouts');
  const list = usePayouts(NO_FILTERS);
  const payouts = moreOf(list, (page) => page.payouts);
  if (isForbidden(list.error))
    return <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/money/landing" size="sm">
        {t('money.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('money.history')}
      </Title>
      <InfiniteList
        name="money-payouts"
        of={payouts}
        look={{
          card: (p) => <PayoutCard payout={p} />,
          link: (p) => `/money/transaction-detail/${encodeURIComponent(p.id)}`,
          skeleton: { rows: 5, height: 64 },
        }}
        words={{ t }}
      />
    </Stack>
  );
}
