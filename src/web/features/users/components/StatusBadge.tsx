/**
 * A team member's status (active, invited) as a badge.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TeamUser } from '../api';

export function StatusBadge(props: { user: TeamUser }) {
  const { t } = useTranslation('users');
  return (
    <Badge
      variant="light"
      color={props.user.status === 'active' ? 'teal' : 'yellow'}
      data-status={props.user.status}
    >
      {t(`status.${props.user.status}`)}
    </Badge>
  );
}
