/**
 * A label and its value on a legal entity's page.
 */
import { Stack, Text } from '@mantine/core';

export function Field(props: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" component="div">
        {props.children}
      </Text>
    </Stack>
  );
}
