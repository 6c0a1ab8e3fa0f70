/**
 * A team member: name, e-mail and phone.
 */
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayName, type TeamUser } from '../api';

export function Person(props: { user: TeamUser }) {
  const { t } = useTranslation('users');
  const { user } = props;
  const contact = user.email ?? user.phone;
  const named = displayName(user) !== contact;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={500} truncate>
        <bdi>{displayName(user)}</bdi>
        {user.is_me && (
          <Text span c="dimmed" size="sm">
            {' '}
            {t('you')}
          </Text>
        )}
      </Text>
      {named && contact && (
        <Text size="xs" c="dimmed" truncate>
          <bdi dir="ltr">{contact}</bdi>
        </Text>
      )}
    </Stack>
  );
}
