/**
 * A team member as a card on a phone.
 */
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TeamUser } from '../api';
import { StatusBadge } from './StatusBadge';
import { Person } from './Person';
import { StoresText } from './StoresText';
import { Actions, type RowActions } from './UserActions';

/** On a phone: a card a person. */
export function UserCard(props: RowActions & { user: TeamUser }) {
  const { t } = useTranslation('users');
  const { user } = props;
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Person user={user} />
        {/* The status keeps its width; a long name or address is the one cut (issue 32). */}
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <StatusBadge user={user} />
          <Actions user={user} onEdit={() => props.onEdit(user)} onRemove={() => props.onRemove(user)} />
        </Group>
      </Group>
      <Text size="sm" mt={6}>
        {t(`role.${user.role}`)}
      </Text>
      <StoresText user={user} />
    </>
  );
}
