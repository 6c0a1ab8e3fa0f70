/**
 * A list's totals above its rows (orders, payouts): a few labelled figures in a bordered band. Its own query: the
 * rows never wait for the sums; while they load, a skeleton; if they fail, a line saying so (the list still works).
 */
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Money } from './Money';

/** The band's padding and border, a figure's label and value, and the gap between two rows of them (px). */
const BAND_PADDING = 26;
const FIGURE_HEIGHT = 41.5;
const FIGURE_GAP = 10;

export interface Figure {
  label: string;
  value: ReactNode;
  testId: string;
}

/** A sum of money as a figure. */
export const moneyFigure = (
  label: string,
  amount: string | number,
  currency: string,
  testId: string,
): Figure => ({
  label,
  value: <Money amount={amount} currency={currency} />,
  testId,
});

/**
 * A list's totals by currency (orders, payouts): how many in all, then each sum for each currency, its label the
 * area's `totals.<key>`.
 */
export function totalsFigures<K extends string>(
  t: (key: string) => string,
  totals: readonly ({ currency: string; count: number } & Record<K, string>)[],
  sums: readonly K[],
  countLabel: string,
): Figure[] {
  const count = totals.reduce((sum, r) => sum + r.count, 0);
  return [
    { label: countLabel, value: <bdi dir="ltr">{count.toLocaleString('en-GB')}</bdi>, testId: 'total-count' },
    ...totals.flatMap((r) =>
      sums.map((key) => moneyFigure(t(`totals.${key}`), r[key], r.currency, `total-${key}-${r.currency}`)),
    ),
  ];
}

/** …as a band: the figures over the list, `totals.failed` when they could not be read. */
export function TotalsByCurrency<K extends string>(props: {
  query: {
    data?: { totals: readonly ({ currency: string; count: number } & Record<K, string>)[] };
    isPending: boolean;
    isError: boolean;
  };
  /** The area's `t`. */
  t: (key: string) => string;
  sums: readonly K[];
  countLabel: string;
  testId: string;
}) {
  return (
    <FiguresBar
      query={props.query}
      testId={props.testId}
      failed={props.t('totals.failed')}
      columns={props.sums.length + 1}
      figures={(data) => totalsFigures(props.t, data.totals, props.sums, props.countLabel)}
    />
  );
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
  // The skeleton as tall as the band will be — a row of figures on a desktop, two a row on a phone — so the rows
  // under it do not jump when the sums arrive after them (issue 54: 0.07 of layout shift on a phone's orders).
  const phoneRows = Math.ceil(props.columns / 2);
  if (query.isPending)
    return (
      <Skeleton
        h={{
          base: BAND_PADDING + phoneRows * FIGURE_HEIGHT + (phoneRows - 1) * FIGURE_GAP,
          sm: BAND_PADDING + FIGURE_HEIGHT,
        }}
        mb="md"
        data-testid={`${props.testId}-loading`}
      />
    );
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
