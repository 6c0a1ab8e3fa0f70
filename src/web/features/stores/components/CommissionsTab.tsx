/**
 * A store's commissions, per product (docs/stores.md).
 */
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { minorToDecimal } from '../../../../domain/disputes';
import { useCommissions, type StoreDetail } from '../api';

export const amount = (minor: number, currency: string) => Number(minorToDecimal(minor, currency));

export function CommissionsTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const query = useCommissions(props.store.id);
  const currency = query.data?.currency ?? props.store.currency;
  return (
    <ResponsiveList
      name="commissions"
      query={query}
      rows={query.data?.items ?? []}
      look={{
        key: (c) => c.product,
        minWidth: 420,
        highlight: false,
        skeleton: { rows: 2, height: 44 },
        columns: [
          {
            header: t('column.product'),
            cell: (c) => t(`product.${c.product}`, { defaultValue: c.product }),
          },
          {
            header: t('commissions.rate'),
            cell: (c) => <bdi dir="ltr">{t('commissions.percent', { value: c.rate_percent })}</bdi>,
          },
          {
            header: t('commissions.fixed'),
            cell: (c) => <Money amount={amount(c.fixed_fee_minor, currency)} currency={currency} />,
          },
        ],
      }}
      loadFailed={t('tabFailed')}
      empty={{ title: t('commissions.none') }}
    />
  );
}
