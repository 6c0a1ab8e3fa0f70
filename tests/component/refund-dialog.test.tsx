/**
 * Refunding an order (docs/orders.md): the amount is checked before anything is sent, a reason is needed ("other"
 * also a note), a confirmation says what goes back to whom, and when the server refuses (another refund took
 * part of it meanwhile) its words show beside the field with what was typed kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import orders from '../../locales/en/orders.json';
import validation from '../../locales/en/validation.json';
import { RefundDialog } from '../../src/web/features/orders/components/RefundDialog';
import { usePayment } from '../../src/web/features/orders/api';
import type { PaymentDetail } from '../../src/contract/payments';
import { addMoneyFormat } from '../../src/web/i18n/moneyFormat';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'orders', resources: { en: { orders, validation } } });
// The app's `money` format (issue 56: an amount in a sentence as in a tile).
addMoneyFormat(i18n);

const PAYMENT: PaymentDetail = {
  id: 'pay-1',
  order_reference: 'RS-100001',
  merchant_id: 'mer-1',
  store_id: 'sto-1',
  status: 'captured',
  product: 'pay_later',
  currency: 'SAR',
  amount: '250.00',
  captured: '250.00',
  refunded: '50.00',
  customer_name: 'Noura Al-Qahtani',
  customer_phone: '+966500000000',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  store_name: 'Online',
  customer_email: null,
  items: [],
  captures: [],
  refunds: [],
  timeline: [],
  dispute: null,
  left_to_capture: '0.00',
  left_to_refund: '200.00',
  can_capture: false,
  can_refund: true,
};

function show(onDone = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <RefundDialog payment={PAYMENT} opened onClose={() => undefined} onDone={onDone} />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onDone;
}

const answer = (status: number, body: unknown) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('the refund dialog', () => {
  it('offers all that is left, and checks the amount and the reason before asking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    show();
    const amount = screen.getByLabelText(/Amount to refund/);
    expect((amount as HTMLInputElement).value).toBe('200.00');
    await user.clear(amount);
    await user.type(amount, '200.01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('At most \u2066SAR 200.00\u2069 is left')).toBeTruthy();
    expect(screen.getByText('Choose why you are refunding')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '20.555');
    expect(screen.getByText('Enter an amount with at most 2 decimals, such as 120.50')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByLabelText('Other'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Say why you are refunding')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('confirms what goes back to whom, then sends it', async () => {
    const fetch = answer(200, { payment: { ...PAYMENT, refunded: '70.00', left_to_refund: '180.00' } });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const onDone = show();
    const amount = screen.getByLabelText(/Amount to refund/);
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByLabelText('Returned'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/Noura Al-Qahtani/)).toBeTruthy();
    expect(screen.getByText(/cannot be undone/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund now' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/merchant/api/v1/payments/pay-1/refunds');
    expect(JSON.parse(init.body)).toEqual({ amount: '20', reason: 'returned' });
  });

  it('shows the server’s refusal beside the amount and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        status: 400,
        message: 'amount: more than is left',
        field_errors: {
          '/amount': { key: 'validation:error.amountLeft', params: { left: '10.00', currency: 'SAR' } },
        },
      }),
    );
    const user = userEvent.setup();
    const onDone = show();
    const amount = screen.getByLabelText(/Amount to refund/);
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByLabelText('Duplicate order'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Refund now' }));
    expect(await screen.findByText('At most \u2066SAR 10.00\u2069 is left')).toBeTruthy();
    expect((screen.getByLabelText(/Amount to refund/) as HTMLInputElement).value).toBe('150');
    expect((screen.getByLabelText('Duplicate order') as HTMLInputElement).checked).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('after a refusal, says what is left now (a refund from another tab), not what was left when it opened', async () => {
    let left = '200.00';
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        left = '10.00'; // another tab refunded 190.00 meanwhile
        return new Response(
          JSON.stringify({
            status: 400,
            message: 'amount: more than is left',
            field_errors: {
              '/amount': { key: 'validation:error.amountLeft', params: { left, currency: 'SAR' } },
            },
          }),
          { status: 400 },
        );
      }
      expect(url).toMatch(/^\/merchant\/api\/v1\/payments\/pay-1\?request_id=/);
      return new Response(JSON.stringify({ payment: { ...PAYMENT, left_to_refund: left } }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    // The order's page: the dialog is given the payment its query holds.
    function Page() {
      const payment = usePayment('pay-1');
      return payment.data ? (
        <RefundDialog payment={payment.data} opened onClose={() => undefined} onDone={() => undefined} />
      ) : null;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <MantineProvider env="test">
            <Page />
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const user = userEvent.setup();
    const amount = await screen.findByLabelText(/Amount to refund/);
    expect(screen.getByText(/Left to refund/).textContent).toContain('200.00');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByLabelText('Duplicate order'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Refund now' }));
    await vi.waitFor(() => expect(screen.getByText(/Left to refund/).textContent).toContain('10.00'));
    expect((screen.getByLabelText(/Amount to refund/) as HTMLInputElement).value).toBe('150');
    // Continuing again is stopped here, against what is left now.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('At most \u2066SAR 10.00\u2069 is left').length).toBeGreaterThan(0);
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
