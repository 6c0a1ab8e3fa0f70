/**
 * The orders list's filters as its address carries them (`?status=new&from=…&to=…&store=…&product=…&min=…&max=…
 * &q=…&sort=-amount`), so a filtered list can be reloaded, shared and gone back to; and as the API's query
 * (docs/orders.md). Unknown or malformed values in an address are dropped, not sent: a hand-edited link shows
 * the nearest sound list instead of an error.
 */
import { isBackwards } from '../../../domain/ranges';
import { tzOffset } from '../../components/listText';
import { paramDay, paramList, addressParams } from '../../components/useAddressFilters';
import {
  isPaymentProduct,
  isPaymentStatus,
  PAYMENT_SORTS,
  type PaymentProduct,
  type PaymentSort,
  type PaymentStatus,
} from '../../../domain/payments';

export interface OrderFilters {
  statuses: PaymentStatus[];
  from: string | null;
  to: string | null;
  stores: string[];
  products: PaymentProduct[];
  /** Amounts as typed (decimals); checked by `amountProblem`. */
  min: string;
  max: string;
  q: string;
  sort: PaymentSort;
}

export const DEFAULT_SORT: PaymentSort = '-created_at';

/** A typed amount the API takes: digits with up to 3 decimals. */
export const isAmount = (text: string) => /^\d{1,12}(\.\d{1,3})?$/.test(text.trim());

export function filtersFrom(params: URLSearchParams): OrderFilters {
  const day = (name: string) => paramDay(params, name);
  const amount = (name: string) => {
    const value = (params.get(name) ?? '').trim();
    return isAmount(value) ? value : '';
  };
  const sort = params.get('sort') ?? '';
  return {
    statuses: paramList(params, 'status').filter(isPaymentStatus),
    from: day('from'),
    to: day('to'),
    stores: paramList(params, 'store').slice(0, 50),
    products: paramList(params, 'product').filter(isPaymentProduct),
    min: amount('min'),
    max: amount('max'),
    q: (params.get('q') ?? '').slice(0, 100),
    sort: (PAYMENT_SORTS as readonly string[]).includes(sort) ? (sort as PaymentSort) : DEFAULT_SORT,
  };
}

/** The address's search part for some filters (empty ones and the default sort left out). */
export const paramsOf = (filters: OrderFilters): URLSearchParams =>
  addressParams({
    status: filters.statuses,
    from: filters.from,
    to: filters.to,
    store: filters.stores,
    product: filters.products,
    min: filters.min,
    max: filters.max,
    q: filters.q,
    sort: filters.sort === DEFAULT_SORT ? null : filters.sort,
  });

/** The filters as the API's (the list's query, the totals' query, the export's body). */
export function apiFilters(filters: OrderFilters, offset = tzOffset()) {
  return {
    tz_offset: offset,
    ...(filters.statuses.length > 0 ? { statuses: filters.statuses } : {}),
    ...(filters.from ? { created_at_gte: filters.from } : {}),
    ...(filters.to ? { created_at_lte: filters.to } : {}),
    ...(filters.stores.length > 0 ? { store_ids: filters.stores } : {}),
    ...(filters.products.length > 0 ? { products: filters.products } : {}),
    ...(isAmount(filters.min) ? { amount_gte: filters.min.trim() } : {}),
    ...(isAmount(filters.max) ? { amount_lte: filters.max.trim() } : {}),
    ...(filters.q.trim() ? { query: filters.q.trim() } : {}),
  };
}

/** The API's filters as a query string (lists as comma-separated words). */
export function queryOf(filters: OrderFilters, extra: Record<string, string> = {}, offset = tzOffset()) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(apiFilters(filters, offset)))
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/** What is wrong with the amount range, if anything (a translation key of the `orders` namespace). */
export function amountProblem(filters: Pick<OrderFilters, 'min' | 'max'>): 'filters.amountOrder' | null {
  const amount = (text: string) => (isAmount(text) ? Number(text) : null);
  return isBackwards(amount(filters.min), amount(filters.max)) ? 'filters.amountOrder' : null;
}

/** Filters the list can be asked for: a range whose ends are the wrong way round finds nothing (said beside the field, not asked). */
export const soundFilters = (f: OrderFilters) => amountProblem(f) === null && !isBackwards(f.from, f.to);

export const hasFilters = (f: OrderFilters) =>
  f.statuses.length > 0 ||
  f.from !== null ||
  f.to !== null ||
  f.stores.length > 0 ||
  f.products.length > 0 ||
  f.min.trim() !== '' ||
  f.max.trim() !== '' ||
  f.q.trim() !== '';

export const NO_FILTERS: Omit<OrderFilters, 'sort'> = {
  statuses: [],
  from: null,
  to: null,
  stores: [],
  products: [],
  min: '',
  max: '',
  q: '',
};
