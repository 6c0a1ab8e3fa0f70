/**
 * The filter's totals above the orders list (docs/orders.md): how many orders, their amount, captured, refunded
 * and net, a line per currency.
 */
import { useTranslation } from 'react-i18next';
import type { PaymentTotals } from '../../../../contract/payments';
import { FiguresBar } from '../../../components/FiguresBar';
import { Money } from '../../../components/Money';

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
      figures={(data) => [
        {
          label: t('totals.orders'),
          value: (
            <bdi dir="ltr">{data.totals.reduce((sum, r) => sum + r.count, 0).toLocaleString('en-GB')}</bdi>
          ),
          testId: 'total-count',
        },
        ...data.totals.flatMap((r) =>
          (['amount', 'captured', 'refunded', 'net'] as const).map((key) => ({
            label: t(`totals.${key}`),
            value: <Money amount={r[key]} currency={r.currency} />,
            testId: `total-${key}-${r.currency}`,
          })),
        ),
      ]}
    />
  );
}
