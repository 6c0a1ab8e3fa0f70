/**
 * The caps on payment links (issue 53; docs/orders.md): when the server refuses a link because the member or the
 * merchant has sent as many as they may, the form says so with the limit, in the member's language, and keeps
 * what was typed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import ordersEn from '../../locales/en/orders.json';
import ordersAr from '../../locales/ar/orders.json';
import validation from '../../locales/en/validation.json';
import { NewLinkDialog } from '../../src/web/features/orders/components/NewLinkDialog';

const STORE = {
  id: 'sto-1',
  name: 'Online',
  country: 'SAU',
  merchant_id: 'mer-1',
  merchant_name: 'Riyadh Style',
  organization_id: null,
  available_products: ['pay_later'],
  contract_signed: true,
};

/** The server: the stores, no experiments, and the link refused by a cap. */
function server(per: 'hour' | 'day', limit: number) {
  return vi.fn(async (url: string) => {
    const path = String(url).split('?')[0];
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (path === '/merchant/api/v1/stores') return json(200, { items: [STORE] });
    if (path === '/merchant/api/v1/payment-links')
      return json(429, { status: 429, message: 'too many payment links', limit, per });
    return json(404, { status: 404, message: 'not found' });
  });
}

async function show(lang: 'en' | 'ar') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    defaultNS: 'orders',
    resources: { en: { orders: ordersEn, validation }, ar: { orders: ordersAr, validation } },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <NewLinkDialog onClose={() => undefined} onSent={() => undefined} />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a payment link over its cap', () => {
  it('says the member’s hourly limit, keeping what was typed', async () => {
    vi.stubGlobal('fetch', server('hour', 30));
    const user = userEvent.setup();
    await show('en');
    await user.type(await screen.findByLabelText(/^Amount/), '120');
    await user.type(screen.getByLabelText(/Customer’s phone|phone/i), '+966512340000');
    await user.click(screen.getByRole('button', { name: ordersEn.link.send }));
    expect(
      await screen.findByText(
        'You have sent 30 payment links in the last hour, the most one person may. Try again later.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('120');
  });

  it('says the merchant’s daily limit in Arabic', async () => {
    vi.stubGlobal('fetch', server('day', 500));
    const user = userEvent.setup();
    await show('ar');
    await user.type(
      await screen.findByLabelText(new RegExp(`^${ordersAr.link.amount.split('(')[0]!.trim()}`)),
      '120',
    );
    await user.type(screen.getByLabelText(new RegExp(ordersAr.link.phone)), '+966512340000');
    await user.click(screen.getByRole('button', { name: ordersAr.link.send }));
    expect(await screen.findByText(/500/)).toBeTruthy();
    expect(screen.getByText(ordersAr.link.tooMany.day.replace('{{limit}}', '500'))).toBeTruthy();
  });
});
