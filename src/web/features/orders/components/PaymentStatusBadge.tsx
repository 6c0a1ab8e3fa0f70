/** A payment's status (docs/orders.md), and "partly refunded" beside a captured one that has refunds. */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../../../../domain/payments';

const COLORS: Record<PaymentStatus, string> = {
  new: 'blue',
  captured: 'teal',
  refunded: 'orange',
  cancelled: 'gray',
};

export function PaymentStatusBadge(props: { status: PaymentStatus; refunded?: string }) {
  const { t } = useTranslation('orders');
  const partly = props.status === 'captured' && props.refunded !== undefined && Number(props.refunded) > 0;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={COLORS[props.status]} variant="light" data-status={props.status}>
        {t(`status.${props.status}`)}
      </Badge>
      {partly && (
        <Badge color="orange" variant="outline" data-partly-refunded>
          {t('status.partlyRefunded')}
        </Badge>
      )}
    </Group>
  );
}
