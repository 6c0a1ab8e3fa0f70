/**
 * The orders filter offers only the payment products the merchant's stores sell (issue 56: it listed every product
 * of the catalogue); one product is no choice and is not drawn, and a product the address already carries stays.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import orders from '../../locales/en/orders.json';
import ordersAr from '../../locales/ar/orders.json';
import { OrderFiltersBar } from '../../src/web/features/orders/components/OrderFilters';
import { STORES_QUERY_KEY } from '../../src/web/api/stores';
import type { Store } from '../../src/contract/stores';
import { storeOf } from '../support/stores';
import { NO_FILTERS, DEFAULT_SORT, type OrderFilters } from '../../src/web/features/orders/filters';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'orders', resources: { en: { orders }, ar: { orders: ordersAr } } });

const store = storeOf;

const productInput = () => screen.getAllByLabelText('Product').find((e) => e.tagName === 'INPUT')!;

function show(stores: Store[], filters: Partial<OrderFilters> = {}) {
  const client = new QueryClient();
  client.setQueryData(STORES_QUERY_KEY, stores);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <OrderFiltersBar
            filters={{ ...NO_FILTERS, sort: DEFAULT_SORT, ...filters }}
            onChange={() => undefined}
          />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the orders product filter', () => {
  it('lists the products the stores sell, not the catalogue', async () => {
    show([store('a', ['pay_later']), store('b', ['installments'])]);
    await userEvent.click(productInput());
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([orders.product.pay_later, orders.product.installments]);
  });

  it('in Arabic, the same products in their Arabic names', async () => {
    await i18n.changeLanguage('ar');
    try {
      show([store('a', ['installments']), store('b', ['pay_in_full'])]);
      await userEvent.click(
        screen.getAllByLabelText(ordersAr.filters.product).find((e) => e.tagName === 'INPUT')!,
      );
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        ordersAr.product.installments,
        ordersAr.product.pay_in_full,
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('is not drawn when the stores sell one product', () => {
    show([store('a', ['pay_later']), store('b', ['pay_later'])]);
    expect(screen.queryAllByLabelText('Product')[0] ?? null).toBeNull();
  });

  it('keeps a product the address carries though no store sells it now', async () => {
    show([store('a', ['pay_later'])], { products: ['pay_in_full'] });
    expect(productInput()).toBeTruthy();
  });
});
