/**
 * A list's totals above its rows (orders, payouts): a few labelled figures in a bordered band. Its own query: the
 * rows never wait for the sums; while they load, a skeleton; if they fail, a line saying so (the list still works).
 */
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
  testId: string;
}

export function FiguresBar<T>(props: {
  query: { data?: T; isPending: boolean; isError: boolean };
  figures: (data: T) => Figure[];
  /** The band's test id; `-loading` is its skeleton's. */
  testId: string;
  failed: string;
  /** Figures a row on a desktop (two on a phone). */
  columns: number;
}) {
  const { query } = props;
  if (query.isPending) return <Skeleton h={62} mb="md" data-testid={`${props.testId}-loading`} />;
  if (query.isError || query.data === undefined)
    return (
      <Text size="sm" c="dimmed" mb="md">
        {props.failed}
      </Text>
    );
  return (
    <Paper withBorder p="sm" mb="md" data-testid={props.testId}>
      <SimpleGrid cols={{ base: 2, sm: props.columns }} spacing="md" verticalSpacing="xs">
        {props.figures(query.data).map((f) => (
          <Stack gap={0} key={f.testId} data-testid={f.testId}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={600}>{f.value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
