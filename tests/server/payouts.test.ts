/**
 * Payouts (issue 35; docs/payouts.md) on a clock of our own: a store's captures are paid on its schedule's days
 * with commissions and the fee taken, the breakdown adds up to the net and the transactions' CSV sums to it; a
 * refund after a payout comes out of the next; money under the minimum waits; a running sales-share advance takes
 * its rate from the payout and records the repayment the capital page shows; callers see only their merchants'
 * payouts, with the payouts flag; bad filters are 400 naming the field.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Json } from './setup/signIn';

// Wednesday 25 November 2026, noon UTC; moved on by tests that need days to pass.
let now = new Date('2026-11-25T12:00:00Z');
const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, clock: { now: () => now } });

const BASE = '/merchant/api/v1/payouts';
const FLAGS = {
  has_merchant_access: true,
  is_order_view_allowed: true,
  is_payouts_allowed: true,
  is_dispute_refund_allowed: true,
};

let n = 0;
/** A merchant of its own (AED, one store paying weekly on Monday, two days after capture, at least AED 100). */
async function merchant(payments: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  n += 1;
  const k = n;
  const id = `mer-po-${k}`;
  const store = `sto-po-${k}`;
  const phone = `+97155700${String(k).padStart(4, '0')}`;
  const fixture = {
    accounts: [{ id: `acc-po-${k}`, email: `po${k}@example.com`, phone }],
    merchants: [{ id, name: `Payouts ${k}`, country: 'ARE' }],
    stores: [
      {
        id: store,
        merchant_id: id,
        name: `Payout store ${k}`,
        country: 'ARE',
        available_products: ['pay_later'],
        commissions: [{ product: 'pay_later', rate_percent: 5, fixed_fee_minor: 100 }],
        payout_schedules: [
          { product: 'pay_later', frequency: 'weekly', weekday: 1, delay_days: 2, minimum_minor: 10000 },
        ],
      },
    ],
    legal_entities: [
      {
        id: `le-po-${k}`,
        merchant_id: id,
        status: 'active',
        country: 'ARE',
        legal_company_name: `Payouts ${k} LLC`,
        iban: 'AE070331234567890123456',
        bank_name: 'Emirates NBD',
        license_expiry_date: '2028-01-01',
      },
    ],
    permissions: [{ account_id: `acc-po-${k}`, merchant_id: id, role: 'workspace_admin', flags: FLAGS }],
    payments: payments.map((p, i) => ({
      id: `pay-po${k}-${i}`,
      merchant_id: id,
      store_id: store,
      order_reference: `PO${k}-${i}`,
      product: 'pay_later',
      currency: 'AED',
      customer_name: `Customer ${i}`,
      customer_phone: `+9715570${String(k).padStart(2, '0')}${String(i).padStart(4, '0')}`,
      ...p,
    })),
    ...extra,
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  const caller = await signIn(app, `po${k}@example.com`, phone);
  return Object.assign(caller, { id, store, account: `acc-po-${k}`, pay: (i: number) => `pay-po${k}-${i}` });
}

describe('a store’s payouts', () => {
  it('pays the captures on the schedule’s Monday, less commissions and the fee, and the CSV sums to the net', async () => {
    now = new Date('2026-11-25T12:00:00Z');
    // Ordered on the 16th (captured a day later, the 17th): due on Thursday the 19th, paid Monday the 23rd.
    const m = await merchant([
      { amount: 1000, created_at: '2026-11-16' },
      { amount: 500, created_at: '2026-11-16' },
      // Captured on the 24th: due on the 26th, so it waits for Monday the 30th.
      { amount: 300, created_at: '2026-11-23' },
    ]);
    const list = await m.call('GET', BASE);
    expect(list.status).toBe(200);
    expect(list.body.payouts).toHaveLength(1);
    const payout = list.body.payouts[0];
    // Commissions: 5 % of 1,000 and of 500 (50 + 25) and AED 1 a first capture; fee: AED 25 (under 2,500).
    expect(payout).toMatchObject({
      day: '2026-11-23',
      status: 'paid',
      currency: 'AED',
      gross: '1500.00',
      commissions: '77.00',
      fee: '25.00',
      capital: '0.00',
      refunds: '0.00',
      net: '1398.00',
      capture_count: 2,
    });

    const detail = await m.call('GET', `${BASE}/${payout.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.payout.bank).toEqual({
      iban: 'AE•• 0331 2345 6789 0123 •••',
      bank_name: 'Emirates NBD',
    });
    expect(detail.body.payout.lines.map((l: Json) => [l.kind, l.payment_id, l.net])).toEqual([
      ['capture', m.pay(0), '949.00'],
      ['capture', m.pay(1), '474.00'],
    ]);

    const csv = await app.inject({
      method: 'GET',
      url: `${BASE}/${payout.id}/transactions.csv`,
      headers: { authorization: `Bearer ${m.token}`, 'x-mbo-client': 'test' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.type)).toEqual(['capture', 'capture', 'payout_fee']);
    const sum = rows.reduce((total, r) => total + Math.round(Number(r.net) * 100), 0);
    expect(sum / 100).toBe(1398);

    // Upcoming: the 300 waits for Monday the 30th (under the AED 100 minimum? no: 300 is over it).
    const upcoming = await m.call('GET', `${BASE}/upcoming`);
    expect(upcoming.status).toBe(200);
    const store = upcoming.body.stores[0];
    expect(store.planned[0]).toMatchObject({
      day: '2026-11-30',
      gross: '300.00',
      commissions: '16.00',
      fee: '25.00',
      net: '259.00',
    });
    expect(store.schedules[0]).toMatchObject({
      frequency: 'weekly',
      weekday: 1,
      next_payout_day: '2026-11-30',
    });
    expect(store.fee_rule).toEqual({ threshold: '2500.00', below: '25.00', above: '6.00' });
  });

  it('takes a refund made after the payout from the next one, and shows a payment’s payouts', async () => {
    now = new Date('2026-11-25T12:00:00Z');
    const m = await merchant([
      { amount: 3000, created_at: '2026-11-16' },
      { amount: 400, created_at: '2026-11-23' },
    ]);
    const first = (await m.call('GET', BASE)).body.payouts[0];
    // From 2,500 on the fee is AED 6: 3,000 − 150 − 1 − 6.
    expect(first).toMatchObject({ day: '2026-11-23', gross: '3000.00', fee: '6.00', net: '2843.00' });
    // The upcoming plan is kept between reads, and a refund makes it anew (its money's version moved).
    const before = (await m.call('GET', `${BASE}/upcoming`)).body.stores[0].planned[0];
    expect(before).toMatchObject({ day: '2026-11-30', refunds: '0.00' });
    const refund = await m.call('POST', `/merchant/api/v1/payments/${m.pay(0)}/refunds`, {
      amount: '100.00',
      reason: 'returned',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const after = (await m.call('GET', `${BASE}/upcoming`)).body.stores[0].planned[0];
    expect(after).toMatchObject({ day: '2026-11-30', refunds: '100.00', net: '254.00' });

    now = new Date('2026-12-01T08:00:00Z');
    const list = await m.call('GET', BASE);
    expect(list.body.payouts.map((p: Json) => p.day)).toEqual(['2026-11-30', '2026-11-23']);
    // 400 captured − 21 commission − 100 refunded − 25 fee.
    expect(list.body.payouts[0]).toMatchObject({
      gross: '400.00',
      refunds: '100.00',
      commissions: '21.00',
      net: '254.00',
    });
    expect(list.body.payouts[1]).toMatchObject({ net: '2843.00', status: 'paid' });

    const ofPayment = await m.call('GET', `/merchant/api/v1/payments/${m.pay(0)}/payouts`);
    expect(ofPayment.status).toBe(200);
    expect(ofPayment.body.payouts.map((p: Json) => [p.day, p.of_payment])).toEqual([
      ['2026-11-23', { captured: '3000.00', commission: '151.00', refunded: '0.00', net: '2849.00' }],
      ['2026-11-30', { captured: '0.00', commission: '0.00', refunded: '100.00', net: '-100.00' }],
    ]);
    expect(ofPayment.body.waiting).toBe('0.00');

    const totals = await m.call('GET', `${BASE}/totals`);
    expect(totals.body.totals).toEqual([
      { currency: 'AED', count: 2, gross: '3400.00', deductions: '303.00', net: '3097.00' },
    ]);
  });

  it('holds money under the minimum until there is enough', async () => {
    now = new Date('2026-11-25T12:00:00Z');
    const m = await merchant([{ amount: 60, created_at: '2026-11-16' }]);
    expect((await m.call('GET', BASE)).body.payouts).toEqual([]);
    const upcoming = (await m.call('GET', `${BASE}/upcoming`)).body.stores[0];
    expect(upcoming.planned).toEqual([]);
    expect(upcoming.waiting).toBe('60.00');
    const summary = await m.call('GET', `${BASE}/summary`);
    expect(summary.body).toEqual({ last: null, next: null });
  });

  it('takes a running sales-share advance’s rate from the payout and records the repayment on the loan', async () => {
    now = new Date('2026-11-25T12:00:00Z');
    const m = await merchant(
      [
        { amount: 2000, created_at: '2026-11-16' },
        { amount: 1000, created_at: '2026-11-23' },
      ],
      {
        experiments: [{ account_id: `acc-po-${n + 1}`, name: 'capital', value: 'enabled' }],
        capital_loans: [
          {
            id: `loan-po-${n + 1}`,
            merchant_id: `mer-po-${n + 1}`,
            status: 'paying',
            currency: 'AED',
            amount: 10000,
            fee_amount: 500,
            tenor: 20,
            repayment_rate: 22,
            minimum_repayment_amount: 300,
            applied_at: '2026-11-01',
            repayments: [{ date: '2026-11-09', amount: 400, payment_amount: 2000 }],
          },
        ],
      },
    );
    const [payout] = (await m.call('GET', BASE)).body.payouts;
    // 2,000 − 101 commission − 25 fee = 1,874; 22 % of it is 412.28.
    expect(payout).toMatchObject({ day: '2026-11-23', capital: '412.28', net: '1461.72' });
    const loan = await m.call('GET', `/merchant/api/v1/capital/loans/loan-po-${n}`);
    expect(loan.status, JSON.stringify(loan.body)).toBe(200);
    const repayments = loan.body.loan?.repayments ?? loan.body.repayments;
    expect(repayments.map((r: Json) => [r.date, r.amount])).toEqual([
      ['2026-11-09', 400],
      ['2026-11-23', 412.28],
    ]);
    // The next Monday's payout shows the same rule, before it is made.
    const upcoming = (await m.call('GET', `${BASE}/upcoming`)).body;
    expect(upcoming.loan).toMatchObject({ rate_percent: 22, outstanding: '9687.72' });
    // 1,000 − 51 − 25 = 924; 22 % = 203.28.
    expect(upcoming.stores[0].planned[0]).toMatchObject({
      day: '2026-11-30',
      capital: '203.28',
      net: '720.72',
    });
  });
});

describe('the payout run and the export', () => {
  it('settles a merchant once however many reads race, and exports the filtered payouts as CSV', async () => {
    now = new Date('2026-11-25T12:00:00Z');
    const m = await merchant([
      { amount: 1000, created_at: '2026-11-02' },
      { amount: 800, created_at: '2026-11-09' },
      { amount: 600, created_at: '2026-11-16' },
    ]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => m.call('GET', BASE)));
    for (const a of answers)
      expect(a.body.payouts.map((p: Json) => p.day)).toEqual(['2026-11-23', '2026-11-16', '2026-11-09']);
    const ids = new Set(answers.flatMap((a) => a.body.payouts.map((p: Json) => p.id)));
    expect(ids.size).toBe(3);

    const page = await m.call('GET', `${BASE}?page_size=2`);
    expect(page.body.payouts).toHaveLength(2);
    const next = await m.call('GET', `${BASE}?page_size=2&page_token=${page.body.next_page_token}`);
    expect(next.body.payouts.map((p: Json) => p.day)).toEqual(['2026-11-09']);
    expect(next.body.next_page_token).toBeNull();

    const filtered = await m.call('GET', `${BASE}?day_gte=2026-11-10&day_lte=2026-11-20`);
    expect(filtered.body.payouts.map((p: Json) => p.day)).toEqual(['2026-11-16']);

    const csv = await app.inject({
      method: 'POST',
      url: `${BASE}/export`,
      headers: { authorization: `Bearer ${m.token}`, 'x-mbo-client': 'test' },
      payload: { day_gte: '2026-11-10' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="payouts-/);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.day, r.net])).toEqual([
      ['2026-11-23', answers[0]!.body.payouts[0].net],
      ['2026-11-16', answers[0]!.body.payouts[1].net],
    ]);
  });
});

describe('who sees which payouts', () => {
  it('refuses a member without the payouts flag (403) and hides another merchant’s payout (404)', async () => {
    now = new Date('2026-11-25T12:00:00Z');
    const a = await merchant([{ amount: 1000, created_at: '2026-11-16' }]);
    const b = await merchant([]);
    const [payout] = (await a.call('GET', BASE)).body.payouts;
    expect((await b.call('GET', `${BASE}/${payout.id}`)).status).toBe(404);
    expect((await b.call('GET', `/merchant/api/v1/payments/${a.pay(0)}/payouts`)).status).toBe(404);
    const flagless = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        permissions: [
          {
            account_id: b.account,
            merchant_id: b.id,
            role: 'workspace_admin',
            flags: { has_merchant_access: true },
          },
        ],
      },
    });
    expect(flagless.statusCode).toBe(200);
    expect((await b.call('GET', BASE)).status).toBe(403);
    expect((await b.call('GET', `${BASE}/summary`)).status).toBe(403);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const m = await merchant([]);
    const bad = async (query: string, field: string) => {
      const res = await m.call('GET', `${BASE}?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        Object.keys(res.body.errors ?? res.body.problems ?? {}).join(' ') + JSON.stringify(res.body),
      ).toContain(field);
    };
    await bad('statuses=lost', 'statuses');
    await bad('day_gte=yesterday', 'day_gte');
    await bad('day_gte=2026-11-20&day_lte=2026-11-01', 'day_lte');
    await bad('store_ids=sto-riyadh-style-online', 'store_ids');
    await bad('page_token=xyz', 'page_token');
    expect((await m.call('GET', `${BASE}/upcoming?merchant_id=mer-riyadh-style`)).status).toBe(404);
  });
});
