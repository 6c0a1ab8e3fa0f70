/**
 * Payment links (issue 34; docs/orders.md "Payment links"): a member who may create orders sends a customer a
 * link by SMS; each §8 message answers the order it is about (too high, too low, try instalments, no instalments,
 * not available, the same link twice) naming the field; strict validation changes what is checked; the link's
 * status is read, cancelled while open, and expires after 24 hours; another merchant's link is 404.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Caller } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const BASE = '/merchant/api/v1/payment-links';
const finance = await signIn(app, 'finance@demo.example', '+966501239901'); // Riyadh Style, settlements

let n = 0;
/** A member of a merchant (Riyadh Style unless told) of its own, with the strict-validation experiment or not. */
async function seller(strict: boolean, merchant = 'mer-riyadh-style'): Promise<Caller> {
  n += 1;
  const id = `acc-pl-${n}`;
  const phone = `+96659000${String(n).padStart(4, '0')}`;
  const loaded = await app.inject({
    method: 'POST',
    url: '/dev/fixtures',
    payload: {
      accounts: [{ id, email: `pl${n}@example.com`, phone }],
      permissions: [
        {
          account_id: id,
          merchant_id: merchant,
          role: 'sales_manager',
          flags: { has_merchant_access: true, is_order_creation_allowed: true, is_order_view_allowed: true },
        },
      ],
      experiments: strict ? [{ account_id: id, name: 'strict_paylinks_validation', value: 'enabled' }] : [],
    },
  });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return signIn(app, `pl${n}@example.com`, phone);
}

// A sales manager of Riyadh Style who may create orders (the demo's own has only the orders view).
const staff = await seller(false);
// One of another merchant's (Gulf Gadgets).
const other = await seller(false, 'mer-gulf-gadgets');

const link = (extra: Record<string, unknown> = {}) => ({
  store_id: 'sto-riyadh-style-online',
  product: 'pay_later',
  amount: '350.00',
  customer_phone: '+966512340000',
  ...extra,
});

describe('sending a link', () => {
  it('sends the customer an SMS with the link, and answers where it stands', async () => {
    const res = await staff.call(
      'POST',
      BASE,
      link({ customer_phone: '+966 51 234 0001', customer_name: 'Reem' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const l = res.body.payment_link;
    expect(l).toMatchObject({
      status: 'created',
      amount: '350.00',
      currency: 'SAR',
      customer_phone: '+966512340001',
      customer_name: 'Reem',
      can_cancel: true,
    });
    expect(l.id).toMatch(/^pay-/);
    expect(l.order_reference).toMatch(/^PL-[0-9A-F]{8}$/);
    expect(Date.parse(l.expires_at) - Date.parse(l.sent_at)).toBe(24 * 3600_000);
    const outbox = (await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
      to: string;
      body: string;
    }[];
    const sms = outbox.find((m) => m.to === '+966512340001')!;
    expect(sms.body).toContain('350.00 SAR');
    expect(sms.body).toContain(l.order_reference);
    expect(sms.body).toMatch(/\/checkout\/pl\/[\w-]{32}/);
    expect((await staff.call('GET', `${BASE}/${l.id}`)).body.payment_link).toMatchObject({
      id: l.id,
      status: 'created',
    });
    expect((await other.call('GET', `${BASE}/${l.id}`)).status).toBe(404);
    expect((await finance.call('GET', `${BASE}/${l.id}`)).status).toBe(403);
  });

  it('answers each §8 message about the order, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '5' }, 'order_amount_too_low', '/amount'],
      [{ amount: '7000' }, 'try_installments', '/product'],
      [{ amount: '25000' }, 'order_amount_too_high', '/amount'],
      [{ product: 'installments', amount: '50' }, 'order_amount_too_low', '/amount'],
      [{ store_id: 'sto-riyadh-style-outlet', product: 'installments' }, 'no_installments', '/product'],
      [{ store_id: 'sto-riyadh-style-outlet', amount: '7000' }, 'order_amount_too_high', '/amount'],
      [{ product: 'monthly_billing' }, 'not_available', '/product'],
    ];
    for (const [extra, message, field] of cases) {
      const res = await staff.call('POST', BASE, link(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message, JSON.stringify(extra)).toBe(message);
      expect(Object.keys(res.body.field_errors), JSON.stringify(extra)).toEqual([field]);
      expect(res.body.field_errors[field].key).toBe(`orders:linkError.${message}`);
    }
    const high = await staff.call('POST', BASE, link({ amount: '25000' }));
    expect(high.body.field_errors['/amount'].params).toMatchObject({ max: '5000', currency: 'SAR' });
    // The same link to the same number again within its 24 hours: a second link by mistake.
    expect((await staff.call('POST', BASE, link({ customer_phone: '+966512340002' }))).status).toBe(200);
    const again = await staff.call('POST', BASE, link({ customer_phone: '+966512340002' }));
    expect(again.body.message).toBe('phone number is not unique');
    expect(Object.keys(again.body.field_errors)).toEqual(['/customer_phone']);
    // Another amount is another order.
    expect(
      (await staff.call('POST', BASE, link({ customer_phone: '+966512340002', amount: '351' }))).status,
    ).toBe(200);
  });

  it('refuses what is not a link, naming the field', async () => {
    for (const [extra, field] of [
      [{ customer_phone: '0512345678' }, '/customer_phone'],
      [{ store_id: 'sto-gulf-gadgets' }, '/store_id'],
      [{ amount: '10.005' }, '/amount'],
      [{ amount: '0' }, '/amount'],
    ] as const) {
      const res = await staff.call('POST', BASE, link(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.body.field_errors ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect((await staff.call('POST', BASE, link({ product: 'cash' }))).status).toBe(400);
    expect((await finance.call('POST', BASE, link())).status).toBe(403);
  });

  it('with strict validation, also needs a name, an order number of its own and items adding up', async () => {
    const strict = await seller(true);
    const loose = await seller(false);
    const bare = await strict.call('POST', BASE, link({ customer_phone: '+966512340010' }));
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body.field_errors).sort()).toEqual([
      '/customer_name',
      '/items',
      '/order_reference',
    ]);
    expect((await loose.call('POST', BASE, link({ customer_phone: '+966512340011' }))).status).toBe(200);
    const wrongTotal = await strict.call(
      'POST',
      BASE,
      link({
        customer_phone: '+966512340012',
        customer_name: 'Huda',
        order_reference: 'RS-STRICT-1',
        items: [{ name: 'Scarf', quantity: 2, unit_price: '150' }],
      }),
    );
    expect(wrongTotal.body.field_errors['/items']).toMatchObject({
      key: 'orders:linkError.itemsTotal',
      params: { total: '300.00', currency: 'SAR' },
    });
    const good = {
      customer_phone: '+966512340013',
      customer_name: 'Huda',
      order_reference: 'RS-STRICT-2',
      items: [
        { name: 'Scarf', quantity: 2, unit_price: '150' },
        { name: 'Belt', quantity: 1, unit_price: '50' },
      ],
    };
    const sent = await strict.call('POST', BASE, link(good));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.payment_link.items).toEqual([
      { name: 'Scarf', quantity: 2, unit_price: '150.00' },
      { name: 'Belt', quantity: 1, unit_price: '50.00' },
    ]);
    // An order number already used (by a link here; the demo's orders' too).
    const reused = await strict.call('POST', BASE, link({ ...good, customer_phone: '+966512340014' }));
    expect(reused.body.field_errors['/order_reference'].key).toBe('orders:linkError.referenceTaken');
    const taken = await strict.call(
      'POST',
      BASE,
      link({ ...good, customer_phone: '+966512340015', order_reference: 'ORD-58213' }),
    );
    expect(Object.keys(taken.body.field_errors)).toEqual(['/order_reference']);
  });
});

describe('the caps on links sent (issue 53: each is an SMS with text the sender chose)', () => {
  it('one member sends at most the hour’s links, one merchant the day’s: 429 with the limit, and no SMS', async () => {
    const { app: capped } = await createTestApp({
      env: {
        AUTH_RATE_LIMIT: '100000',
        PAYMENT_LINK_HOURLY_LIMIT: '3',
        PAYMENT_LINK_MERCHANT_DAILY_LIMIT: '5',
      },
    });
    await loadDemoData(capped);
    const member = async (k: number, merchant: string) => {
      const id = `acc-cap-${k}`;
      const phone = `+96659100${String(k).padStart(4, '0')}`;
      await capped.inject({
        method: 'POST',
        url: '/dev/fixtures',
        payload: {
          accounts: [{ id, email: `cap${k}@example.com`, phone }],
          permissions: [
            {
              account_id: id,
              merchant_id: merchant,
              role: 'sales_manager',
              flags: { has_merchant_access: true, is_order_creation_allowed: true },
            },
          ],
        },
      });
      return signIn(capped, `cap${k}@example.com`, phone);
    };
    const sent = async () =>
      ((await capped.inject({ method: 'GET', url: '/dev/outbox' })).json() as unknown[]).length;
    const to = (k: number) => link({ customer_phone: `+9665123450${String(k).padStart(2, '0')}` });

    const a = await member(1, 'mer-riyadh-style');
    for (let k = 1; k <= 3; k++) expect((await a.call('POST', BASE, to(k))).status).toBe(200);
    const before = await sent();
    const fourth = await a.call('POST', BASE, to(4));
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ message: 'too many payment links', limit: 3, per: 'hour' });
    expect(await sent()).toBe(before);

    // An hour later the member may again; the merchant's day has room for five in all.
    await capped.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 61 * 60_000 } });
    expect((await a.call('POST', BASE, to(5))).status).toBe(200);
    const b = await member(2, 'mer-riyadh-style');
    expect((await b.call('POST', BASE, to(6))).status).toBe(200);
    const sixth = await b.call('POST', BASE, to(7));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ limit: 5, per: 'day' });

    // Sent at once, the cap still holds: three of eight go.
    const c = await member(3, 'mer-gulf-gadgets');
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        c.call('POST', BASE, {
          store_id: 'sto-gulf-gadgets',
          product: 'installments',
          amount: '1500.00',
          customer_phone: `+9715012346${String(k).padStart(2, '0')}`,
        }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });
});

describe('the links sent (issue 56: an unpaid link is found again)', () => {
  it('lists the merchant’s links newest first, a page at a time, by status as of now; none of another’s', async () => {
    const first = (await staff.call('POST', BASE, link({ customer_phone: '+966512340031' }))).body
      .payment_link;
    const second = (await staff.call('POST', BASE, link({ customer_phone: '+966512340032' }))).body
      .payment_link;
    // Another member of the same merchant finds them too (the shop's links, not the sender's).
    const colleague = await seller(false);
    const all = await colleague.call('GET', `${BASE}?page_size=2`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.payment_links.map((l: { id: string }) => l.id)).toEqual([second.id, first.id]);
    expect(all.body).toMatchObject({ page: 1, page_size: 2 });
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const next = await colleague.call('GET', `${BASE}?page_size=1&page=2`);
    expect(next.body.payment_links.map((l: { id: string }) => l.id)).toEqual([first.id]);
    await staff.call('POST', `${BASE}/${first.id}/cancel`, {});
    const ids = async (status: string) =>
      (await colleague.call('GET', `${BASE}?status=${status}&page_size=100`)).body.payment_links.map(
        (l: { id: string }) => l.id,
      );
    expect(await ids('created')).toContain(second.id);
    expect(await ids('created')).not.toContain(first.id);
    expect(await ids('cancelled')).toContain(first.id);
    expect(await ids('paid')).not.toContain(second.id);
    expect((await other.call('GET', `${BASE}?page_size=100`)).body.payment_links).not.toContainEqual(
      expect.objectContaining({ id: second.id }),
    );
  });

  it('refuses a status it does not know and a member who may not send links, naming why', async () => {
    const bad = await staff.call('GET', `${BASE}?status=unpaid`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('status');
    expect((await finance.call('GET', BASE)).status).toBe(403);
  });
});

describe('cancel and expiry', () => {
  describe('the sandbox checkout the SMS leads to', () => {
    /** The token of the link the outbox last sent to a phone. */
    async function tokenSentTo(phone: string) {
      const outbox = (await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
        to: string;
        body: string;
      }[];
      return outbox.find((m) => m.to === phone)!.body.match(/\/checkout\/pl\/([\w-]{32})/)![1]!;
    }

    it('opens the link in the store’s language, takes the customer’s name, and pays it once: the order exists', async () => {
      const sent = (
        await staff.call('POST', BASE, link({ customer_phone: '+966512340030', amount: '120.50' }))
      ).body.payment_link;
      const token = await tokenSentTo('+966512340030');
      const page = await app.inject({ method: 'GET', url: `/checkout/pl/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      // A Saudi store: Arabic, as the SMS was; the amount and the product in words.
      expect(page.body).toContain('lang="ar" dir="rtl"');
      expect(page.body).toContain('120.50 SAR');
      expect(page.body).toContain('ادفع لاحقًا');
      expect(page.body).toContain('id="customer_name"');
      // Its icon is named and served (issue 56: the browser asked for /favicon.ico and got a 404).
      const icon = /<link rel="icon"[^>]* href="([^"]+)"/.exec(page.body)?.[1];
      expect(icon).toBe('/favicon.svg');
      expect((await app.inject({ method: 'GET', url: `/checkout/pl/${token}?lang=en` })).body).toContain(
        'Pay later',
      );
      const opened = (await staff.call('GET', `${BASE}/${sent.id}`)).body.payment_link;
      expect(opened.status).toBe('opened');
      expect(opened.opened_at).not.toBeNull();

      // No name: the page again, saying so, keeping what was typed (nothing), and nothing paid.
      const nameless = await app.inject({
        method: 'POST',
        url: `/checkout/pl/${token}?lang=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'customer_name=%20',
      });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.body).toContain('Enter your full name to pay');
      expect((await staff.call('GET', `${BASE}/${sent.id}`)).body.payment_link.status).toBe('opened');

      const paid = await app.inject({
        method: 'POST',
        url: `/checkout/pl/${token}?lang=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'customer_name=Reem+Al+Harbi',
      });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`/checkout/pl/${token}?lang=en`);
      expect((await app.inject({ method: 'GET', url: paid.headers.location as string })).body).toContain(
        'Paid. <bdi>Riyadh Style',
      );
      const link2 = (await staff.call('GET', `${BASE}/${sent.id}`)).body.payment_link;
      expect(link2).toMatchObject({ status: 'paid', can_cancel: false });
      // The order is the link's: same id, authorised (new), the customer's name, the amount and reference.
      const order = await staff.call('GET', `/merchant/api/v1/payments/${sent.id}`);
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect(order.body.payment).toMatchObject({
        id: sent.id,
        status: 'new',
        amount: '120.50',
        customer_name: 'Reem Al Harbi',
        customer_phone: '+966512340030',
        order_reference: sent.order_reference,
      });
      // Paid again (a second tap): back to the page, still one order, still paid.
      const again = await app.inject({
        method: 'POST',
        url: `/checkout/pl/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'customer_name=Someone+Else',
      });
      expect(again.statusCode).toBe(303);
      expect(
        (await staff.call('GET', `/merchant/api/v1/payments/${sent.id}`)).body.payment.customer_name,
      ).toBe('Reem Al Harbi');
    });

    it('says a cancelled link is cancelled and takes no payment; a token that names no link is not found', async () => {
      const sent = (
        await staff.call('POST', BASE, link({ customer_phone: '+966512340031', customer_name: 'Omar' }))
      ).body.payment_link;
      const token = await tokenSentTo('+966512340031');
      // The merchant gave the name: the page does not ask it.
      expect((await app.inject({ method: 'GET', url: `/checkout/pl/${token}` })).body).not.toContain(
        'customer_name',
      );
      await staff.call('POST', `${BASE}/${sent.id}/cancel`, {});
      const page = await app.inject({ method: 'GET', url: `/checkout/pl/${token}?lang=en` });
      expect(page.body).toContain('cancelled this link');
      expect(page.body).not.toContain('<form');
      const pay = await app.inject({
        method: 'POST',
        url: `/checkout/pl/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(pay.statusCode).toBe(303);
      expect((await staff.call('GET', `/merchant/api/v1/payments/${sent.id}`)).status).toBe(404);
      for (const bad of ['x'.repeat(32), 'short', '..%2F..%2Fetc']) {
        const none = await app.inject({ method: 'GET', url: `/checkout/pl/${bad}?lang=en` });
        expect(none.statusCode, bad).toBe(404);
        expect(none.body).toContain('This payment link is not valid');
      }
    });
  });

  it('with CHECKOUT_URL, sends the customer to the provider’s checkout, and serves no sandbox', async () => {
    const { app: withCheckout } = await createTestApp({
      env: { AUTH_RATE_LIMIT: '100000', CHECKOUT_URL: 'https://pay.example.com/l/' },
    });
    await loadDemoData(withCheckout);
    const phone = '+966590009999';
    await withCheckout.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        accounts: [{ id: 'acc-pl-provider', email: 'plp@example.com', phone }],
        permissions: [
          {
            account_id: 'acc-pl-provider',
            merchant_id: 'mer-riyadh-style',
            role: 'sales_manager',
            flags: { has_merchant_access: true, is_order_creation_allowed: true },
          },
        ],
      },
    });
    const seller2 = await signIn(withCheckout, 'plp@example.com', phone);
    expect((await seller2.call('POST', BASE, link({ customer_phone: '+966512340040' }))).status).toBe(200);
    const outbox = (await withCheckout.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
      to: string;
      body: string;
    }[];
    const sms = outbox.find((m) => m.to === '+966512340040')!.body;
    expect(sms).toMatch(/https:\/\/pay\.example\.com\/l\/[\w-]{32}/);
    const token = sms.match(/\/l\/([\w-]{32})/)![1];
    expect((await withCheckout.inject({ method: 'GET', url: `/checkout/pl/${token}` })).statusCode).toBe(404);
  });

  it('cancels an open link once; a link unpaid after 24 hours has expired', async () => {
    const sent = (await staff.call('POST', BASE, link({ customer_phone: '+966512340020' }))).body
      .payment_link;
    const cancelled = await staff.call('POST', `${BASE}/${sent.id}/cancel`, {});
    expect(cancelled.body.payment_link).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(cancelled.body.payment_link.cancelled_at).not.toBeNull();
    const twice = await staff.call('POST', `${BASE}/${sent.id}/cancel`, {});
    expect(twice.status).toBe(409);
    // The same number may be sent a new link once the last is cancelled.
    const fresh = (await staff.call('POST', BASE, link({ customer_phone: '+966512340020' }))).body
      .payment_link;
    const clock = await app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advance_ms: 24 * 3600_000 + 1000 },
    });
    expect(clock.statusCode, clock.body).toBe(200);
    // (The clock only moves forward: this is the file's last test.)
    const later = await staff.call('GET', `${BASE}/${fresh.id}`);
    expect(later.body.payment_link).toMatchObject({ status: 'expired', can_cancel: false });
    expect((await staff.call('POST', `${BASE}/${fresh.id}/cancel`, {})).body.link_status).toBe('expired');
    // The list says so too: found among the expired, not the open.
    const expired = (await staff.call('GET', `${BASE}?status=expired&page_size=100`)).body.payment_links;
    expect(expired).toContainEqual(expect.objectContaining({ id: fresh.id, status: 'expired' }));
    const open = (await staff.call('GET', `${BASE}?status=created&page_size=100`)).body.payment_links;
    expect(open).not.toContainEqual(expect.objectContaining({ id: fresh.id }));
    // Expired, it no longer stands in the way of a new link to the number.
    expect((await staff.call('POST', BASE, link({ customer_phone: '+966512340020' }))).status).toBe(200);
  });
});
