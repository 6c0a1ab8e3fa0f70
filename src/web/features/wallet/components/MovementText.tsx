/**
 * What a wallet movement is, in a line: a payout (and its store, linking to the payout), a transfer (to which
 * account), a card payment (to whom); and its amount, signed, money in green.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/Money';
import type { Movement } from '../api';

export function MovementWhat(props: { movement: Movement }) {
  const { t } = useTranslation('wallet');
  const m = props.movement;
  const detail =
    m.kind === 'payout' ? m.store_name : m.kind === 'transfer' ? (m.iban ?? m.counterparty) : m.counterparty;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {m.kind === 'payout' && m.payout_id ? (
        <Anchor
          component={Link}
          to={`/finance/payouts/completed/${encodeURIComponent(m.payout_id)}`}
          size="sm"
        >
          {t('kind.payout')}
        </Anchor>
      ) : (
        <Text size="sm">{t(`kind.${m.kind}`)}</Text>
      )}
      {detail && (
        <Text size="xs" c="dimmed" truncate>
          <bdi dir={m.kind === 'transfer' ? 'ltr' : undefined}>{detail}</bdi>
        </Text>
      )}
    </Stack>
  );
}

export function MovementAmount(props: { movement: Movement }) {
  const m = props.movement;
  const incoming = !m.amount.startsWith('-');
  return (
    <Text size="sm" fw={600} c={incoming ? 'teal.9' : undefined} span data-testid="movement-amount">
      {/* The sign stays before the amount in Arabic too: one left-to-right isolate for both. */}
      <bdi dir="ltr">
        {incoming ? '+' : '−'}
        <Money amount={m.amount.replace(/^-/, '')} currency={m.currency} />
      </bdi>
    </Text>
  );
}
