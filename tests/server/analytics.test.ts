/**
 * Analytics' call (issue 36; docs/analytics.md) on a clock of our own: orders placed and refunds made in a range
 * of the merchant's days and the range before it, by day, week or month, split by store and product; the days
 * begin at the caller's midnight; the figures agree with the orders list's; callers see only their merchants' with
 * the analytics flag; bad input is 400 naming the field; the CSV is what the page shows.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn } from './setup/signIn';

const now = new Date('2026-11-25T12:00:00Z');
const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, clock: { now: () => now } });

const A = '/merchant/api/v1/analytics';
let n = 0;

/** A merchant with two stores in Saudi Arabia and one in the UAE, and these orders (SAR unless said). */
async function merchant(
  payments: Record<string, unknown>[],
  flags: Record<string, boolean> = { is_analytics_allowed: true },
) {
  n += 1;
  const k = n;
  const id = `mer-an-${k}`;
  const phone = `+96655900${String(k).padStart(4, '0')}`;
  const store = (suffix: string, country: string) => ({
    id: `sto-an-${k}-${suffix}`,
    merchant_id: id,
    name: `Store ${suffix.toUpperCase()} ${k}`,
    country,
    available_products: ['pay_later', 'installments'],
  });
  const fixture = {
    accounts: [{ id: `acc-an-${k}`, email: `an${k}@example.com`, phone }],
    merchants: [{ id, name: `Analytics ${k}`, country: 'SAU' }],
    stores: [store('a', 'SAU'), store('b', 'SAU'), store('u', 'ARE')],
    permissions: [
      {
        account_id: `acc-an-${k}`,
        merchant_id: id,
        role: 'workspace_admin',
        flags: { has_merchant_access: true, ...flags },
      },
    ],
    payments: payments.map((p, i) => ({
      id: `pay-an${k}-${i}`,
      merchant_id: id,
      store_id: `sto-an-${k}-${String(p.store ?? 'a')}`,
      order_reference: `AN${k}-${i}`,
      product: 'pay_later',
      currency: 'SAR',
      customer_name: `Customer ${i}`,
      customer_phone: `+96655${String(k).padStart(2, '0')}${String(i).padStart(5, '0')}`,
      ...Object.fromEntries(Object.entries(p).filter(([key]) => key !== 'store')),
    })),
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return Object.assign(await signIn(app, `an${k}@example.com`, phone), { id, k });
}

describe('analytics', () => {
  it('sums a week beside the week before, by store and by product, in the merchant’s days', async () => {
    const m = await merchant([
      // This week (23–29 November, Riyadh time).
      { amount: 300, created_at: '2026-11-23T09:00:00Z' },
      { amount: 100, created_at: '2026-11-24T21:30:00Z', store: 'b', product: 'installments' }, // 25th in Riyadh
      { amount: 200, created_at: '2026-11-25T08:00:00Z', refunded: 50 },
      { amount: 999, created_at: '2026-11-25T08:30:00Z', cancelled: true }, // cancelled: not counted
      { amount: 700, created_at: '2026-11-25T09:00:00Z', store: 'u', currency: 'AED' }, // another country
      // The week before.
      { amount: 400, created_at: '2026-11-17T10:00:00Z' },
      // Before both.
      { amount: 5000, created_at: '2026-11-01T10:00:00Z' },
    ]);
    const res = await m.call('GET', `${A}?from=2026-11-23&to=2026-11-29&granularity=day&tz_offset=180`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body;
    expect(a).toMatchObject({
      country: 'ARE',
      countries: [
        { country: 'ARE', currency: 'AED' },
        { country: 'SAU', currency: 'SAR' },
      ],
    });
    // The first country is the default; ask for Saudi Arabia's stores.
    const sau = (await m.call('GET', `${A}?from=2026-11-23&to=2026-11-29&country=SAU&tz_offset=180`)).body;
    expect(sau.currency).toBe('SAR');
    expect(sau.previous).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // The refund was made when the fixture was loaded (the clock's now: the 25th).
    expect(sau.totals.current).toEqual({
      orders: 3,
      gmv: '600.00',
      refunds: '50.00',
      net_sales: '550.00',
      aov: '200.00',
    });
    expect(sau.totals.previous).toMatchObject({ orders: 1, gmv: '400.00' });
    expect(sau.series).toHaveLength(7);
    expect(sau.series[2]).toMatchObject({ start: '2026-11-25', current: { orders: 2, gmv: '300.00' } });
    expect(sau.series[1]).toMatchObject({
      start: '2026-11-24',
      current: { orders: 0 },
      previous: { orders: 1, gmv: '400.00' },
    });
    expect(sau.by_store.map((s: { store_name: string; gmv: string }) => [s.store_name, s.gmv])).toEqual([
      [`Store A ${m.k}`, '500.00'],
      [`Store B ${m.k}`, '100.00'],
    ]);
    expect(sau.by_product.map((p: { product: string; orders: number }) => [p.product, p.orders])).toEqual([
      ['pay_later', 2],
      ['installments', 1],
    ]);
    // In UTC the order of 21:30 on the 24th is the 24th's.
    const utc = (await m.call('GET', `${A}?from=2026-11-25&to=2026-11-25&country=SAU&tz_offset=0`)).body;
    expect(utc.totals.current.orders).toBe(1);
    // A week: one period; a store and a product filter.
    const week = (
      await m.call('GET', `${A}?from=2026-11-23&to=2026-11-29&country=SAU&granularity=week&tz_offset=180`)
    ).body;
    expect(week.series).toEqual([expect.objectContaining({ start: '2026-11-23' })]);
    const storeB = (
      await m.call(
        'GET',
        `${A}?from=2026-11-23&to=2026-11-29&country=SAU&store_ids=sto-an-${m.k}-b&tz_offset=180`,
      )
    ).body;
    expect(storeB.totals.current).toMatchObject({ orders: 1, gmv: '100.00' });
    const installments = (
      await m.call(
        'GET',
        `${A}?from=2026-11-23&to=2026-11-29&country=SAU&products=installments&tz_offset=180`,
      )
    ).body;
    expect(installments.totals.current.orders).toBe(1);
  });

  it('keeps ended days’ sums, extends them at either end, and sums a fixture’s orders anew', async () => {
    const m = await merchant([
      { amount: 100, created_at: '2026-11-10T09:00:00Z' },
      { amount: 200, created_at: '2026-11-20T09:00:00Z' },
      { amount: 50, created_at: '2026-11-25T09:00:00Z' }, // today: summed from the orders each time
    ]);
    const sum = async (from: string, to: string) =>
      (await m.call('GET', `${A}?from=${from}&to=${to}&country=SAU`)).body.totals.current;
    expect(await sum('2026-11-15', '2026-11-25')).toMatchObject({ orders: 2, gmv: '250.00' });
    // Earlier days join the kept run; the kept days give the same sums as the orders.
    expect(await sum('2026-11-01', '2026-11-25')).toMatchObject({ orders: 3, gmv: '350.00' });
    expect(await sum('2026-11-10', '2026-11-10')).toMatchObject({ orders: 1, gmv: '100.00' });
    // Another time zone has its own days: 09:00 UTC on the 10th is the 9th, twelve hours west.
    expect(
      (await m.call('GET', `${A}?from=2026-11-09&to=2026-11-09&country=SAU&tz_offset=-720`)).body.totals
        .current,
    ).toMatchObject({ orders: 1 });
    // The fixture's orders written again (an order added on an ended day): summed anew.
    const again = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        payments: [
          {
            id: `pay-an${m.k}-x`,
            merchant_id: m.id,
            store_id: `sto-an-${m.k}-a`,
            order_reference: `AN${m.k}-x`,
            product: 'pay_later',
            currency: 'SAR',
            customer_name: 'Late',
            customer_phone: '+966559999999',
            amount: 1000,
            created_at: '2026-11-12T09:00:00Z',
          },
        ],
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await sum('2026-11-01', '2026-11-25')).toMatchObject({ orders: 4, gmv: '1350.00' });
  });

  it('gives what it shows as CSV, a row a period and the totals', async () => {
    const m = await merchant([{ amount: 120.5, created_at: '2026-11-24T09:00:00Z' }]);
    const res = await app.inject({
      method: 'POST',
      url: `${A}/export`,
      headers: { authorization: `Bearer ${m.token}`, 'x-mbo-client': 'test' },
      payload: { from: '2026-11-23', to: '2026-11-25', country: 'SAU' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.period_start)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', 'total']);
    expect(rows[1]).toMatchObject({ orders: '1', gmv: '120.50', aov: '120.50', currency: 'SAR' });
    expect(rows[3]).toMatchObject({ orders: '1', gmv: '120.50' });
  });

  it('names bad input, and is only for the caller’s merchants with the analytics flag', async () => {
    const m = await merchant([]);
    const bad = await m.call(
      'GET',
      `${A}?from=2026-11-30&to=2026-11-01&products=barter&store_ids=sto-x&country=FRA`,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.field_errors).sort()).toEqual(['/country', '/products', '/store_ids', '/to']);
    expect((await m.call('GET', `${A}?from=2024-01-01&to=2026-11-25`)).body.field_errors['/to'].key).toBe(
      'validation:error.rangeTooLong',
    );
    expect((await m.call('GET', `${A}?from=nonsense&to=2026-11-25`)).status).toBe(400);
    const hour = await m.call('GET', `${A}?from=2026-11-01&to=2026-11-25&granularity=hour`);
    expect(Object.keys(hour.body.field_errors)).toEqual(['/granularity']);
    expect((await m.call('GET', `${A}?from=2026-11-01&to=2026-11-25&merchant_ids=mer-an-999`)).status).toBe(
      400,
    );
    const other = await merchant([]);
    expect(
      (await m.call('GET', `${A}?from=2026-11-01&to=2026-11-25&store_ids=sto-an-${other.k}-a`)).status,
    ).toBe(400);
    const noFlag = await merchant([], { is_order_view_allowed: true });
    expect((await noFlag.call('GET', `${A}?from=2026-11-01&to=2026-11-25`)).status).toBe(403);
  });
});
