/**
 * Analytics' choices as the address carries them (`?range=last30&by=week&store=…&product=…`, or `from` and `to`
 * for a range of one's own), so a view can be reloaded and shared; and as the API's query (docs/analytics.md).
 * Unknown or malformed values are dropped: a hand-edited link shows the nearest sound view. The country and the
 * metric are the route's (`analytics/{country}/{metric}`).
 */
import { addDays } from '../../../domain/payouts';
import { daysIn, isGranularity, MAX_RANGE_DAYS, type Granularity } from '../../../domain/analytics';
import { isPaymentProduct, type PaymentProduct } from '../../../domain/payments';
import type { AnalyticsQuery } from '../../../contract/analytics';
import { paramDay, paramList } from '../../components/useAddressFilters';

export const PRESETS = ['last7', 'last30', 'last90', 'last365'] as const;
export type Preset = (typeof PRESETS)[number];
const PRESET_DAYS: Record<Preset, number> = { last7: 7, last30: 30, last90: 90, last365: 365 };
const isPreset = (value: string): value is Preset => (PRESETS as readonly string[]).includes(value);

export interface AnalyticsFilters {
  /** A preset ending today, or `custom` with `from` and `to`. */
  range: Preset | 'custom';
  from: string | null;
  to: string | null;
  granularity: Granularity;
  stores: string[];
  products: PaymentProduct[];
}

export const DEFAULT_FILTERS: AnalyticsFilters = {
  range: 'last30',
  from: null,
  to: null,
  granularity: 'day',
  stores: [],
  products: [],
};

export function filtersFrom(params: URLSearchParams): AnalyticsFilters {
  const from = paramDay(params, 'from');
  const to = paramDay(params, 'to');
  const range = params.get('range') ?? '';
  const by = params.get('by') ?? '';
  return {
    range: from && to ? 'custom' : isPreset(range) ? range : 'last30',
    from,
    to,
    granularity: isGranularity(by) ? by : 'day',
    stores: paramList(params, 'store').slice(0, 50),
    products: paramList(params, 'product').filter(isPaymentProduct),
  };
}

export function paramsOf(f: AnalyticsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.range === 'custom') {
    if (f.from) params.set('from', f.from);
    if (f.to) params.set('to', f.to);
  } else if (f.range !== 'last30') params.set('range', f.range);
  if (f.granularity !== 'day') params.set('by', f.granularity);
  if (f.stores.length) params.set('store', f.stores.join(','));
  if (f.products.length) params.set('product', f.products.join(','));
  return params;
}

/** The days asked for: a preset's, ending today (the browser's day), or the custom range. */
export function rangeOf(f: AnalyticsFilters, today: string): { from: string; to: string } | null {
  if (f.range !== 'custom') return { from: addDays(today, 1 - PRESET_DAYS[f.range]), to: today };
  if (!f.from || !f.to) return null;
  return { from: f.from, to: f.to };
}

/** What is wrong with a custom range, if anything (said beside its fields; nothing is asked meanwhile). */
export function rangeProblem(f: AnalyticsFilters): 'dateOrder' | 'tooLong' | null {
  if (f.range !== 'custom' || !f.from || !f.to) return null;
  if (f.from > f.to) return 'dateOrder';
  return daysIn(f.from, f.to) > MAX_RANGE_DAYS ? 'tooLong' : null;
}

export const hasFilters = (f: AnalyticsFilters) => f.stores.length > 0 || f.products.length > 0;

export function queryOf(
  f: AnalyticsFilters,
  range: { from: string; to: string },
  country?: string,
): AnalyticsQuery {
  return {
    from: range.from,
    to: range.to,
    granularity: f.granularity,
    ...(country ? { country } : {}),
    ...(f.stores.length ? { store_ids: [f.stores.join(',')] } : {}),
    ...(f.products.length ? { products: [f.products.join(',')] } : {}),
  };
}
