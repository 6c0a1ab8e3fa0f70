/**
 * A ticket as a card on a phone.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Day } from '../../../components/Day';
import { type Ticket } from '../api';
import { TicketStatusBadge } from './TicketStatusBadge';

/** On a phone: a card a ticket. */
export function TicketCard(props: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  const { ticket } = props;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} c="teal" lineClamp={2} dir="auto">
          {ticket.title}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`topic.${ticket.topic}`)} · <Day iso={ticket.created_at} />
        </Text>
      </Stack>
      <TicketStatusBadge status={ticket.status} />
    </Group>
  );
}
