/** A payout as a card (the completed list on a phone, the money area's history): day, status, store, net, orders. */
import { MoneyCard } from '../../../components/MoneyCard';
import { useTranslation } from 'react-i18next';
import type { Payout } from '../api';
import { CalendarDay } from '../../../components/CalendarDay';
import { PayoutStatusBadge } from './PayoutStatusBadge';

export function PayoutCard(props: { payout: Payout }) {
  const { t } = useTranslation('payouts');
  const p = props.payout;
  return (
    <MoneyCard
      title={<CalendarDay day={p.day} />}
      status={<PayoutStatusBadge status={p.status} />}
      who={<bdi>{p.kind === 'capital_disbursement' ? t('kind.capital_disbursement') : p.store_name}</bdi>}
      amount={p.net}
      currency={p.currency}
      foot={p.kind === 'capital_disbursement' ? [] : [t('card.orders', { count: p.capture_count })]}
    />
  );
}
