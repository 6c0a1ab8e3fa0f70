/**
 * What the development pages (/dev/outbox, /dev/events, /dev/replay) draw alike: the heading with its line of
 * explanation (and an action beside it), the skeleton cards while the list loads, and the alert when it could not
 * be read.
 */
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function DevHeading(props: { title: string; intro: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed" size="sm">
          {props.intro}
        </Text>
      </div>
      {props.action}
    </Group>
  );
}

/** Three cards of the list's height while it loads. */
export function DevSkeletons(props: { height: number }) {
  return (
    <Stack gap="sm" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={props.height} radius="md" />
      ))}
    </Stack>
  );
}

export function DevFailed(props: { title: string; body: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={props.title}>
      {props.body}
    </Alert>
  );
}
