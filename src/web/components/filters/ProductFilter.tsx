/**
 * The payment-product filter of a list (orders, analytics): only the products the given stores sell, plus any the
 * address already carries (domain/payments.ts offeredProducts; issue 56); not drawn when that leaves one product,
 * as a store filter is not drawn for one store. Products are named as the orders texts name them.
 */
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { offeredProducts, type PaymentProduct } from '../../../domain/payments';

export function ProductFilter(props: {
  stores: readonly { available_products: readonly string[] }[];
  value: PaymentProduct[];
  onChange: (products: PaymentProduct[]) => void;
  label: string;
  /** Shown while nothing is chosen ("Any"). */
  any: string;
  width: number;
}) {
  const { t } = useTranslation('orders');
  const options = offeredProducts(props.stores, props.value).map((p) => ({
    value: p,
    label: t(`product.${p}`),
  }));
  if (options.length <= 1) return null;
  return (
    <MultiSelect
      label={props.label}
      placeholder={props.value.length === 0 ? props.any : undefined}
      data={options}
      value={props.value}
      onChange={(products) => props.onChange(products as PaymentProduct[])}
      clearable
      w={{ base: '100%', sm: props.width }}
    />
  );
}
