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
