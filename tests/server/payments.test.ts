/**
 * Orders and their payments (issue 34; docs/orders.md): a caller sees only their merchants' payments and only
 * with the orders flag; filters, search, sorts and keyset pages; a bad filter is 400 naming it; totals agree with
 * the list; capture and refund take at most what is left (also when two race), each with its own permission;
 * the export is CSV of every page of the filters.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const BASE = '/merchant/api/v1/payments';
const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const finance = await signIn(app, 'finance@demo.example', '+966501239901'); // Riyadh Style, settlements
const other = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets

let n = 0;
const ROLE_FLAGS = {
  has_merchant_access: true,
  is_order_view_allowed: true,
  is_order_creation_allowed: true,
  is_dispute_refund_allowed: true,
};

/** A merchant of its own with an admin, two stores and the given payments (so tests that act change nobody else's). */
async function merchantWith(
  payments: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Promise<
  Caller & {
    merchant: string;
    store: string;
    store2: string;
    account: string;
    email: string;
    pay: (i: number) => string;
  }
> {
  n += 1;
  const k = n; // other calls may count on while this one waits
  const merchant = `mer-pay-${k}`;
  const account = `acc-pay-${k}`;
  const phone = `+96656000${String(k).padStart(4, '0')}`;
  const fixture = {
    accounts: [{ id: account, email: `pay${k}@example.com`, phone }],
    merchants: [{ id: merchant, name: `Payments test ${k}`, country: 'SAU' }],
    stores: [
      {
        id: `sto-pay-${k}-a`,
        merchant_id: merchant,
        name: `Store A ${k}`,
        country: 'SAU',
        available_products: ['pay_later', 'installments'],
      },
      {
        id: `sto-pay-${k}-b`,
        merchant_id: merchant,
        name: `Store B ${k}`,
        country: 'SAU',
        available_products: ['pay_later'],
      },
    ],
    permissions: [{ account_id: account, merchant_id: merchant, role: 'workspace_admin', flags: ROLE_FLAGS }],
    payments: payments.map((p, i) => ({
      id: `pay-t${k}-${i}`,
      merchant_id: merchant,
      store_id: `sto-pay-${k}-a`,
      order_reference: `T${k}-${1000 + i}`,
      product: 'pay_later',
      amount: 100 + i,
      customer_name: `Customer ${i}`,
      customer_phone: `+9665500${String(k).padStart(2, '0')}${String(i).padStart(4, '0')}`,
      created_at: 'today-2d',
      ...p,
    })),
    ...extra,
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  const who = await signIn(app, `pay${k}@example.com`, phone);
  return Object.assign(who, {
    merchant,
    store: `sto-pay-${k}-a`,
    store2: `sto-pay-${k}-b`,
    account,
    email: `pay${k}@example.com`,
    pay: (i: number) => `pay-t${k}-${i}`,
  });
}

const ids = (body: Json) => (body.payments as Json[]).map((p) => p.id as string);

describe('who sees which payments', () => {
  it('lists the caller’s merchants’ payments newest first, 20 a page', async () => {
    const res = await admin.call('GET', BASE);
    expect(res.status).toBe(200);
    expect(res.body.payments).toHaveLength(12);
    expect(new Set(res.body.payments.map((p: Json) => p.merchant_id))).toEqual(new Set(['mer-riyadh-style']));
    const times = res.body.payments.map((p: Json) => p.created_at as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.payments.find((p: Json) => p.order_reference === 'ORD-58213')).toMatchObject({
      amount: '459.00',
      captured: '459.00',
      refunded: '0.00',
      currency: 'SAR',
      status: 'captured',
      customer_name: 'Noura Al-Qahtani',
    });
  });

  it('refuses a member without the orders flag (403) and hides another merchant’s payment (404)', async () => {
    const none = await merchantWith([]);
    const noFlag = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        permissions: [
          {
            account_id: none.account,
            merchant_id: none.merchant,
            role: 'workspace_admin',
            flags: { has_merchant_access: true },
          },
        ],
      },
    });
    expect(noFlag.statusCode).toBe(200);
    expect((await none.call('GET', BASE)).status).toBe(403);
    expect((await other.call('GET', `${BASE}/pay-ord-58213`)).status).toBe(404);
    expect(
      (await other.call('POST', `${BASE}/pay-ord-58213/refunds`, { amount: '1', reason: 'duplicate' }))
        .status,
    ).toBe(404);
    expect((await admin.call('GET', `${BASE}/pay-nothing-here`)).status).toBe(404);
  });
});

describe('filters, search, sorts and pages', () => {
  const seeded = merchantWith(
    Array.from({ length: 45 }, (_, i) => ({
      amount: [50, 120.5, 999.99, 2500][i % 4],
      product: i % 3 === 0 ? 'installments' : 'pay_later',
      created_at: `today-${i % 10}d`,
      customer_name: i === 7 ? 'Hessa Al-Dosari' : `Customer ${i}`,
      customer_phone: i === 7 ? '+966512345678' : `+96655009${String(i).padStart(4, '0')}`,
      captured: i % 6 === 0 ? 0 : undefined,
      cancelled: i === 12 ? true : undefined,
      refunded: i === 13 ? [50, 120.5, 999.99, 2500][13 % 4] : i === 14 ? 10 : undefined,
    })),
  );

  it('pages by keyset with no repeats and no gaps, in every sort', async () => {
    const m = await seeded;
    for (const sort of ['-created_at', 'created_at', '-amount', 'amount']) {
      const seen: Json[] = [];
      let token: string | null = null;
      do {
        const url = `${BASE}?sort=${sort}&page_size=20${token ? `&page_token=${token}` : ''}`;
        const res = await m.call('GET', url);
        expect(res.status, res.body?.message).toBe(200);
        seen.push(...res.body.payments);
        token = res.body.next_page_token;
      } while (token);
      expect(new Set(seen.map((p) => p.id)).size).toBe(45);
      const key = sort.endsWith('amount')
        ? (p: Json) => Number(p.amount)
        : (p: Json) => Date.parse(p.created_at);
      const values = seen.map(key);
      const sorted = [...values].sort((a, b) => (sort.startsWith('-') ? b - a : a - b));
      expect(values).toEqual(sorted);
    }
  });

  it('filters by status, product, store, amount range, days and search', async () => {
    const m = await seeded;
    const get = async (query: string) => {
      const res = await m.call('GET', `${BASE}?page_size=100&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.payments as Json[];
    };
    expect((await get('statuses=new')).every((p) => p.status === 'new')).toBe(true);
    expect((await get('statuses=new')).length).toBe(7); // i % 6 === 0 except the cancelled 12: 0,6,18,24,30,36,42
    expect((await get('statuses=cancelled')).map((p) => p.id)).toEqual([m.pay(12)]);
    expect((await get('statuses=refunded')).length).toBe(1);
    expect((await get('statuses=new,cancelled')).length).toBe(8);
    expect((await get('products=installments')).length).toBe(15);
    expect((await get(`store_ids=${m.store2}`)).length).toBe(0);
    expect((await get(`store_ids=${m.store}`)).length).toBe(45);
    const mid = await get('amount_gte=100&amount_lte=1000');
    expect(mid.length).toBeGreaterThan(0);
    expect(mid.every((p) => Number(p.amount) >= 100 && Number(p.amount) <= 1000)).toBe(true);
    expect((await get('amount_gte=120.5&amount_lte=120.5')).every((p) => p.amount === '120.50')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`created_at_gte=${today}&created_at_lte=${today}`)).length).toBe(5); // i % 10 === 0
    expect((await get('query=hessa')).map((p) => p.customer_name)).toEqual(['Hessa Al-Dosari']);
    expect((await get('query=512345678')).map((p) => p.customer_name)).toEqual(['Hessa Al-Dosari']);
    expect((await get('query=%2B966%205123')).map((p) => p.customer_name)).toEqual(['Hessa Al-Dosari']);
    const byReference = await get(
      `query=${encodeURIComponent((await get('query=hessa'))[0].order_reference.toLowerCase())}`,
    );
    expect(byReference).toHaveLength(1);
    expect((await get('query=100%25')).length).toBe(0); // a % is text, not a wildcard
  });

  it('totals agree with the list for the same filter', async () => {
    const m = await seeded;
    for (const query of ['', 'statuses=captured', 'products=installments&amount_gte=100']) {
      const list = (await m.call('GET', `${BASE}?page_size=100&${query}`)).body.payments as Json[];
      const totals = (await m.call('GET', `${BASE}/totals?${query}`)).body.totals as Json[];
      const cents = (field: string) => list.reduce((s, p) => s + Math.round(Number(p[field]) * 100), 0);
      expect(totals).toEqual([
        {
          currency: 'SAR',
          count: list.length,
          amount: (cents('amount') / 100).toFixed(2),
          captured: (cents('captured') / 100).toFixed(2),
          refunded: (cents('refunded') / 100).toFixed(2),
          net: ((cents('captured') - cents('refunded')) / 100).toFixed(2),
        },
      ]);
    }
    expect(
      (await m.call('GET', `${BASE}/totals?statuses=cancelled&statuses=new&query=nobody`)).body.totals,
    ).toEqual([]);
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const m = await seeded;
    const cases: [string, string][] = [
      ['statuses=shipped', '/statuses'],
      ['products=cash', '/products'],
      ['store_ids=sto-riyadh-style-online', '/store_ids'],
      ['merchant_ids=mer-riyadh-style', '/merchant_ids'],
      ['amount_gte=abc', '/amount_gte'],
      ['amount_gte=10.0001', '/amount_gte'],
      ['amount_gte=500&amount_lte=100', '/amount_lte'],
      ['created_at_gte=31/01/2026', '/created_at_gte'],
      ['created_at_gte=2026-02-01&created_at_lte=2026-01-01', '/created_at_lte'],
      ['page_token=not-a-token', '/page_token'],
    ];
    for (const [query, field] of cases) {
      const res = await m.call('GET', `${BASE}?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.field_errors ?? {}), query).toContain(field);
    }
    // The schema's own checks name the field too.
    for (const [query, word] of [
      ['sort=price', 'sort'],
      ['page_size=101', 'page_size'],
    ]) {
      const res = await m.call('GET', `${BASE}?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(word);
    }
    // A token of the amount sort is not one of the date sort's.
    const page = await m.call('GET', `${BASE}?sort=amount&page_size=5`);
    expect((await m.call('GET', `${BASE}?page_token=${page.body.next_page_token}`)).status).toBe(400);
  });
});

describe('a payment’s detail', () => {
  it('shows items, the timeline, the dispute and what the caller may do', async () => {
    const res = await admin.call('GET', `${BASE}/pay-ord-58190`);
    expect(res.status).toBe(200);
    const p = res.body.payment;
    expect(p).toMatchObject({
      order_reference: 'ORD-58190',
      store_name: 'Riyadh Style Online',
      items: [
        { name: 'Leather loafers', quantity: 1, unit_price: '899.50' },
        { name: 'Belt', quantity: 1, unit_price: '400.00' },
      ],
      dispute: { id: 'dsp-rs-1002' },
      left_to_capture: '0.00',
      left_to_refund: '1299.50',
      can_capture: false,
      can_refund: true,
    });
    expect(p.timeline.map((e: Json) => e.kind)).toEqual(['authorised', 'captured', 'disputed']);
    // A sales manager may not refund; settlements may neither refund nor capture.
    expect((await staff.call('GET', `${BASE}/pay-ord-58190`)).body.payment.can_refund).toBe(false);
    expect((await finance.call('GET', `${BASE}/pay-ord-58190`)).body.payment).toMatchObject({
      can_refund: false,
      can_capture: false,
    });
  });
});

describe('capture and refund', () => {
  it('captures in parts up to the amount, then says nothing is left', async () => {
    const m = await merchantWith([{ amount: 300, captured: 0 }]);
    const url = `${BASE}/${m.pay(0)}`;
    const first = await m.call('POST', `${url}/captures`, { amount: '100' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.payment).toMatchObject({
      status: 'captured',
      captured: '100.00',
      left_to_capture: '200.00',
    });
    const over = await m.call('POST', `${url}/captures`, { amount: '200.01' });
    expect(over.status).toBe(400);
    expect(over.body.field_errors['/amount']).toMatchObject({
      key: 'validation:error.amountLeft',
      params: { left: '200.00' },
    });
    expect((await m.call('POST', `${url}/captures`, { amount: '0' })).status).toBe(400);
    expect(
      (await m.call('POST', `${url}/captures`, { amount: '1.005' })).body.field_errors['/amount'].key,
    ).toBe('validation:error.amountDecimals');
    const rest = await m.call('POST', `${url}/captures`, { amount: '200' });
    expect(rest.body.payment).toMatchObject({
      captured: '300.00',
      left_to_capture: '0.00',
      can_capture: false,
    });
    expect(rest.body.payment.captures).toHaveLength(2);
    const none = await m.call('POST', `${url}/captures`, { amount: '1' });
    expect(none.status).toBe(409);
    expect(none.body.reason).toBe('nothing_to_capture');
  });

  it('refunds in parts up to what was captured, with a reason; the status follows', async () => {
    const m = await merchantWith([{ amount: 250 }]);
    const url = `${BASE}/${m.pay(0)}`;
    const part = await m.call('POST', `${url}/refunds`, { amount: '50.25', reason: 'returned' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.payment).toMatchObject({
      status: 'captured',
      refunded: '50.25',
      left_to_refund: '199.75',
    });
    expect(part.body.payment.refunds[0]).toMatchObject({
      amount: '50.25',
      reason: 'returned',
      by: m.email,
    });
    expect(part.body.payment.timeline.map((e: Json) => e.kind)).toEqual([
      'authorised',
      'captured',
      'refunded',
    ]);
    const over = await m.call('POST', `${url}/refunds`, { amount: '199.76', reason: 'returned' });
    expect(over.status).toBe(400);
    expect(over.body.field_errors['/amount'].params).toMatchObject({ left: '199.75', currency: 'SAR' });
    const why = await m.call('POST', `${url}/refunds`, { amount: '1', reason: 'other', note: '  ' });
    expect(why.status).toBe(400);
    expect(Object.keys(why.body.field_errors)).toEqual(['/note']);
    expect((await m.call('POST', `${url}/refunds`, { amount: '1', reason: 'because' })).status).toBe(400);
    const rest = await m.call('POST', `${url}/refunds`, {
      amount: '199.75',
      reason: 'other',
      note: 'Wrong size',
    });
    expect(rest.body.payment).toMatchObject({ status: 'refunded', refunded: '250.00', can_refund: false });
    const list = await m.call('GET', `${BASE}?statuses=refunded`);
    expect(ids(list.body)).toEqual([`${m.pay(0)}`]);
    expect((await m.call('POST', `${url}/refunds`, { amount: '1', reason: 'duplicate' })).status).toBe(409);
  });

  it('never refunds more than is left when two refunds race', async () => {
    const m = await merchantWith([{ amount: 100 }]);
    const url = `${BASE}/${m.pay(0)}/refunds`;
    const answers = await Promise.all([
      m.call('POST', url, { amount: '60', reason: 'returned' }),
      m.call('POST', url, { amount: '60', reason: 'returned' }),
      m.call('POST', url, { amount: '60', reason: 'returned' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    const after = await m.call('GET', `${BASE}/${m.pay(0)}`);
    expect(after.body.payment).toMatchObject({ refunded: '60.00', left_to_refund: '40.00' });
    expect(after.body.payment.refunds).toHaveLength(1);
  });

  it('needs the refund flag to refund and the sales flag to capture', async () => {
    expect(
      (await staff.call('POST', `${BASE}/pay-ord-58213/refunds`, { amount: '1', reason: 'duplicate' }))
        .status,
    ).toBe(403);
    expect(
      (await finance.call('POST', `${BASE}/pay-ord-58213/refunds`, { amount: '1', reason: 'duplicate' }))
        .status,
    ).toBe(403);
    const fresh = (await admin.call('GET', `${BASE}?statuses=new&page_size=1`)).body.payments as Json[];
    if (fresh.length > 0)
      expect((await finance.call('POST', `${BASE}/${fresh[0].id}/captures`, { amount: '1' })).status).toBe(
        403,
      );
    const m = await merchantWith([{ amount: 20, captured: 0 }]);
    expect((await m.call('POST', `${BASE}/${m.pay(0)}/captures`, { amount: '20' })).status).toBe(200);
  });

  it('refuses bodies that are not a capture or a refund (400 naming the field)', async () => {
    const m = await merchantWith([{ amount: 20 }]);
    const url = `${BASE}/${m.pay(0)}`;
    for (const [path, body, word] of [
      ['refunds', { amount: '-5', reason: 'returned' }, 'amount'],
      ['refunds', { amount: '5' }, 'reason'],
      ['refunds', { amount: '5', reason: 'returned', note: 'x'.repeat(501) }, 'note'],
      ['captures', { amount: '5.5.5' }, 'amount'],
    ] as const) {
      const res = await m.call('POST', `${url}/${path}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(word);
    }
  });
});

describe('the export', () => {
  const exportOf = (m: Caller, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `${BASE}/export`,
      headers: { authorization: `Bearer ${m.token}`, 'x-mbo-client': 'test' },
      payload,
    });

  it('streams every payment of the filters as quoted CSV, names neutralised', async () => {
    const m = await merchantWith(
      Array.from({ length: 30 }, (_, i) => ({
        customer_name: i === 3 ? '=HYPERLINK("http://x")' : `Customer ${i}`,
        product: i % 2 ? 'installments' : 'pay_later',
      })),
    );
    const res = await exportOf(m, { products: ['installments'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.Product === 'Pay in instalments')).toBe(true);
    expect(rows.find((r) => r['Payment ID'] === `${m.pay(3)}`)!.Customer).toBe('\'=HYPERLINK("http://x")');
    const bad = await exportOf(m, { statuses: ['shipped'] });
    expect(bad.statusCode).toBe(400);
  });

  it('is written for the merchant’s spreadsheet: a BOM, their language, their time zone, words, phones as text', async () => {
    const m = await merchantWith([
      { customer_name: 'هيا العتيبي', customer_phone: '+966550001234', captured: 0 },
      { captured: 101, refunded: 20, product: 'installments' },
    ]);
    const listed = (await m.call('GET', `${BASE}?sort=created_at`)).body.payments as Json[];
    const createdAt = (i: number) => listed.find((p) => p.id === m.pay(i))!.created_at as string;
    const plus3 = (iso: string) =>
      new Date(Date.parse(iso) + 3 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

    const en = await exportOf(m, { time_zone: 'Asia/Riyadh' });
    expect(en.statusCode, en.body).toBe(200);
    // Excel reads UTF-8 only behind a byte-order mark (the Arabic name).
    expect(
      en.body.startsWith('\uFEFF"Order number","Placed (Asia/Riyadh)","Status","Product","Store",'),
    ).toBe(true);
    const rows = parse(en.body, { columns: true, bom: true }) as Record<string, string>[];
    const first = rows.find((r) => r['Payment ID'] === m.pay(0))!;
    expect(first).toMatchObject({
      'Order number': expect.stringMatching(/^T\d+-1000$/),
      'Placed (Asia/Riyadh)': plus3(createdAt(0)),
      Status: 'New',
      Product: 'Pay later',
      Store: expect.stringMatching(/^Store A \d+$/),
      Customer: 'هيا العتيبي',
      // Text (no `'`, no formula, not a number losing its +): behind an invisible left-to-right mark.
      'Customer’s phone': '\u200E+966550001234',
    });
    expect(rows.find((r) => r['Payment ID'] === m.pay(1))).toMatchObject({
      Status: 'Partly refunded',
      Product: 'Pay in instalments',
      Captured: '101.00',
      Refunded: '20.00',
    });

    const ar = await exportOf(m, { lang: 'ar', time_zone: 'UTC' });
    const arRows = parse(ar.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(arRows[0]!).slice(0, 3)).toEqual(['رقم الطلب', 'تاريخ الطلب (UTC)', 'الحالة']);
    expect(arRows.find((r) => r['رقم الدفعة'] === m.pay(0))).toMatchObject({
      'تاريخ الطلب (UTC)': createdAt(0).slice(0, 16).replace('T', ' '),
      الحالة: 'جديد',
      المنتج: 'ادفع لاحقًا',
    });

    const wrongZone = await exportOf(m, { time_zone: 'Mars/Olympus' });
    expect(wrongZone.statusCode).toBe(400);
    expect(wrongZone.json().field_errors['/time_zone'].key).toBe('validation:error.timeZone');
    expect((await exportOf(m, { lang: 'fr' })).statusCode).toBe(400);
  });
});

describe('fixtures', () => {
  it('generates the same believable orders for the same seed, none after now, sums consistent', async () => {
    const m = await merchantWith([], {});
    const gen = {
      order_generators: [{ merchant_id: m.merchant, count: 150, days: 30, seed: 7, prefix: 'GX' }],
    };
    const first = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: gen });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().loaded.payments).toBe(150);
    const page = async () =>
      (await m.call('GET', `${BASE}?page_size=100&sort=created_at`)).body.payments as Json[];
    const before = await page();
    await app.inject({ method: 'POST', url: '/dev/fixtures', payload: gen });
    expect(await page()).toEqual(before);
    const totals = (await m.call('GET', `${BASE}/totals`)).body.totals[0];
    expect(totals.count).toBe(150);
    expect(before.every((p) => Date.parse(p.created_at) <= Date.now())).toBe(true);
    expect(
      before.every((p) => Number(p.refunded) <= Number(p.captured) && Number(p.captured) <= Number(p.amount)),
    ).toBe(true);
    expect(new Set(before.map((p) => p.status)).size).toBeGreaterThan(1);
    expect(before[0].order_reference).toMatch(/^GX-1\d{5}$/);
    // Captures and refunds happened before now, after the order, in order.
    for (const p of before.slice(-10)) {
      const events = (await m.call('GET', `${BASE}/${p.id}`)).body.payment.timeline as Json[];
      const times = events.map((e) => Date.parse(e.at));
      expect(times.every((at) => at <= Date.now() && at >= Date.parse(p.created_at))).toBe(true);
    }
  });

  it('refuses a fixture payment that refunds more than it captured, naming it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        payments: [
          {
            id: 'pay-bad',
            merchant_id: 'mer-riyadh-style',
            store_id: 'sto-riyadh-style-online',
            order_reference: 'BAD-1',
            product: 'pay_later',
            amount: 10,
            captured: 5,
            refunded: 6,
            customer_name: 'X',
            customer_phone: '+966500000000',
          },
          { id: 'pay-bad-2', merchant_id: 'mer-nobody' },
        ],
        order_generators: [{ merchant_id: 'mer-nobody', count: 0 }],
      },
    });
    expect(res.statusCode).toBe(400);
    const pointers = (res.json().problems as { pointer: string }[]).map((p) => p.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/payments/0/refunded',
        '/payments/1/merchant_id',
        '/order_generators/0/merchant_id',
        '/order_generators/0/count',
      ]),
    );
  });
});
