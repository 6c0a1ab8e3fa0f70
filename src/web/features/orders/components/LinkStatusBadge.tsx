/** A payment link's status as of now (docs/orders.md "Payment links"): sent, opened, paid, expired, cancelled. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LinkStatus } from '../../../../domain/paymentLinks';

const COLORS: Record<LinkStatus, string> = {
  created: 'blue',
  opened: 'cyan',
  paid: 'teal',
  expired: 'gray',
  cancelled: 'red',
};

export function LinkStatusBadge(props: { status: LinkStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={COLORS[props.status]} variant="light" data-status={props.status}>
      {t(`links.badge.${props.status}`)}
    </Badge>
  );
}
