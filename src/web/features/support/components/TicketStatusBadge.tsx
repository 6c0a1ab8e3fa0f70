/** The support screens' status badge (hold and escalated read as their own words, coloured as opened). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '../../../../domain/support';

const STATUS_COLORS: Record<TicketStatus, string> = {
  new: 'blue',
  pending: 'orange',
  opened: 'teal',
  hold: 'yellow',
  escalated: 'red',
  resolved: 'green',
  closed: 'gray',
};

export function TicketStatusBadge(props: { status: TicketStatus }) {
  const { t } = useTranslation('support');
  return (
    <Badge color={STATUS_COLORS[props.status]} variant="light" data-status={props.status}>
      {t(`status.${props.status}`)}
    </Badge>
  );
}
