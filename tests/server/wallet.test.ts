/**
 * The merchant wallet and the card (issue 35; docs/wallet.md) on a clock of our own: payouts the merchant sends to
 * its wallet are credited (pending on their day, available after), the balance is the sum of the movements, a
 * transfer to the bank needs a fresh step-up code and stays inside its limits, the destination can go back to the
 * bank; the card is applied for, revealed after a code, frozen (the network's payments declined) and unfrozen
 * (they spend the wallet); every call is scoped to the caller's merchants and gated as the sidebar is.
 */
import { describe, expect, it } from 'vitest';
import { luhnValid } from '../../src/domain/wallet';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';
import { lastCodeTo, walletMerchant, type WalletMerchantOptions } from './setup/wallet';

// Wednesday 25 November 2026, noon UTC; moved on by tests that need time to pass.
let now = new Date('2026-11-25T12:00:00Z');
const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, clock: { now: () => now } });
const later = (ms: number) => (now = new Date(now.getTime() + ms));

const codeSentTo = (to: string) => lastCodeTo(app, to);
const merchant = (options: WalletMerchantOptions = {}) => walletMerchant(app, options);

/** Every movement of a wallet, page after page. */
async function allMovements(caller: Awaited<ReturnType<typeof merchant>>, query = '') {
  const movements: Json[] = [];
  let token: string | null = null;
  do {
    const url = `${caller.wallet}/movements?page_size=2${query}${token ? `&page_token=${token}` : ''}`;
    const res = await caller.call('GET', url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    movements.push(...res.body.movements);
    token = res.body.next_page_token;
  } while (token);
  return movements;
}

describe('the merchant wallet', () => {
  it('is credited with the payouts the merchant sends to it, and its balance is the sum of its movements', async () => {
    const m = await merchant();
    const res = await m.call('GET', m.wallet);
    expect(res.status).toBe(200);
    expect(res.body.wallet).toMatchObject({
      merchant_id: m.id,
      currency: 'AED',
      available: '924.00',
      pending: '0.00',
      in_transit: '0.00',
      payout_destination: 'wallet',
      bank: { iban: 'AE•• 0331 2345 6789 0123 •••', bank_name: 'Emirates NBD' },
      limits: { min: '10.00', max: '50000.00', daily: '100000.00', daily_count: 5, used_today: '0.00' },
    });
    const movements = await allMovements(m);
    expect(movements).toEqual([
      expect.objectContaining({ kind: 'payout', status: 'completed', amount: '924.00', day: '2026-11-23' }),
    ]);
    // The payout itself says where it went, with no bank account.
    const payout = await m.call('GET', `/merchant/api/v1/payouts/${movements[0].payout_id}`);
    expect(payout.body.payout).toMatchObject({ destination: 'wallet', bank: null, net: '924.00' });
  });

  it('moves money to the bank only with a fresh code, inside its limits, and never twice with one code', async () => {
    const m = await merchant();
    const transfer = (amount: string, code = '1234') =>
      m.call('POST', `${m.wallet}/transfers`, { amount, code });
    // Refused before any code is asked for: a refusal names its reason and the limits.
    let res = await transfer('5');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'transfer refused: below_minimum',
      reason: 'below_minimum',
      min: '10.00',
    });
    res = await transfer('1000');
    expect(res.body.reason).toBe('insufficient_funds');
    res = await transfer('12.345');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.field_errors)).toEqual(['/amount']);
    // No code asked for yet.
    expect((await transfer('500')).body.message).toBe('session expired');
    // A moment after sign-in, so the outbox's newest code to the phone is this one.
    later(1000);
    expect(
      (await m.call('POST', '/merchant/api/v1/auth/step-up', { purpose: 'wallet_transfer' })).status,
    ).toBe(200);
    const code = await codeSentTo(m.phone);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    expect((await transfer('500', wrong)).body.message).toBe('invalid otp code');
    res = await transfer('500', code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.movement).toMatchObject({
      kind: 'transfer',
      status: 'in_transit',
      amount: '-500.00',
      counterparty: 'Emirates NBD',
      iban: expect.stringContaining('•'),
    });
    expect(res.body.wallet).toMatchObject({
      available: '424.00',
      in_transit: '500.00',
      limits: { used_today: '500.00', count_today: 1 },
    });
    // The code is used up.
    expect((await transfer('100', code)).body.message).toBe('session expired');
    // The status filter reads each movement's state as of today (the repository's condition, domain's rule).
    const kindsOf = async (query: string) => (await allMovements(m, query)).map((x: Json) => x.kind);
    expect(await kindsOf('&statuses=in_transit')).toEqual(['transfer']);
    expect(await kindsOf('&statuses=completed')).toEqual(['payout']);
    expect(await kindsOf('&statuses=in_transit,completed')).toEqual(['transfer', 'payout']);
    // The next day it has arrived.
    later(86_400_000);
    const movements = await allMovements(m);
    expect(movements.map((x: Json) => [x.kind, x.status])).toEqual([
      ['transfer', 'completed'],
      ['payout', 'completed'],
    ]);
    expect((await m.call('GET', m.wallet)).body.wallet).toMatchObject({
      available: '424.00',
      in_transit: '0.00',
    });
    // Filters.
    expect((await allMovements(m, '&kinds=transfer')).map((x: Json) => x.kind)).toEqual(['transfer']);
    expect(await allMovements(m, '&statuses=in_transit')).toEqual([]);
    expect(await kindsOf('&statuses=completed')).toEqual(['transfer', 'payout']);
    expect(await allMovements(m, '&day_gte=2026-11-24')).toHaveLength(1);
  });

  it('names a bad filter, and is only the caller’s', async () => {
    const m = await merchant();
    const bad = await m.call('GET', `${m.wallet}/movements?kinds=gift&day_gte=2026-11-20&day_lte=2026-11-01`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.field_errors).sort()).toEqual(['/day_lte', '/kinds']);
    expect((await m.call('GET', `${m.wallet}/movements?page_token=nonsense`)).status).toBe(400);
    // Another merchant's wallet does not exist for this caller.
    const other = await merchant();
    expect((await m.call('GET', other.wallet)).status).toBe(404);
    expect((await m.call('POST', `${other.wallet}/transfers`, { amount: '10', code: '1234' })).status).toBe(
      404,
    );
    // Without the experiment, or outside the wallet's countries: none at all.
    const noExperiment = await merchant({ experiment: false });
    expect((await noExperiment.call('GET', '/merchant/api/v1/wallets')).status).toBe(403);
    const kuwait = await merchant({ country: 'KWT' });
    expect((await kuwait.call('GET', '/merchant/api/v1/wallets')).status).toBe(403);
    expect((await kuwait.call('GET', `${kuwait.wallet}/movements`)).status).toBe(403);
    // …but its card spends the wallet: the card's holder reads its balance, where payouts go, and moves it out.
    const own = await kuwait.call('GET', kuwait.wallet);
    expect(own.status).toBe(200);
    expect(own.body.wallet).toMatchObject({ currency: 'KWD', limits: { min: '1.000' } });
    expect(
      (await kuwait.call('PUT', `${kuwait.wallet}/payout-destination`, { destination: 'bank' })).status,
    ).toBe(200);
  });

  it('sends the payouts back to the bank from the next payout run', async () => {
    const m = await merchant();
    const res = await m.call('PUT', `${m.wallet}/payout-destination`, { destination: 'bank' });
    expect(res.status).toBe(200);
    expect(res.body.wallet).toMatchObject({ payout_destination: 'bank', available: '924.00' });
    expect((await m.call('PUT', `${m.wallet}/payout-destination`, { destination: 'moon' })).status).toBe(400);
    // Without a bank account on file there is nowhere to pay into (issue 56): refused, saying why.
    const bankless = await merchant({ bank: false });
    const refused = await bankless.call('PUT', `${bankless.wallet}/payout-destination`, {
      destination: 'bank',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('no_bank_account');
    expect((await bankless.call('GET', bankless.wallet)).body.wallet.payout_destination).toBe('wallet');
  });
});

describe('the card', () => {
  it('is applied for, revealed after a code, frozen and unfrozen; its payments spend the wallet', async () => {
    const m = await merchant();
    let res = await m.call('GET', '/merchant/api/v1/cards');
    expect(res.status).toBe(200);
    expect(res.body.cards).toEqual([
      expect.objectContaining({ merchant_id: m.id, card: null, available: '924.00' }),
    ]);
    const apply = (body: Json) => m.call('POST', `/merchant/api/v1/cards/application/${m.id}`, body);
    res = await apply({ holder_name: 'سارة', payout_destination: 'wallet', accept_terms: true });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.field_errors)).toEqual(['/holder_name']);
    expect(
      (await apply({ holder_name: 'Sara Ali', payout_destination: 'wallet', accept_terms: false })).status,
    ).toBe(400);
    res = await apply({ holder_name: 'Sara  Ali', payout_destination: 'wallet', accept_terms: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = res.body.card.card;
    expect(card).toMatchObject({
      status: 'active',
      holder_name: 'SARA ALI',
      number: `•••• •••• •••• ${card.last4}`,
    });
    expect(
      (await apply({ holder_name: 'Sara Ali', payout_destination: 'wallet', accept_terms: true })).status,
    ).toBe(409);

    // Its details after a fresh code.
    const reveal = (code: string) => m.call('POST', `/merchant/api/v1/cards/${card.id}/reveal`, { code });
    expect((await reveal('1234')).body.message).toBe('session expired');
    later(200_000);
    await m.call('POST', '/merchant/api/v1/auth/step-up', { purpose: 'card_reveal' });
    const shown = await reveal(await codeSentTo(m.phone));
    expect(shown.status).toBe(200);
    const digits = shown.body.number.replace(/ /g, '');
    expect(luhnValid(digits)).toBe(true);
    expect(digits.slice(-4)).toBe(card.last4);
    expect(shown.body.cvc).toMatch(/^\d{3}$/);

    // The network's payments: declined while frozen, spending the wallet once unfrozen.
    const pay = (amount: string) =>
      app.inject({
        method: 'POST',
        url: `/dev/cards/${card.id}/payments`,
        payload: { amount, payee: 'Careem' },
      });
    expect((await m.call('POST', `/merchant/api/v1/cards/${card.id}/freeze`)).body.card.card.status).toBe(
      'frozen',
    );
    expect((await pay('24')).json()).toMatchObject({ approved: false, decline: 'card_frozen' });
    expect((await m.call('POST', `/merchant/api/v1/cards/${card.id}/unfreeze`)).body.card.card.status).toBe(
      'active',
    );
    expect((await pay('24')).json()).toMatchObject({
      approved: true,
      movement: { kind: 'card', amount: '-24.00' },
    });
    expect((await pay('901')).json()).toMatchObject({ approved: false, decline: 'insufficient_funds' });
    res = await m.call('GET', '/merchant/api/v1/cards');
    expect(res.body.cards[0]).toMatchObject({
      available: '900.00',
      spent_today: '24.00',
      payments: [expect.objectContaining({ counterparty: 'Careem', amount: '-24.00' })],
    });
    expect((await m.call('GET', m.wallet)).body.wallet.available).toBe('900.00');

    // Another merchant's card does not exist for this caller.
    const other = await merchant();
    expect((await other.call('POST', `/merchant/api/v1/cards/${card.id}/freeze`)).status).toBe(404);
    expect(
      (await other.call('POST', `/merchant/api/v1/cards/${card.id}/reveal`, { code: '1234' })).status,
    ).toBe(404);
  });

  it('is refused without the virtual-cards flag', async () => {
    const fixture = {
      accounts: [{ id: 'acc-wa-nocard', email: 'wa-nocard@example.com', phone: '+971558099999' }],
      permissions: [
        {
          account_id: 'acc-wa-nocard',
          merchant_id: 'mer-wa-1',
          role: 'supervisor',
          flags: { has_merchant_access: true, is_payouts_allowed: true },
        },
      ],
    };
    const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
    expect(loaded.statusCode, loaded.body).toBe(200);
    const caller = await signIn(app, 'wa-nocard@example.com', '+971558099999');
    expect((await caller.call('GET', '/merchant/api/v1/cards')).status).toBe(403);
    expect((await caller.call('POST', '/merchant/api/v1/cards/any-card/freeze')).status).toBe(403);
  });
});

describe('the demo wallet', () => {
  it('balances: what it shows is the sum of its movements', async () => {
    await loadDemoData(app);
    const admin = await signIn(app, 'admin@demo.example', '+966501234567');
    const res = await admin.call('GET', '/merchant/api/v1/wallets');
    expect(res.status).toBe(200);
    const wallet = res.body.wallets[0];
    expect(wallet).toMatchObject({
      merchant_id: 'mer-riyadh-style',
      currency: 'SAR',
      payout_destination: 'wallet',
    });
    const movements = (
      await admin.call('GET', `/merchant/api/v1/wallets/mer-riyadh-style/movements?page_size=100`)
    ).body.movements as Json[];
    expect(movements.length).toBeGreaterThan(6);
    const cents = (s: string) => Math.round(Number(s) * 100);
    const sum = movements.reduce((total, m) => total + cents(m.amount), 0);
    expect(cents(wallet.available) + cents(wallet.pending)).toBe(sum);
  });
});
