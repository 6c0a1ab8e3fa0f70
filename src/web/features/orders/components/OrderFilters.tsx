/**
 * The orders list's filters, kept in the address (docs/orders.md): search, status, store, product, days,
 * amount range and sort. A search or an amount is sent when typing pauses; a bad range is said beside it.
 */
import { Button, Select } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import classes from './OrderFilters.module.css';
import { useTranslation } from 'react-i18next';
import { PAYMENT_SORTS, PAYMENT_STATUSES, type PaymentSort } from '../../../../domain/payments';
import { AmountRangeFilter } from '../../../components/filters/AmountRangeFilter';
import { ChoiceFilter } from '../../../components/filters/ChoiceFilter';
import { DayRangeFilter } from '../../../components/filters/DayRangeFilter';
import { FilterBar } from '../../../components/filters/FilterBar';
import { SearchFilter } from '../../../components/filters/SearchFilter';
import { StoreFilter } from '../../../components/filters/StoreFilter';
import { useStores } from '../../../api/stores';
import { ProductFilter } from '../../../components/filters/ProductFilter';
import { hasFilters, isAmount, NO_FILTERS, type OrderFilters } from '../filters';
import { useLayoutWidth } from '../../../components/useLayoutWidth';

/** The filters; each change is a patch applied to the address as it is then (never to a stale copy). */
export function OrderFiltersBar(props: {
  filters: OrderFilters;
  onChange: (patch: Partial<OrderFilters>) => void;
}) {
  const { t } = useTranslation('orders');
  const { filters, onChange } = props;
  const stores = useStores();
  const commitQ = useCallback((q: string) => onChange({ q }), [onChange]);
  const [open, setOpen] = useState(false);
  const width = useLayoutWidth();
  // How many filters besides the search are set (the phone's button says so while they are folded).
  const set = [
    filters.statuses.length > 0,
    filters.stores.length > 0,
    filters.products.length > 0,
    filters.from !== null || filters.to !== null,
    filters.min !== '' || filters.max !== '',
  ].filter(Boolean).length;
  return (
    <FilterBar words={t} filtered={hasFilters(filters)} onClear={() => onChange(NO_FILTERS)}>
      <SearchFilter
        words={t}
        value={filters.q}
        onCommit={commitQ}
        // Wide enough for its placeholder at 1280 px (issue 56: "Order, payment, customer or ph…").
        width={310}
        // 1–3 digits find no phone (the server matches a phone from 4): said, not left to an empty list.
        hint={(q) => (/^\+?\d{1,3}$/.test(q.trim()) ? t('filters.phoneDigits') : undefined)}
      />
      <Button
        hiddenFrom="sm"
        variant="default"
        leftSection={<IconAdjustments size={16} />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="order-filters-more"
        w="100%"
      >
        {set > 0 ? t('filters.toggleCount', { count: set }) : t('filters.toggle')}
      </Button>
      <div className={classes.more} data-open={open} id="order-filters-more">
        {/* Folded on a phone, they are not drawn until opened (useLayoutWidth.ts); what was typed lives above. */}
        {(open || width !== 'phone') && (
          <>
            <ChoiceFilter
              words={t}
              label="filters.status"
              choices={PAYMENT_STATUSES}
              choice={(s) => `status.${s}`}
              value={filters.statuses}
              onChange={(statuses) => onChange({ statuses })}
              width={220}
            />
            <StoreFilter
              words={t}
              value={filters.stores}
              onChange={(ids) => onChange({ stores: ids })}
              width={220}
            />
            <ProductFilter
              stores={stores.data ?? []}
              value={filters.products}
              onChange={(products) => onChange({ products })}
              label={t('filters.product')}
              any={t('filters.any')}
              width={220}
            />
            <DayRangeFilter words={t} from={filters.from} to={filters.to} onChange={onChange} />
            <AmountRangeFilter
              words={t}
              min={filters.min}
              max={filters.max}
              onChange={onChange}
              isAmount={isAmount}
            />
            <Select
              label={t('filters.sort')}
              data={PAYMENT_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
              value={filters.sort}
              onChange={(sort) => sort && onChange({ sort: sort as PaymentSort })}
              allowDeselect={false}
              w={{ base: '100%', sm: 200 }}
            />
          </>
        )}
      </div>
    </FilterBar>
  );
}
