/**
 * A legal entity's status as a badge.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LegalEntityStatus } from '../../../../domain/legalEntities';

const STATUS_COLORS: Record<LegalEntityStatus, string> = {
  active: 'teal',
  pending_info: 'yellow',
  suspending: 'orange',
  suspended: 'red',
};

export function StatusBadge(props: { status: LegalEntityStatus }) {
  const { t } = useTranslation('legal-entities');
  return (
    <Badge color={STATUS_COLORS[props.status]} variant="light" data-status={props.status}>
      {t(`status.${props.status}`)}
    </Badge>
  );
}
