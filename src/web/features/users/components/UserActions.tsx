/**
 * What an admin may do with a team member (docs/users.md): change, remove.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayName, type TeamUser } from '../api';

/** A person's actions: change access, remove — not for oneself. */
export function Actions(props: { user: TeamUser; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation('users');
  if (props.user.is_me) return null;
  const name = displayName(props.user);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={props.onEdit}>{t('actions.edit')}</Menu.Item>
        <Menu.Item color="red" onClick={props.onRemove}>
          {t('actions.remove')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export interface RowActions {
  onEdit: (user: TeamUser) => void;
  onRemove: (user: TeamUser) => void;
}
