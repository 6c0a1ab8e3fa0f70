/**
 * A row of a list as a card on a phone (a dispute, a store, a legal entity): its name in the link's colour with a
 * few lines under it, and at the other end what the row is at (a status, an amount). The card around it and its
 * link are `ResponsiveList`'s.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ListCard(props: {
  title: ReactNode;
  /** The lines under the name. */
  children?: ReactNode;
  /** At the other end: the row's status, its amount. */
  end?: ReactNode;
  gap?: number;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={props.gap ?? 2} style={{ minWidth: 0 }}>
        <Text fw={600} c="teal" truncate>
          <bdi>{props.title}</bdi>
        </Text>
        {props.children}
      </Stack>
      {props.end}
    </Group>
  );
}
