/**
 * A dispute as a card on a phone.
 */
import { Stack, Text } from '@mantine/core';
import { ListCard } from '../../../components/ListCard';
import { useTranslation } from 'react-i18next';
import { type Dispute } from '../api';
import { StatusBadge } from './StatusBadge';
import { Day } from '../../../components/Day';
import { Money } from '../../../components/Money';

/** On a phone: a card a dispute (a seven-column table does not fit 375 px). */
export function DisputeCard(props: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  const d = props.dispute;
  return (
    <ListCard
      title={d.order_id}
      end={
        <Stack gap={4} align="flex-end">
          <Text fw={600} size="sm">
            <Money amount={d.amount} currency={d.currency} />
          </Text>
          <StatusBadge status={d.status} />
        </Stack>
      }
    >
      <Text size="sm" truncate>
        <bdi>{d.customer_name}</bdi>
      </Text>
      <Text size="xs" c="dimmed">
        {t(`type.${d.type}`, { defaultValue: d.type })} · <Day iso={d.created_at} />
      </Text>
    </ListCard>
  );
}
