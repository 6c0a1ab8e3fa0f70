/**
 * A disputes list's filters as its address carries them (`?status=pending,arbitration&from=2025-01-01&to=…&q=…`),
 * so a filtered list can be reloaded, shared and gone back to; and as the API's query (`statuses`,
 * `created_at_gte`, `created_at_lte`, `query`, `tz_offset`). Unknown or malformed values in an address are
 * dropped, not sent: a hand-edited link shows the nearest sound list instead of an error.
 */
import { tzOffset } from '../../components/listText';
import { addressParams } from '../../components/useAddressFilters';
import { isDay, isDisputeStatus, type DisputeStatus } from '../../../domain/disputes';

export interface ListFilters {
  statuses: DisputeStatus[];
  from: string | null;
  to: string | null;
  q: string;
}

export function filtersFrom(params: URLSearchParams): ListFilters {
  const day = (name: string) => {
    const value = params.get(name);
    return value && isDay(value) ? value : null;
  };
  return {
    statuses: (params.get('status') ?? '').split(',').filter((s): s is DisputeStatus => isDisputeStatus(s)),
    from: day('from'),
    to: day('to'),
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The address's search part for some filters (empty ones left out). */
export const paramsOf = (filters: ListFilters): URLSearchParams =>
  addressParams({ status: filters.statuses, from: filters.from, to: filters.to, q: filters.q });

/** The API's query for some filters. */
export function apiQuery(filters: ListFilters, offset = tzOffset()): Record<string, string> {
  const query: Record<string, string> = { tz_offset: String(offset) };
  if (filters.statuses.length > 0) query.statuses = filters.statuses.join(',');
  if (filters.from) query.created_at_gte = filters.from;
  if (filters.to) query.created_at_lte = filters.to;
  if (filters.q.trim()) query.query = filters.q.trim();
  return query;
}

export const hasFilters = (filters: ListFilters) =>
  filters.statuses.length > 0 || filters.from !== null || filters.to !== null || filters.q.trim() !== '';
