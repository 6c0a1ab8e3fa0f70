/**
 * The filter parts every list's bar is made of (src/web/components/filters; issue 57), met through the orders bar
 * with the address played by a state: a search or an amount reaches the address only when typing pauses (a search
 * at once on Enter) and only when it is one; "Clear filters" clears what was typed and not yet sent; a range the
 * wrong way round is said beside it; the store filter is drawn only for more than one store.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { useState } from 'react';
import orders from '../../locales/en/orders.json';
import lists from '../../locales/en/lists.json';
import { OrderFiltersBar } from '../../src/web/features/orders/components/OrderFilters';
import { STORES_QUERY_KEY } from '../../src/web/api/stores';
import { SEARCH_PAUSE_MS } from '../../src/web/components/useSearchDraft';
import type { Store } from '../../src/contract/stores';
import { storeOf } from '../support/stores';
import { NO_FILTERS, DEFAULT_SORT, type OrderFilters } from '../../src/web/features/orders/filters';

// Typing waits out the search pause several times a test.
vi.setConfig({ testTimeout: 15_000 });

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'orders', resources: { en: { orders, lists } } });

const store = storeOf;

/** The bar over an address held in a state; every patch it sends is kept in `sent`. */
function show(stores: Store[], start: Partial<OrderFilters> = {}) {
  const sent: Partial<OrderFilters>[] = [];
  const client = new QueryClient();
  client.setQueryData(STORES_QUERY_KEY, stores);
  function Address() {
    const [filters, setFilters] = useState<OrderFilters>({ ...NO_FILTERS, sort: DEFAULT_SORT, ...start });
    return (
      <OrderFiltersBar
        filters={filters}
        onChange={(patch) => {
          sent.push(patch);
          setFilters((f) => ({ ...f, ...patch }));
        }}
      />
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <Address />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return sent;
}

const input = (label: string) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT')!;
const pause = () => act(() => new Promise((done) => setTimeout(done, SEARCH_PAUSE_MS + 150)));

describe('the filter parts', () => {
  it('sends a search when typing pauses, or at once on Enter', async () => {
    const sent = show([store('a')]);
    await userEvent.type(input(orders.filters.search), 'Nora');
    expect(sent).toEqual([]);
    await pause();
    expect(sent).toEqual([{ q: 'Nora' }]);
    await userEvent.type(input(orders.filters.search), ' Saleh{Enter}');
    expect(sent).toEqual([{ q: 'Nora' }, { q: 'Nora Saleh' }]);
  });

  it('clears what was typed and not yet sent with the rest', async () => {
    const sent = show([store('a')], { statuses: ['captured'] });
    await userEvent.type(input(orders.filters.search), 'half');
    await userEvent.click(screen.getByRole('button', { name: orders.filters.clear }));
    await pause();
    expect(input(orders.filters.search)).toHaveProperty('value', '');
    expect(sent).toEqual([NO_FILTERS]);
    expect(screen.queryByRole('button', { name: orders.filters.clear })).toBeNull();
  });

  it('keeps a half-typed amount in its box and says what is wrong with the range', async () => {
    const sent = show([store('a')]);
    await userEvent.type(input(orders.filters.min), '12.');
    await pause();
    expect(screen.getByText(orders.filters.amountFormat)).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.type(input(orders.filters.min), '5');
    await userEvent.type(input(orders.filters.max), '3');
    await pause();
    expect(sent).toEqual(expect.arrayContaining([{ min: '12.5' }, { max: '3' }]));
    expect(screen.getByText(orders.filters.amountOrder)).toBeTruthy();
  });

  it('says a day range that runs backwards under its end', () => {
    show([store('a')], { from: '2026-03-10', to: '2026-03-01' });
    expect(screen.getByText(orders.filters.dateOrder)).toBeTruthy();
  });

  it('draws the store filter only for more than one store, and sends the stores chosen', async () => {
    show([store('a')]);
    expect(screen.queryAllByLabelText(orders.filters.store)).toEqual([]);
    document.body.innerHTML = '';
    const sent = show([store('a'), store('b')]);
    await userEvent.click(input(orders.filters.store));
    await userEvent.click(screen.getByRole('option', { name: 'Store b' }));
    expect(sent).toEqual([{ stores: ['b'] }]);
  });
});
