/**
 * A store's payout schedules, with the next payout day (docs/stores.md).
 */
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Day } from '../../../components/Day';
import { Money } from '../../../components/Money';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { type PayoutSchedule } from '../../../../domain/stores';
import { useSchedules, type StoreDetail } from '../api';
import { amount } from './CommissionsTab';

function when(s: PayoutSchedule, t: (key: string, options?: Record<string, unknown>) => string) {
  if (s.frequency === 'weekly') return t('schedules.weekly', { day: t(`weekday.${s.weekday ?? 0}`) });
  if (s.frequency === 'monthly') return t('schedules.monthly', { day: s.day_of_month ?? 1 });
  return t('schedules.daily');
}

export function SchedulesTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const query = useSchedules(props.store.id);
  const currency = query.data?.currency ?? props.store.currency;
  return (
    <Stack gap="sm">
      {query.data && query.data.items.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('schedules.currency', { currency })}
        </Text>
      )}
      <ResponsiveList
        name="schedules"
        query={query}
        rows={query.data?.items ?? []}
        look={{
          key: (s) => s.product,
          minWidth: 560,
          highlight: false,
          skeleton: { rows: 2, height: 44 },
          columns: [
            {
              header: t('column.product'),
              cell: (s) => t(`product.${s.product}`, { defaultValue: s.product }),
            },
            { header: t('schedules.when'), cell: (s) => when(s, t) },
            { header: t('schedules.delay'), cell: (s) => t('schedules.days', { count: s.delay_days }) },
            {
              header: t('schedules.minimum'),
              cell: (s) => <Money amount={amount(s.minimum_minor, currency)} currency={currency} />,
            },
            { header: t('schedules.next'), cell: (s) => <Day iso={`${s.next_payout_on}T12:00:00Z`} /> },
          ],
        }}
        loadFailed={t('tabFailed')}
        empty={{ title: t('schedules.none') }}
      />
    </Stack>
  );
}
