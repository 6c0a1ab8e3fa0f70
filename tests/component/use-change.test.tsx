/**
 * The one way an area's api.ts writes (src/web/api/useChange.ts; issue 57): once the server answers, the answer is
 * kept in the cache and the queries it changed are read again — in the background, or before the change is done
 * where the next screen needs them; a refusal can read a record again.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useChange } from '../../src/web/api/useChange';

function setUp() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = (props: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{props.children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('a change', () => {
  it('keeps the answer and reads again what it changed, in the background', async () => {
    const { client, wrapper } = setUp();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(
      () =>
        useChange({
          send: (name: string) => Promise.resolve({ id: 't1', name }),
          keep: (c, answer) => c.setQueryData(['tickets', 'detail', answer.id], answer),
          refresh: [['tickets', 'list'], ['sidebar']],
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync('Refund'));
    expect(client.getQueryData(['tickets', 'detail', 't1'])).toEqual({ id: 't1', name: 'Refund' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['tickets', 'list'],
      ['sidebar'],
    ]);
  });

  it('is done only once they are read again when told to wait', async () => {
    const { wrapper } = setUp();
    let reads = 0;
    const slowRead = () => new Promise<number>((done) => setTimeout(() => done(++reads), 50));
    // The studio's screen reads its versions (an observer), and publishes.
    const { result } = renderHook(
      () => ({
        versions: useQuery({ queryKey: ['studio', 'versions'], queryFn: slowRead }),
        publish: useChange({
          send: () => Promise.resolve('published'),
          refresh: [['studio']],
          waitForRefresh: true,
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.versions.data).toBe(1));
    await act(() => result.current.publish.mutateAsync());
    expect(reads).toBe(2);
  });

  it('lets a refusal change the cache, and keeps nothing of it', async () => {
    const { client, wrapper } = setUp();
    const refused = vi.fn();
    const keep = vi.fn();
    const { result } = renderHook(
      () => useChange({ send: () => Promise.reject(new Error('409')), keep, refused }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(keep).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith(client, new Error('409'));
  });
});

describe('a platform connected', () => {
  it('shows as connected at once: the connections read while its token was on its way are corrected', async () => {
    const { useConnect } = await import('../../src/web/features/marketing/api');
    const connection = {
      merchant_id: 'm1',
      platform: 'zid',
      connected_at: '2026-11-30T10:00:00Z',
      products: 12,
    };
    // The server answers the connection, and reads of the connections after it are slow (the flake: the card
    // waited for them).
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Promise.resolve(new Response(JSON.stringify({ connection }), { status: 200 }))
          : new Promise<Response>(() => undefined),
      ),
    );
    const { client, wrapper } = setUp();
    client.setQueryData(['marketing', 'connections'], {
      sandbox: true,
      available: true,
      merchants: [],
      connections: [{ ...connection, platform: 'salla' }],
    });
    const { result } = renderHook(() => useConnect(), { wrapper });
    await act(() => result.current.mutateAsync({ merchant_id: 'm1', platform: 'zid', public_token: 'tok' }));
    expect(
      (
        client.getQueryData(['marketing', 'connections']) as { connections: { platform: string }[] }
      ).connections.map((c) => c.platform),
    ).toEqual(['salla', 'zid']);
    vi.unstubAllGlobals();
  });
});
