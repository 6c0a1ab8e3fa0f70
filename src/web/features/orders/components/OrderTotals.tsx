/**
 * The filter's totals above the orders list (docs/orders.md): how many orders, their amount, captured, refunded
 * and net, a line per currency.
 */
import { useTranslation } from 'react-i18next';
import type { PaymentTotals } from '../../../../contract/payments';
import { FiguresBar, totalsFigures } from '../../../components/FiguresBar';

export function OrderTotals(props: {
  query: { data?: PaymentTotals; isPending: boolean; isError: boolean };
}) {
  const { t } = useTranslation('orders');
  return (
    <FiguresBar
      query={props.query}
      testId="order-totals"
      failed={t('totals.failed')}
      columns={5}
      figures={(data) =>
        totalsFigures(t, data.totals, ['amount', 'captured', 'refunded', 'net'], t('totals.orders'))
      }
    />
  );
}
