/**
 * useAddressFilters: a page's filters in its address, and a move to another path keeping them. The router renders
 * each navigation as a transition, so a second click may come before the page shows the first: analytics' figure
 * chosen, then Week at once, must keep both (issue 54's "noticed": the figure went back to the one drawn).
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Link, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addressParams, useAddressFilters } from '../../src/web/components/useAddressFilters';

interface Filters {
  by: string;
  q: string;
}
const read = (params: URLSearchParams): Filters => ({
  by: params.get('by') ?? 'day',
  q: params.get('q') ?? '',
});
const write = (f: Filters) => addressParams({ by: f.by === 'day' ? null : f.by, q: f.q });

let change: (patch: Partial<Filters>) => void = () => undefined;
let move: (pathname: string) => void = () => undefined;

function Page() {
  const [filters, onChange, onMove] = useAddressFilters(read, write);
  const location = useLocation();
  change = onChange;
  move = onMove;
  return (
    <>
      <output data-testid="at">{location.pathname + location.search}</output>
      <output data-testid="by">{filters.by}</output>
      <Link to="/report/refunds?q=elsewhere">elsewhere</Link>
    </>
  );
}

function show(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/report/:metric" element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

const at = () => screen.getByTestId('at').textContent;

describe('useAddressFilters', () => {
  it('reads the filters from the address and writes a change into it', () => {
    show('/report/gmv?by=week');
    expect(screen.getByTestId('by').textContent).toBe('week');
    act(() => change({ q: 'cafe' }));
    expect(at()).toBe('/report/gmv?by=week&q=cafe');
    act(() => change({ by: 'day' }));
    expect(at()).toBe('/report/gmv?q=cafe');
  });

  it('keeps a move to another path when a filter changes before the page has drawn it', () => {
    show('/report/gmv');
    act(() => {
      move('/report/orders');
      change({ by: 'week' });
    });
    expect(at()).toBe('/report/orders?by=week');
  });

  it('keeps a filter changed just before a move', () => {
    show('/report/gmv?q=cafe');
    act(() => {
      change({ by: 'month' });
      move('/report/refunds');
    });
    expect(at()).toBe('/report/refunds?by=month&q=cafe');
  });

  it('two changes before a render both count', () => {
    show('/report/gmv');
    act(() => {
      change({ by: 'week' });
      change({ q: 'mall' });
    });
    expect(at()).toBe('/report/gmv?by=week&q=mall');
  });

  it('the same change twice, then another, all count', () => {
    show('/report/gmv');
    act(() => {
      change({ by: 'week' });
      change({ by: 'week' });
    });
    expect(at()).toBe('/report/gmv?by=week');
    act(() => move('/report/orders'));
    expect(at()).toBe('/report/orders?by=week');
  });

  it('starts again from an address reached some other way (a link, the back button)', () => {
    show('/report/gmv?by=week');
    act(() => screen.getByText('elsewhere').click());
    expect(at()).toBe('/report/refunds?q=elsewhere');
    act(() => change({ by: 'month' }));
    expect(at()).toBe('/report/refunds?by=month&q=elsewhere');
  });
});
