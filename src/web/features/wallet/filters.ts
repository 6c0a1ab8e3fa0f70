/**
 * The wallet movements' filters as the address carries them (`?kind=card&status=completed&from=…&to=…`), and as
 * the API's query (docs/wallet.md). Unknown or malformed values in an address are dropped: a hand-edited link
 * shows the nearest sound list instead of an error.
 */
import { isBackwards } from '../../../domain/ranges';
import { paramDay, paramList, addressParams } from '../../components/useAddressFilters';
import {
  isMovementKind,
  isMovementStatus,
  type MovementKind,
  type MovementStatus,
} from '../../../domain/wallet';

export interface MovementFilters {
  kinds: MovementKind[];
  statuses: MovementStatus[];
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: MovementFilters = { kinds: [], statuses: [], from: null, to: null };

export function filtersFrom(params: URLSearchParams): MovementFilters {
  const day = (name: string) => paramDay(params, name);
  return {
    kinds: paramList(params, 'kind').filter(isMovementKind),
    statuses: paramList(params, 'status').filter(isMovementStatus),
    from: day('from'),
    to: day('to'),
  };
}

export const paramsOf = (filters: MovementFilters): URLSearchParams =>
  addressParams({ kind: filters.kinds, status: filters.statuses, from: filters.from, to: filters.to });

export const hasFilters = (f: MovementFilters) =>
  f.kinds.length > 0 || f.statuses.length > 0 || f.from !== null || f.to !== null;

/** A range whose ends are the wrong way round finds nothing: it is said beside the field and not asked. */
export const backwards = (f: MovementFilters) => isBackwards(f.from, f.to);

export function queryOf(f: MovementFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (f.kinds.length) params.set('kinds', f.kinds.join(','));
  if (f.statuses.length) params.set('statuses', f.statuses.join(','));
  if (f.from) params.set('day_gte', f.from);
  if (f.to) params.set('day_lte', f.to);
  return params.toString();
}
