/**
 * The orders list's filters, kept in the address (docs/orders.md): search, status, store, product, days,
 * amount range and sort. A search or an amount is sent when typing pauses; a bad range is said beside it.
 */
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconAdjustments, IconSearch } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import classes from './OrderFilters.module.css';
import { useTranslation } from 'react-i18next';
import { PAYMENT_SORTS, PAYMENT_STATUSES, type PaymentSort } from '../../../../domain/payments';
import { DayInput } from '../../../components/DayInput';
import { useSearchDraft } from '../../../components/useSearchDraft';
import { useStores } from '../../../api/stores';
import { ProductFilter } from '../../../components/filters/ProductFilter';
import { amountProblem, hasFilters, isAmount, NO_FILTERS, type OrderFilters } from '../filters';
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
  const [q, setQ] = useSearchDraft(filters.q, commitQ);
  // An amount reaches the address only when it is one (or is cleared): a half-typed "12." stays in the box.
  const commitMin = useCallback(
    (min: string) => void ((min.trim() === '' || isAmount(min)) && onChange({ min: min.trim() })),
    [onChange],
  );
  const commitMax = useCallback(
    (max: string) => void ((max.trim() === '' || isAmount(max)) && onChange({ max: max.trim() })),
    [onChange],
  );
  const [min, setMin] = useSearchDraft(filters.min, commitMin);
  const [max, setMax] = useSearchDraft(filters.max, commitMax);
  const backwards = filters.from !== null && filters.to !== null && filters.from > filters.to;
  const amountError = (text: string) =>
    text.trim() !== '' && !isAmount(text) ? t('filters.amountFormat') : undefined;
  const order = amountProblem({ min, max });
  const storeOptions = (stores.data ?? []).map((s) => ({ value: s.id, label: s.name }));
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
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maxLength={100}
        // Wide enough for its placeholder at 1280 px (issue 56: "Order, payment, customer or ph…").
        w={{ base: '100%', sm: 310 }}
        // 1–3 digits find no phone (the server matches a phone from 4): said, not left to an empty list.
        description={/^\+?\d{1,3}$/.test(q.trim()) ? t('filters.phoneDigits') : undefined}
        inputWrapperOrder={['label', 'input', 'description']}
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
            <MultiSelect
              label={t('filters.status')}
              placeholder={filters.statuses.length === 0 ? t('filters.any') : undefined}
              data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={filters.statuses}
              onChange={(statuses) => onChange({ statuses: statuses as OrderFilters['statuses'] })}
              clearable
              w={{ base: '100%', sm: 220 }}
            />
            {storeOptions.length > 1 && (
              <MultiSelect
                label={t('filters.store')}
                placeholder={filters.stores.length === 0 ? t('filters.any') : undefined}
                data={storeOptions}
                value={filters.stores}
                onChange={(ids) => onChange({ stores: ids })}
                clearable
                w={{ base: '100%', sm: 220 }}
              />
            )}
            <ProductFilter
              stores={stores.data ?? []}
              value={filters.products}
              onChange={(products) => onChange({ products })}
              label={t('filters.product')}
              any={t('filters.any')}
              width={220}
            />
            <DayInput
              label={t('filters.from')}
              value={filters.from}
              onChange={(from) => onChange({ from })}
            />
            <DayInput
              label={t('filters.to')}
              value={filters.to}
              onChange={(to) => onChange({ to })}
              error={backwards ? t('filters.dateOrder') : undefined}
            />
            <TextInput
              label={t('filters.min')}
              inputMode="decimal"
              dir="ltr"
              value={min}
              onChange={(e) => setMin(e.currentTarget.value)}
              error={amountError(min)}
              maxLength={16}
              w={{ base: 'calc(50% - 6px)', sm: 120 }}
            />
            <TextInput
              label={t('filters.max')}
              inputMode="decimal"
              dir="ltr"
              value={max}
              onChange={(e) => setMax(e.currentTarget.value)}
              error={amountError(max) ?? (order ? t(order) : undefined)}
              maxLength={16}
              w={{ base: 'calc(50% - 6px)', sm: 120 }}
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
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => {
            setQ('');
            setMin('');
            setMax('');
            onChange(NO_FILTERS);
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
