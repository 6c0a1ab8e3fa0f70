/**
 * Confirmation: one checkbox whose label is the sentence being agreed to (the
 * field's description, else its title), for a boolean the schema requires to
 * be true (`const: true`, its message in `x-messages`). Unticked is stored as
 * `false`, so the message names what is missing.
 */
import { Checkbox, Paper } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { inputProps } from './inputProps';

export function ConfirmWidget(props: WidgetProps) {
  const input = inputProps(props);
  const sentence =
    typeof props.options.description === 'string' && props.options.description !== ''
      ? props.options.description
      : props.label;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={input.error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Checkbox
        {...input}
        label={
          props.required ? (
            // Required as the other fields show it (issue 56: the publish tick did not look required).
            <>
              {sentence}{' '}
              <span aria-hidden style={{ color: 'var(--mantine-color-error)' }} data-required-mark>
                *
              </span>
            </>
          ) : (
            sentence
          )
        }
        checked={props.value === true}
        disabled={props.disabled || props.readonly}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
    </Paper>
  );
}
