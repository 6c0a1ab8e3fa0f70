/** A payout as a card (the completed list on a phone, the money area's history): day, status, store, net, orders. */
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money';
import type { Payout } from '../api';
import { CalendarDay } from '../../../components/CalendarDay';
import { PayoutStatusBadge } from './PayoutStatusBadge';

export function PayoutCard(props: { payout: Payout }) {
  const { t } = useTranslation('payouts');
  const p = props.payout;
  return (
    <>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600}>
          <CalendarDay day={p.day} />
        </Text>
        <PayoutStatusBadge status={p.status} />
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" truncate>
          <bdi>{p.store_name}</bdi>
        </Text>
        <Text size="sm" fw={600}>
          <Money amount={p.net} currency={p.currency} />
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('card.orders', { count: p.capture_count })}
      </Text>
    </>
  );
}
