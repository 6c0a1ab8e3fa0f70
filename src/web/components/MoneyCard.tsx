/**
 * A money row as a card on a phone (an order, a payment link, a payout): its name and status on top, who and how
 * much under it, then a dimmed line (the product and when, the orders it holds). One layout, so the three lists
 * read alike at 375 px.
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Money } from './Money';

export function MoneyCard(props: {
  title: ReactNode;
  status: ReactNode;
  /** Who the money is from or for (a customer, a store). */
  who: ReactNode;
  amount: string;
  currency: string;
  /** The dimmed line under it, its parts held apart (the product, then when; or the orders it holds). */
  foot: ReactNode[];
}) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600}>{props.title}</Text>
        {props.status}
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" truncate>
          {props.who}
        </Text>
        <Text size="sm" fw={600}>
          <Money amount={props.amount} currency={props.currency} />
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        {props.foot.map((part, i) => (
          <Text key={i} size="xs" c="dimmed">
            {part}
          </Text>
        ))}
      </Group>
    </>
  );
}
