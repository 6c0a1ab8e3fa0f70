/**
 * What an instance keeps must hold with two behind the balancer (issue 53, finding 5): two servers on one database,
 * each call of a feature sent to one or the other as a balancer without sticky sessions would. The cluster check
 * (`npm run test:cluster`) walks the same features through the real proxy; docs/scaling.md lists every piece of
 * state and where it lives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { caller, signIn, type Caller } from './setup/signIn';
import { lastCodeTo, walletMerchant } from './setup/wallet';

const env = { AUTH_RATE_LIMIT: '100000', PAYMENT_LINK_HOURLY_LIMIT: '2' };
// PGlite on its own thread, as npm start runs it; the second instance shares its database.
const a = await createTestApp({ env, thread: true });
const b = await createTestApp({ env, database: a.database });
const demo = JSON.parse(
  readFileSync(new URL('../../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
);
delete demo.order_generators;
expect((await a.app.inject({ method: 'POST', url: '/dev/fixtures', payload: demo })).statusCode).toBe(200);

/** The same signed-in session on both instances. */
const onBoth = (who: Caller): [Caller, Caller] => [caller(a.app, who.token), caller(b.app, who.token)];

describe('two instances on one database', () => {
  it('connect a platform: the consent page on one, the connect call on the other', async () => {
    const [onA, onB] = onBoth(await signIn(a.app, 'capital-offers@demo.example', '+971502220001'));
    const merchant = 'mer-falcon-electronics';
    const consent = await a.app.inject({
      method: 'GET',
      url: `/merchant/sandbox/ecommerce/consent?merchant_id=${merchant}&platform=shopify&return_to=/finance/capital`,
      headers: { authorization: `Bearer ${onA.token}` },
    });
    expect(consent.statusCode).toBe(200);
    const href = /<a class="button primary" href="([^"]+)"/.exec(consent.body)![1]!.replace(/&amp;/g, '&');
    const token = new URL(href, 'http://app.invalid').searchParams.get('public_token')!;
    const connected = await onB.call('POST', '/merchant/api/v1/capital/ecommerce/connect', {
      platform: 'shopify',
      merchant_id: merchant,
      public_token: token,
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const listed = await onA.call(
      'GET',
      `/merchant/api/v1/capital/ecommerce/connections?merchant_id=${merchant}`,
    );
    expect(listed.body.items.find((i: { platform: string }) => i.platform === 'shopify').connected).toBe(
      true,
    );
  });

  it('the development clock: moved on one, moved on the other', async () => {
    const before = (await b.app.inject({ method: 'GET', url: '/dev/clock' })).json().offset_ms;
    const moved = await a.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advance_ms: 3_600_000 },
    });
    expect(moved.json().offset_ms).toBe(before + 3_600_000);
    let seen = before;
    for (let i = 0; i < 40 && seen !== before + 3_600_000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = (await b.app.inject({ method: 'GET', url: '/dev/clock' })).json().offset_ms;
    }
    expect(seen).toBe(before + 3_600_000);
  });

  it('one step-up code moves money once, with the calls spread over both instances', async () => {
    const m = await walletMerchant(a.app);
    const [onA, onB] = onBoth(m);
    await onA.call('POST', '/merchant/api/v1/auth/step-up', { purpose: 'wallet_transfer' });
    const code = await lastCodeTo(a.app, m.phone);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? onA : onB).call('POST', `${m.wallet}/transfers`, { amount: '10', code }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('the payment links’ cap counts the links sent through both instances', async () => {
    const [onA, onB] = onBoth(await signIn(a.app, 'admin@demo.example', '+966501234567'));
    // The demo admin has strict validation on: a name, an order number of its own, items adding up.
    const link = (phone: string) => ({
      store_id: 'sto-riyadh-style-online',
      product: 'pay_later',
      amount: '250.00',
      customer_phone: phone,
      customer_name: 'Amal',
      order_reference: `INST-${phone.slice(-4)}`,
      items: [{ name: 'Abaya', quantity: 1, unit_price: '250.00' }],
    });
    const first = await onA.call('POST', '/merchant/api/v1/payment-links', link('+966512349001'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await onB.call('POST', '/merchant/api/v1/payment-links', link('+966512349002'))).status).toBe(
      200,
    );
    const third = await onA.call('POST', '/merchant/api/v1/payment-links', link('+966512349003'));
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ limit: 2, per: 'hour' });
  });
});
