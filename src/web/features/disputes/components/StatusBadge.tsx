/** The disputes screens' status badge (colours by §4 status). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DisputeStatus } from '../../../../domain/disputes';

const STATUS_COLORS: Record<DisputeStatus, string> = {
  pending: 'orange',
  arbitration: 'violet',
  approved: 'teal',
  declined: 'gray',
  cancelled: 'gray',
};

export function StatusBadge(props: { status: DisputeStatus }) {
  const { t } = useTranslation('disputes');
  return (
    <Badge color={STATUS_COLORS[props.status]} variant="light" data-status={props.status}>
      {t(`status.${props.status}`)}
    </Badge>
  );
}
