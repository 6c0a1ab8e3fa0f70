/**
 * A field's messages. Inputs show their own (Mantine draws the message under the input, so @rjsf/mantine hides
 * this copy); a list or a group of fields has no input to show one, so its messages are drawn here, under it:
 * "the shareholders' shares must add up to exactly 100%", "please mark at least one person as a shareholder".
 */
import { Box, Text } from '@mantine/core';
import { errorId, type FieldErrorProps } from '@rjsf/utils';

export function FieldErrorTemplate(props: FieldErrorProps) {
  const errors = props.errors?.filter(Boolean) ?? [];
  if (errors.length === 0) return null;
  const type = props.schema?.type;
  const container = type === 'array' || type === 'object';
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
