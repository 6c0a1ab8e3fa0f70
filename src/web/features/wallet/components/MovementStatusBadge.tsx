/** A wallet movement's status (docs/wallet.md): arriving, on its way to the bank, completed. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MovementStatus } from '../../../../domain/wallet';

const COLOUR: Record<MovementStatus, string> = { pending: 'blue', in_transit: 'indigo', completed: 'teal' };

export function MovementStatusBadge(props: { status: MovementStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <Badge color={COLOUR[props.status]} variant="light" data-status={props.status}>
      {t(`status.${props.status}`)}
    </Badge>
  );
}
