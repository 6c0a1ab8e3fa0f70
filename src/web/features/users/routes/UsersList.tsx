/**
 * The team (docs/users.md): the list with its filters, inviting, changing and removing.
 */
import { isForbidden } from '../../../api/client';
import { VisuallyHidden } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../../analytics';
import { PageHeader, type PageAction } from '../../../components/PageHeader';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { type ListLook } from '../../../components/ResponsiveList';
import { notify } from '../../../components/notificationStore';
import { Day } from '../../../components/Day';
import { USERS_LIMIT } from '../../../../domain/users';
import { displayName, useChangeAccess, useInvite, useTeam, type TeamUser } from '../api';
import { filtersFrom, hasFilters, paramsOf } from '../filters';
import { AccessDialog, type AccessInput } from '../components/AccessDialog';
import { StatusBadge } from '../components/StatusBadge';
import { Person } from '../components/Person';
import { StoresText } from '../components/StoresText';
import { Actions, type RowActions } from '../components/UserActions';
import { UserCard } from '../components/UserCard';
import { Filters } from '../components/UserFilters';
import { RemoveDialog } from '../components/RemoveDialog';
import { PagedList, pageOf } from '../../../components/PagedList';

function useLook(props: RowActions): ListLook<TeamUser> {
  const { t } = useTranslation('users');
  const columns: ListLook<TeamUser>['columns'] = [
    { header: t('column.person'), maw: 280, cell: (user) => <Person user={user} /> },
    { header: t('column.role'), cell: (user) => t(`role.${user.role}`) },
    { header: t('column.stores'), maw: 240, cell: (user) => <StoresText user={user} /> },
    { header: t('column.status'), cell: (user) => <StatusBadge user={user} /> },
    { header: t('column.added'), cell: (user) => <Day iso={user.added_at} /> },
    {
      header: <VisuallyHidden>{t('column.actions')}</VisuallyHidden>,
      w: 48,
      cell: (user) => (
        <Actions user={user} onEdit={() => props.onEdit(user)} onRemove={() => props.onRemove(user)} />
      ),
    },
  ];
  return {
    columns,
    // Each row holds its own menu: no row lit under the pointer.
    highlight: false,
    card: (user) => <UserCard user={user} onEdit={props.onEdit} onRemove={props.onRemove} />,
    // Rows are found by the person's address (tests, support); one address is one person in a workspace.
    key: (user) => user.email ?? user.phone ?? user.id,
    skeleton: { rows: 5, height: 52 },
  };
}

export function UsersList() {
  const { t, i18n } = useTranslation('users');
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useTeam(filters);
  const invite = useInvite();
  const changeAccess = useChangeAccess();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamUser | null>(null);
  const [removing, setRemoving] = useState<TeamUser | null>(null);
  const look = useLook({ onEdit: setEditing, onRemove: setRemoving });

  if (isForbidden(list.error)) return <ForbiddenPage title={t('title')} t={t} />;

  const users = pageOf(list, (answer) => answer.users, {
    page: filters.page,
    size: USERS_LIMIT,
    onChange: (page) => change({ page }),
  });
  const stores = list.data?.stores ?? [];

  const sendInvite = (input: AccessInput, failed: (error: unknown) => void) => {
    const { email, phone, ...access } = input;
    const contact = email !== undefined ? { email } : { phone: phone ?? '' };
    invite.mutate(
      { ...access, ...contact, lang: access.lang ?? (i18n.language === 'ar' ? 'ar' : 'en') },
      {
        onSuccess: ({ user }) => {
          setInviting(false);
          analytics.track('User Invited', { role: user.role, by: email !== undefined ? 'email' : 'phone' });
          notify({
            variant: 'success',
            title: t('invite.title'),
            message: t('invite.done', { who: user.email ?? user.phone }),
            autoHide: true,
          });
        },
        onError: failed,
      },
    );
  };

  const saveAccess = (input: AccessInput, failed: (error: unknown) => void) => {
    if (!editing) return;
    changeAccess.mutate(
      { id: editing.id, role: input.role, merchant_ids: input.merchant_ids },
      {
        onSuccess: ({ user }) => {
          analytics.track('User Role Changed', { role: user.role });
          notify({
            variant: 'success',
            title: t('edit.title'),
            message: t('edit.done', { name: displayName(user) }),
            autoHide: true,
          });
          setEditing(null);
        },
        onError: failed,
      },
    );
  };

  // The page's first action, and the empty list's.
  const inviteAction: PageAction = {
    label: t('invite.open'),
    onClick: () => setInviting(true),
    opens: 'dialog',
    icon: <IconUserPlus size={16} />,
  };
  return (
    <>
      <PageHeader title={t('title')} primary={inviteAction} />
      <Filters filters={filters} onChange={change} />
      <PagedList
        name="users"
        of={users}
        look={look}
        words={{ t, filtered: hasFilters(filters), action: inviteAction }}
      />
      <AccessDialog
        opened={inviting}
        stores={stores}
        busy={invite.isPending}
        onClose={() => setInviting(false)}
        onSubmit={sendInvite}
      />
      <AccessDialog
        opened={editing !== null}
        user={editing ?? undefined}
        stores={stores}
        busy={changeAccess.isPending}
        onClose={() => setEditing(null)}
        onSubmit={saveAccess}
      />
      <RemoveDialog user={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
