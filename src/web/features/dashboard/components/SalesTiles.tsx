/**
 * Sales today and in the last 7 days (docs/dashboard.md): the amount in the merchant's currency with its
 * decimals, and how many orders; each tile opens the orders of its days.
 */
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money';
import { localDay } from '../../../components/listText';
import { useSales } from '../api';
import { HomeTile } from './HomeTile';

export function SalesTiles() {
  const { t } = useTranslation('dashboard');
  const sales = useSales(true);
  const data = sales.data;
  const today = data ? localDay(data.today_from) : '';
  const weekFrom = data ? localDay(data.week_from) : '';
  const figure = (period: 'today' | 'week') => {
    const rows = data?.sales ?? [];
    if (rows.length === 0)
      return (
        <Text size="sm" c="dimmed" data-testid={`sales-${period}-empty`}>
          {t(`home.sales.empty.${period}`)}
        </Text>
      );
    return (
      <Stack gap={2}>
        {rows.map((r) => (
          <Text key={r.currency} fw={700} size="xl" data-testid={`sales-${period}-amount`}>
            <Money amount={r[period].amount} currency={r.currency} />
          </Text>
        ))}
        <Text size="sm" c="dimmed" data-testid={`sales-${period}-count`}>
          {t('home.sales.orders', { count: rows.reduce((sum, r) => sum + r[period].count, 0) })}
        </Text>
      </Stack>
    );
  };
  return (
    <>
      <HomeTile
        title={t('home.sales.today')}
        testId="tile-sales-today"
        query={sales}
        link={{ label: t('home.sales.openToday'), to: `/payments?from=${today}&to=${today}` }}
      >
        {figure('today')}
      </HomeTile>
      <HomeTile
        title={t('home.sales.week')}
        testId="tile-sales-week"
        query={sales}
        link={{ label: t('home.sales.openWeek'), to: `/payments?from=${weekFrom}&to=${today}` }}
      >
        {figure('week')}
      </HomeTile>
    </>
  );
}
