/**
 * A sign-in step's form: a stack of fields with a heading. The browser's own validation is off (the step shows
 * the spec's messages itself); Enter submits.
 */
import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

export function StepFormLayout(props: {
  title: string;
  body: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="lg"
      renderRoot={(rootProps) => (
        <form
          {...rootProps}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        />
      )}
    >
      <Stack gap={6}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed">{props.body}</Text>
      </Stack>
      {props.children}
    </Stack>
  );
}
