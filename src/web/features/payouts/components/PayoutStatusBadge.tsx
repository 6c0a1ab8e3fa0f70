/** A payout's status (docs/payouts.md): in transit on its day, paid after. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayoutStatus } from '../../../../domain/payouts';

export function PayoutStatusBadge(props: { status: PayoutStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <Badge color={props.status === 'paid' ? 'teal' : 'blue'} variant="light" data-status={props.status}>
      {t(`status.${props.status}`)}
    </Badge>
  );
}
