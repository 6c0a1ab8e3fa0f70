/**
 * A tickets list's filters as its address carries them (`?status=opened,resolved&topic=finances&from=…&to=…&page=2`),
 * so a filtered list can be reloaded, shared and gone back to; and as the API's query (`statuses`, `topics`,
 * `created_at_gte`, `created_at_lte`, `tz_offset`, `limit`, `offset`). Unknown or malformed values in an address
 * are dropped: a hand-edited link shows the nearest sound list instead of an error.
 */
import { isDay } from '../../../domain/days';
import { addressParams } from '../../components/useAddressFilters';
import {
  TICKET_FILTER_STATUSES,
  TICKET_TOPICS,
  TICKETS_LIMIT,
  type TicketTopic,
} from '../../../domain/support';

export type FilterStatus = (typeof TICKET_FILTER_STATUSES)[number];

export interface TicketFilters {
  statuses: FilterStatus[];
  topics: TicketTopic[];
  from: string | null;
  to: string | null;
  /** 1-based. */
  page: number;
}

const listOf = <T extends string>(value: string | null, known: readonly T[]) =>
  (value ?? '').split(',').filter((v): v is T => (known as readonly string[]).includes(v));

export function filtersFrom(params: URLSearchParams): TicketFilters {
  const day = (name: string) => {
    const value = params.get(name);
    return value && isDay(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    statuses: listOf(params.get('status'), TICKET_FILTER_STATUSES),
    topics: listOf(params.get('topic'), TICKET_TOPICS),
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page >= 1 && page <= 5000 ? page : 1,
  };
}

/** The address's search part for some filters (empty ones, and page 1, left out). */
export const paramsOf = (filters: TicketFilters): URLSearchParams =>
  addressParams({
    status: filters.statuses,
    topic: filters.topics,
    from: filters.from,
    to: filters.to,
    page: filters.page > 1 ? String(filters.page) : null,
  });

/** The API's query for some filters; `offset` is minutes east of UTC (the merchant's own days). */
export function apiQuery(
  filters: TicketFilters,
  offset = -new Date().getTimezoneOffset(),
): Record<string, string> {
  const query: Record<string, string> = {
    tz_offset: String(offset),
    limit: String(TICKETS_LIMIT),
    offset: String((filters.page - 1) * TICKETS_LIMIT),
  };
  if (filters.statuses.length > 0) query.statuses = filters.statuses.join(',');
  if (filters.topics.length > 0) query.topics = filters.topics.join(',');
  if (filters.from) query.created_at_gte = filters.from;
  if (filters.to) query.created_at_lte = filters.to;
  return query;
}

export const hasFilters = (filters: TicketFilters) =>
  filters.statuses.length > 0 || filters.topics.length > 0 || filters.from !== null || filters.to !== null;
