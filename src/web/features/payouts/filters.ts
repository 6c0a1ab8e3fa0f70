/**
 * The completed payouts' filters as the address carries them (`?from=…&to=…&store=…&status=paid`), so a filtered
 * list can be reloaded and shared; and as the API's query (docs/payouts.md). Unknown or malformed values in an
 * address are dropped: a hand-edited link shows the nearest sound list instead of an error.
 */
import { isBackwards } from '../../../domain/ranges';
import { paramDay, paramList, addressParams } from '../../components/useAddressFilters';
import { isPayoutStatus, type PayoutStatus } from '../../../domain/payouts';
import type { PayoutFilters as ApiFilters } from '../../../contract/payouts';

/** The list's filters as the address holds them (the API's query is the contract's PayoutFilters). */
export interface PayoutListFilters {
  statuses: PayoutStatus[];
  from: string | null;
  to: string | null;
  stores: string[];
}

export const NO_FILTERS: PayoutListFilters = { statuses: [], from: null, to: null, stores: [] };

export function filtersFrom(params: URLSearchParams): PayoutListFilters {
  const day = (name: string) => paramDay(params, name);
  return {
    statuses: paramList(params, 'status').filter(isPayoutStatus),
    from: day('from'),
    to: day('to'),
    stores: paramList(params, 'store').slice(0, 50),
  };
}

export const paramsOf = (filters: PayoutListFilters): URLSearchParams =>
  addressParams({ status: filters.statuses, from: filters.from, to: filters.to, store: filters.stores });

export const hasFilters = (f: PayoutListFilters) =>
  f.statuses.length > 0 || f.from !== null || f.to !== null || f.stores.length > 0;

/** A range whose ends are the wrong way round finds nothing: it is said beside the field and not asked. */
export const backwards = (f: PayoutListFilters) => isBackwards(f.from, f.to);

/** The filters as the API's (the list's and the totals' query, the export's body). */
export function apiFilters(f: PayoutListFilters): ApiFilters {
  return {
    ...(f.statuses.length ? { statuses: [f.statuses.join(',')] } : {}),
    ...(f.from ? { day_gte: f.from } : {}),
    ...(f.to ? { day_lte: f.to } : {}),
    ...(f.stores.length ? { store_ids: [f.stores.join(',')] } : {}),
  };
}

export function queryOf(f: PayoutListFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(apiFilters(f)))
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  return params.toString();
}
