/**
 * The reads a screen asks, beside `useChange.ts` for its writes: a list read page by page with the server's page
 * tokens (`next_page_token`; docs/api.md) — the query every "Show more" list asks (orders, payouts, disputes, the
 * wallet's movements), the address getting `page_token` for every page after the first — and one answer read for
 * a screen (`readQuery`). Written once (issue 57: they were copied into each area's api.ts).
 */
import { infiniteQueryOptions, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, retryUnless4xx } from './client';

export function pagedListQuery<Page extends { next_page_token?: string | null }>(
  queryKey: QueryKey,
  /** The first page's address (its query string, if any, included). */
  address: string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api<Page>('GET', pageParam ? withPageToken(address, pageParam) : address, undefined, { signal }),
    initialPageParam: '',
    getNextPageParam: (last: Page) => last.next_page_token ?? undefined,
    retry: retryUnless4xx,
  });
}

/** The address with `page_token` set (the token as the last answer gave it, encoded). */
export function withPageToken(address: string, token: string): string {
  const [path, query = ''] = address.split('?');
  const params = new URLSearchParams(query);
  params.set('page_token', token);
  return `${path}?${params.toString()}`;
}

/**
 * A GET of one answer for a screen (a payment, a payout, a filter's totals): its key, its address, and the part of
 * the answer the screen shows. A 4xx is an answer, not retried.
 */
export function readQuery<Answer, Shown = Answer>(
  queryKey: QueryKey,
  address: string,
  pick: (answer: Answer) => Shown = (answer) => answer as unknown as Shown,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api<Answer>('GET', address, undefined, { signal }).then(pick),
    retry: retryUnless4xx,
  });
}
