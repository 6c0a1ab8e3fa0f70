/**
 * The foot of every dialog that asks for a decision: what went wrong with the last try (an alert screen readers
 * announce), then "Cancel" and the action, at the end of the line (the left in Arabic). The action shows its
 * progress and may be a submit button (the dialog's form then handles Enter) or a link.
 */
import { Alert, Button, Group, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface DialogAction {
  label: string;
  onClick?: () => void;
  /** A form's submit button (the form's onSubmit acts). */
  submit?: boolean;
  /** A link instead of a button (e.g. to support). */
  to?: string;
  loading?: boolean;
  disabled?: boolean;
  /** `red.9` for what cannot be undone (remove, refund). */
  color?: ButtonProps['color'];
}

export function DialogFooter(props: {
  /** The last try's failure, in words; nothing while there is none. */
  error?: ReactNode;
  cancel?: { label: string; onClick: () => void };
  action: DialogAction;
}) {
  const { action } = props;
  const common = { loading: action.loading, disabled: action.disabled, color: action.color };
  return (
    <>
      {props.error && (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      )}
      <Group justify="flex-end">
        {props.cancel && (
          <Button variant="default" onClick={props.cancel.onClick}>
            {props.cancel.label}
          </Button>
        )}
        {action.to ? (
          <Button {...common} component={Link} to={action.to} onClick={action.onClick}>
            {action.label}
          </Button>
        ) : (
          <Button {...common} type={action.submit ? 'submit' : 'button'} onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </Group>
    </>
  );
}
