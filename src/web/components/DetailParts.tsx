/**
 * The parts a detail page is made of below its header (a payment, a payout, a dispute, a legal entity): sections
 * side by side from `md` (`DetailGrid`), each a card under its heading (`DetailSection`), and a label over its value
 * (`LabelValue`) — so every detail page reads the same (issue 57).
 */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Sections two abreast from `md`, one under another below. */
export function DetailGrid(props: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {props.children}
    </SimpleGrid>
  );
}

/** A card under its heading (a level 3 heading unless told: under the page's title, or 2 where there is no other). */
export function DetailSection(props: {
  title: ReactNode;
  order?: 2 | 3;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder data-testid={props.testId}>
      <Title order={props.order ?? 3} size="h5" mb="sm">
        {props.title}
      </Title>
      {props.children}
    </Card>
  );
}

/** A label over its value: small and dimmed over the value (bold for a figure). */
export function LabelValue(props: { label: string; children: ReactNode; figure?: boolean; testId?: string }) {
  return (
    <Stack gap={props.figure ? 0 : 2} data-testid={props.testId}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      {props.figure ? (
        <Text fw={600}>{props.children}</Text>
      ) : (
        <Text size="sm" component="div">
          {props.children}
        </Text>
      )}
    </Stack>
  );
}
