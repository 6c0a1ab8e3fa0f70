/**
 * Ads ops' dialogs (docs/ads.md "Ads ops"; issue 53): the budget is checked against ads ops' own ceiling (ten times
 * a merchant's) before anything is sent, and a stop needs its reason; the server's refusal shows beside its field
 * with what was typed kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import ads from '../../locales/en/ads.json';
import validation from '../../locales/en/validation.json';
import { BudgetDialog } from '../../src/web/features/ads-ops/components/BudgetDialog';
import { StopDialog } from '../../src/web/features/ads-ops/components/StopDialog';
import type { OpsCampaign } from '../../src/contract/ads';
import { addMoneyFormat } from '../../src/web/i18n/moneyFormat';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'ads', resources: { en: { ads, validation } } });
// The app's `money` format (issue 56: an amount in a sentence as in a tile).
addMoneyFormat(i18n);

const CAMPAIGN: OpsCampaign = {
  id: 'cmp-1',
  merchant_id: 'mer-1',
  merchant_name: 'Riyadh Style',
  product: 'pay_later',
  name: 'Ramadan collection',
  currency: 'SAR',
  daily_budget: '250.00',
  state: 'active',
  stop_reason: null,
  results_through: null,
  results: { impressions: 0, clicks: 0, orders: 0, spend: '0.00', ctr: null, cost_per_order: null },
  created_at: '2026-11-20T09:00:00.000Z',
  budget_min: '20.00',
  budget_max: '50000.00',
};

function show(dialog: 'budget' | 'stop', onClose = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          {dialog === 'budget' ? (
            <BudgetDialog campaign={CAMPAIGN} onClose={onClose} />
          ) : (
            <StopDialog campaign={CAMPAIGN} onClose={onClose} />
          )}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onClose;
}

const answer = (status: number, body: unknown) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('ads ops’ budget', () => {
  it('takes up to ten times a merchant’s ceiling, and says the limit past it without asking the server', async () => {
    const fetch = answer(200, { campaign: { ...CAMPAIGN, daily_budget: '9000.00' } });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const onClose = show('budget');
    const field = screen.getByLabelText(/Daily budget \(SAR\)/);
    await user.clear(field);
    await user.type(field, '50001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The daily budget is at most \u2066SAR 50,000.00\u2069.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '9000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The change (analytics may send its event beside it).
    const changes = fetch.mock.calls.filter(([url]) => String(url).startsWith('/merchant/api/v1/ops/ads/'));
    expect(changes).toHaveLength(1);
    const [url, init] = changes[0] as [string, RequestInit];
    expect(url).toBe('/merchant/api/v1/ops/ads/campaigns/cmp-1');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ daily_budget: '9000' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server’s refusal beside the field and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        status: 400,
        message: 'bad_request',
        field_errors: {
          '/daily_budget': { key: 'ads:error.budgetMin', params: { min: '20.00', currency: 'SAR' } },
        },
      }),
    );
    const user = userEvent.setup();
    show('budget');
    const field = screen.getByLabelText(/Daily budget \(SAR\)/);
    await user.clear(field);
    await user.type(field, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The daily budget is at least \u2066SAR 20.00\u2069.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('30');
  });
});

describe('ads ops’ stop', () => {
  it('needs a reason the merchant will read, then stops the campaign with it', async () => {
    const fetch = answer(200, { campaign: { ...CAMPAIGN, state: 'stopped', stop_reason: 'Wrong prices' } });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    show('stop');
    await user.click(screen.getByRole('button', { name: 'Stop the campaign' }));
    expect(screen.getByText('Write why the campaign is stopped: the merchant reads it.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Reason'), 'Wrong prices');
    await user.click(screen.getByRole('button', { name: 'Stop the campaign' }));
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ state: 'stopped', stop_reason: 'Wrong prices' });
  });
});
