/**
 * Removing a team member, confirmed first (docs/users.md).
 */
import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { analytics } from '../../../analytics';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { displayName, useRemoveUser, type TeamUser } from '../api';

export function RemoveDialog(props: { user: TeamUser | null; onClose: () => void }) {
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
