/**
 * The money area's transaction detail (`money/transaction-detail/{transactionId}`): a payout's net, day and status,
 * its breakdown and its lines (orders are not opened from the app's webview: the back office's order pages are
 * not part of the money area).
 */
import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPage } from '../../../components/ErrorPage';
import { ForbiddenNotice } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { usePayout } from '../api';
import { BreakdownTable } from '../components/BreakdownTable';
import { CalendarDay } from '../../../components/CalendarDay';
import { PayoutLineCard } from '../components/PayoutLineCard';
import { PayoutStatusBadge } from '../components/PayoutStatusBadge';

export function MoneyTransaction() {
  const { t } = useTranslation('payouts');
  const { transactionId = '' } = useParams();
  const query = usePayout(transactionId);
  const status = query.error instanceof ApiError ? query.error.status : null;
  if (status === 403) return <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />;
  if (query.isError)
    return (
      <ErrorPage
        status={status === 404 ? 404 : 500}
        onRetry={status === 404 ? undefined : () => void query.refetch()}
      />
    );
  const p = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/money/transactions-history" size="sm">
        {t('money.history')}
      </Anchor>
      {!p ? (
        <Skeleton h={240} data-testid="money-payout-loading" />
      ) : (
        <>
          <Title order={1} size="h2">
            <Money amount={p.net} currency={p.currency} />
          </Title>
          <Text size="sm">
            <CalendarDay day={p.day} /> · <bdi>{p.store_name}</bdi>
          </Text>
          <PayoutStatusBadge status={p.status} />
          <Card withBorder>
            <BreakdownTable breakdown={p} currency={p.currency} testId="money-breakdown" />
          </Card>
          <Stack gap="xs" data-testid="money-lines">
            {p.lines.map((l) => (
              <Card withBorder key={l.id} padding="sm">
                <PayoutLineCard line={l} currency={p.currency} orderLink={false} />
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
