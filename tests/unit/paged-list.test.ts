/**
 * The one paged-list query (web/api/reads.ts, issue 57): every page after the first asks its address with the
 * last answer's token, encoded, beside the filters the address already holds.
 */
import { describe, expect, it } from 'vitest';
import { pagedListQuery, withPageToken } from '../../src/web/api/reads';

describe('paged lists', () => {
  it('adds the page token to the address, encoded, keeping its filters', () => {
    expect(withPageToken('/merchant/api/v1/payments?status=new&sort=-created_at', 'MjAyNi0x+/=')).toBe(
      '/merchant/api/v1/payments?status=new&sort=-created_at&page_token=MjAyNi0x%2B%2F%3D',
    );
    expect(withPageToken('/merchant/api/v1/payouts', 'abc')).toBe('/merchant/api/v1/payouts?page_token=abc');
  });

  it('asks for the next page while the answer names one, and stops when it does not', () => {
    const query = pagedListQuery<{ next_page_token?: string | null }>(['x'], '/x?a=1');
    const next = query.getNextPageParam as (last: { next_page_token?: string | null }) => string | undefined;
    expect(next({ next_page_token: 'tok' })).toBe('tok');
    expect(next({ next_page_token: null })).toBeUndefined();
    expect(query.initialPageParam).toBe('');
  });
});
