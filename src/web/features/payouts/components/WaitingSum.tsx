/** "Waiting for a payout: SAR 120.00": money received and not yet in any payout (a payment's, a store's). */
import { Text } from '@mantine/core';
import { Money } from '../../../components/Money';

export function WaitingSum(props: {
  label: string;
  /** What is waiting, and in which currency (a payment's payouts, a store's upcoming ones). */
  of: { waiting: string; currency: string };
  testId: string;
}) {
  return (
    <Text size="sm" c="dimmed" data-testid={props.testId}>
      {props.label}{' '}
      <Text span fw={600} c="var(--mantine-color-text)">
        <Money amount={props.of.waiting} currency={props.of.currency} />
      </Text>
    </Text>
  );
}
