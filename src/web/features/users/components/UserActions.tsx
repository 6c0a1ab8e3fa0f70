/**
 * What an admin may do with a team member (docs/users.md): change, remove.
 */
import { Menu } from '@mantine/core';
import { RowMenu } from '../../../components/ResponsiveList';
import { useTranslation } from 'react-i18next';
import { displayName, type TeamUser } from '../api';

/** A person's actions: change access, remove — not for oneself. */
export function Actions(props: { user: TeamUser; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation('users');
  if (props.user.is_me) return null;
  const name = displayName(props.user);
  return (
    <RowMenu label={t('actions.menu', { name })}>
      <Menu.Item onClick={props.onEdit}>{t('actions.edit')}</Menu.Item>
      <Menu.Item color="red" onClick={props.onRemove}>
        {t('actions.remove')}
      </Menu.Item>
    </RowMenu>
  );
}

export interface RowActions {
  onEdit: (user: TeamUser) => void;
  onRemove: (user: TeamUser) => void;
}
