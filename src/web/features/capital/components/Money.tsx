/**
 * An amount with its currency (capital spec §9 formats), isolated left to right so digits and currency codes never
 * reorder in Arabic.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { money, type Lang } from '../../../../domain/capital/format';

export function Money(props: { amount: number; currency: string; whole?: boolean; fw?: number }) {
  const { i18n } = useTranslation();
  return (
    <Text span inherit dir="ltr" fw={props.fw} style={{ unicodeBidi: 'isolate' }}>
      {money(props.amount, props.currency, i18n.language as Lang, { whole: props.whole })}
    </Text>
  );
}

/** A sum the page is about (the weekly minimum, what is left to repay): its label, and the sum large. */
export function BigSum(props: { label: string; amount: number; currency: string; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text size="xl" fw={700} data-testid={props.testId}>
        <Money amount={props.amount} currency={props.currency} />
      </Text>
    </div>
  );
}
