/**
 * The filter's totals above the orders list (docs/orders.md): how many orders, their amount, captured, refunded
 * and net, a line per currency. Its own query: the rows never wait for the sums; while they load, a skeleton;
 * if they fail, a line saying so (the list still works).
 */
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { PaymentTotals } from '../../../../contract/payments';
import { Money } from '../../../components/Money';

export function OrderTotals(props: {
  query: { data?: PaymentTotals; isPending: boolean; isError: boolean };
}) {
  const { t } = useTranslation('orders');
  const { query } = props;
  if (query.isPending) return <Skeleton h={62} mb="md" data-testid="order-totals-loading" />;
  if (query.isError || !query.data)
    return (
      <Text size="sm" c="dimmed" mb="md">
        {t('totals.failed')}
      </Text>
    );
  const rows = query.data.totals;
  const count = rows.reduce((sum, r) => sum + r.count, 0);
  const figure = (label: string, value: ReactNode, testId: string) => (
    <Stack gap={0} key={testId} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
  return (
    <Paper withBorder p="sm" mb="md" data-testid="order-totals">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md" verticalSpacing="xs">
        {figure(t('totals.orders'), <bdi dir="ltr">{count.toLocaleString('en-GB')}</bdi>, 'total-count')}
        {rows.flatMap((r) => [
          figure(
            t('totals.amount'),
            <Money amount={r.amount} currency={r.currency} />,
            `total-amount-${r.currency}`,
          ),
          figure(
            t('totals.captured'),
            <Money amount={r.captured} currency={r.currency} />,
            `total-captured-${r.currency}`,
          ),
          figure(
            t('totals.refunded'),
            <Money amount={r.refunded} currency={r.currency} />,
            `total-refunded-${r.currency}`,
          ),
          figure(t('totals.net'), <Money amount={r.net} currency={r.currency} />, `total-net-${r.currency}`),
        ])}
      </SimpleGrid>
    </Paper>
  );
}
