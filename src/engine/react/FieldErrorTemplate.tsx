/**
 * A field's messages. Inputs show their own (Mantine draws the message under the input, so @rjsf/mantine hides
 * this copy); a list or a group of fields has no input to show one, so its messages are drawn here, under it:
 * "the shareholders' shares must add up to exactly 100%", "please mark at least one person as a shareholder".
 * A list drawn by one widget — a checkbox group or multi-select of choices, a list of files, any `ui:widget` — is an
 * input that shows its own message, so it is not drawn twice here (issue 56).
 */
import { Box, Text } from '@mantine/core';
import { errorId, type FieldErrorProps } from '@rjsf/utils';

export function FieldErrorTemplate(props: FieldErrorProps) {
  const errors = props.errors?.filter(Boolean) ?? [];
  if (errors.length === 0) return null;
  const type = props.schema?.type;
  const { schemaUtils } = props.registry;
  const drawnByWidget =
    type === 'array' &&
    (Boolean(props.uiSchema?.['ui:widget']) ||
      schemaUtils.isMultiSelect(props.schema) ||
      schemaUtils.isFilesArray(props.schema, props.uiSchema));
  const container = (type === 'array' && !drawnByWidget) || type === 'object';
  return (
    <Box
      id={errorId(props.fieldPathId)}
      display={container ? undefined : 'none'}
      role={container ? 'alert' : undefined}
    >
      {errors.map((error, index) => (
        <Text key={index} size="sm" c="red">
          {error}
        </Text>
      ))}
    </Box>
  );
}
