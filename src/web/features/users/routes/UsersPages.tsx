/**
 * Users (shell spec §2.6 "users", §6 "Stores and users entries: workspace admins only"; onboarding spec §1
 * "users (invite, manage, roles)"; docs/users.md): the workspace's team with role, stores and whether they have
 * signed in yet; filters (roles, a search) and the page in the address; invite, change access and remove in
 * dialogs. Nobody changes or removes themselves here.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { analytics } from '../../../analytics';
import { PageHeader } from '../../../components/PageHeader';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { useSearchDraft } from '../../../components/useSearchDraft';
import { ForbiddenNotice } from '../../../components/DetailFrame';
import { DialogFooter } from '../../../components/DialogFooter';
import { ListPager, ResponsiveList, type ListColumn } from '../../../components/ResponsiveList';
import { notify } from '../../../components/notificationStore';
import { Day } from '../../../components/ListParts';
import { ROLES, type Role } from '../../../../domain/permissions';
import { USERS_LIMIT } from '../../../../domain/users';
import { displayName, useChangeAccess, useInvite, useRemoveUser, useTeam, type TeamUser } from '../api';
import { filtersFrom, hasFilters, paramsOf, type UserFilters } from '../filters';
import { AccessDialog, type AccessInput } from '../components/AccessDialog';

function StatusBadge(props: { user: TeamUser }) {
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

function Person(props: { user: TeamUser }) {
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

function StoresText(props: { user: TeamUser }) {
  return (
    <Text size="sm" lineClamp={2}>
      {props.user.stores.map((s, i) => (
        <span key={s.merchant_id}>
          {i > 0 && ', '}
          <bdi>{s.name}</bdi>
        </span>
      ))}
    </Text>
  );
}

/** A person's actions: change access, remove — not for oneself. */
function Actions(props: { user: TeamUser; onEdit: () => void; onRemove: () => void }) {
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

interface RowActions {
  onEdit: (user: TeamUser) => void;
  onRemove: (user: TeamUser) => void;
}

function useColumns(props: RowActions): ListColumn<TeamUser>[] {
  const { t } = useTranslation('users');
  return [
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
}

/** On a phone: a card a person. */
function UserCard(props: RowActions & { user: TeamUser }) {
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

function Filters(props: { filters: UserFilters; onChange: (patch: Partial<UserFilters>) => void }) {
  const { t } = useTranslation('users');
  const { filters, onChange } = props;
  const commitQuery = useCallback((query: string) => onChange({ query, page: 1 }), [onChange]);
  const [typed, setTyped] = useSearchDraft(filters.query, commitQuery);
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ query: typed, page: 1 });
        }}
        w={{ base: '100%', sm: 280 }}
        maxLength={100}
      />
      <MultiSelect
        label={t('filters.role')}
        placeholder={filters.roles.length === 0 ? t('filters.rolePlaceholder') : undefined}
        data={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
        value={filters.roles}
        onChange={(roles) => onChange({ roles: roles as Role[], page: 1 })}
        clearable
        w={{ base: '100%', sm: 280 }}
      />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => {
            setTyped('');
            onChange({ roles: [], query: '', page: 1 });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}

function RemoveDialog(props: { user: TeamUser | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={props.user !== null} onClose={props.onClose} title={t('remove.title')}>
      {/* The content mounts at each opening: no failure of a previous try is left on it. */}
      {props.user && <RemoveConfirm user={props.user} onClose={props.onClose} />}
    </Modal>
  );
}

function RemoveConfirm(props: { user: TeamUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const remove = useRemoveUser();
  const [failed, setFailed] = useState(false);
  const { user } = props;
  return (
    <Stack>
      <Text>{t('remove.body', { name: `\u2068${displayName(user)}\u2069` })}</Text>
      <DialogFooter
        error={failed && t('error.failed')}
        cancel={{ label: t('form.cancel'), onClick: props.onClose }}
        action={{
          label: t('remove.confirm'),
          color: 'red.9',
          loading: remove.isPending,
          onClick: () =>
            remove.mutate(user.id, {
              onSuccess: () => {
                analytics.track('User Removed', { role: user.role });
                notify({
                  variant: 'success',
                  title: t('remove.title'),
                  message: t('remove.done', { name: displayName(user) }),
                  autoHide: true,
                });
                props.onClose();
              },
              // Gone already (another admin removed them): the list, refreshed, says so.
              onError: (error) =>
                error instanceof ApiError && error.status === 404 ? props.onClose() : setFailed(true),
            }),
        }}
      />
    </Stack>
  );
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
  const columns = useColumns({ onEdit: setEditing, onRemove: setRemoving });

  if (list.error instanceof ApiError && list.error.status === 403)
    return (
      <>
        <PageHeader title={t('title')} />
        <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />
      </>
    );

  const users = list.data?.users ?? [];
  const stores = list.data?.stores ?? [];

  const sendInvite = (input: AccessInput, failed: (error: unknown) => void) => {
    const { email, phone, ...access } = input;
    const contact = email !== undefined ? { email } : { phone: phone ?? '' };
    invite.mutate(
      { ...access, ...contact, lang: i18n.language === 'ar' ? 'ar' : 'en' },
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

  return (
    <>
      <PageHeader
        title={t('title')}
        primary={{
          label: t('invite.open'),
          onClick: () => setInviting(true),
          icon: <IconUserPlus size={16} />,
        }}
      />
      <Filters filters={filters} onChange={change} />
      <ResponsiveList
        query={list}
        rows={users}
        // Rows are found by the person's address (tests, support); one address is one person in a workspace.
        rowKey={(user) => user.email ?? user.phone ?? user.id}
        rowAttribute="user"
        table={{ columns, minWidth: 720, testId: 'users', highlight: false }}
        cards={{
          render: (user) => <UserCard user={user} onEdit={setEditing} onRemove={setRemoving} />,
          testId: 'user-cards',
        }}
        loading={{ rows: 5, height: 52, testId: 'users-loading' }}
        loadFailed={t('loadFailed')}
        empty={
          hasFilters(filters)
            ? { testId: 'users-empty', title: t('empty.filtered') }
            : {
                testId: 'users-empty',
                title: t('empty.title'),
                action: { label: t('invite.open'), onClick: () => setInviting(true) },
              }
        }
        footer={
          <ListPager
            page={filters.page}
            pageSize={USERS_LIMIT}
            count={users.length}
            total={list.data?.total ?? 0}
            onChange={(page) => change({ page })}
            shown={(range) => t('shown', range)}
          />
        }
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
