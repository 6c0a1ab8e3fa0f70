/** One line of a payout on a phone (a payout's page, the money area): the order and its type, the day, its net. */
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Day } from '../../../components/Day';
import { Money } from '../../../components/Money';
import type { PayoutLine } from '../api';

export const kindOf = (l: PayoutLine, t: (key: string) => string) =>
  l.kind === 'refund' && l.reason === 'dispute' ? t('line.dispute') : t(`line.${l.kind}`);

/** A line on a phone: the order and its type, the day, and what it adds to the payout. */
export function PayoutLineCard(props: { line: PayoutLine; currency: string; orderLink?: boolean }) {
  const { t } = useTranslation('payouts');
  const l = props.line;
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        {props.orderLink === false ? (
          <Text fw={600}>
            <bdi>{l.order_reference}</bdi>
          </Text>
        ) : (
          <Anchor component={Link} to={`/payments/${encodeURIComponent(l.payment_id)}`} fw={600}>
            <bdi>{l.order_reference}</bdi>
          </Anchor>
        )}
        <Text fw={600}>
          <Money amount={l.net} currency={props.currency} />
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {kindOf(l, t)} · <Day iso={l.at} />
        </Text>
        {l.kind === 'capture' && (
          <Text size="xs" c="dimmed">
            {t('line.commission')} <Money amount={l.commission} currency={props.currency} />
          </Text>
        )}
      </Group>
    </>
  );
}
