/**
 * A question before something that cannot be taken back in one click (remove a location, disconnect a platform,
 * revoke a permission): its title, what will happen, Cancel and the action (red).
 */
import { Modal, Stack, Text } from '@mantine/core';
import { DialogFooter } from './DialogFooter';

export function ConfirmDialog(props: {
  title: string;
  body: string;
  action: string;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <Stack>
        <Text size="sm">{props.body}</Text>
        <DialogFooter
          error={null}
          cancel={{ label: props.cancel, onClick: props.onClose }}
          action={{ label: props.action, color: 'red', loading: props.busy, onClick: props.onConfirm }}
        />
      </Stack>
    </Modal>
  );
}
