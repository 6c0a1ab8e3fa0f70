/**
 * The e-commerce connector of capital's sales data (§2, §7): the sandbox connector's consent page (labelled
 * sandbox, en and ar, only for the caller's own merchants, back only to a path of ours), its signed tokens (bound
 * to merchant and platform, 10 minutes), `…/connect` taking only those, and the product with no connector.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller } from './setup/signIn';
import { adjustableClock, systemClock } from '../../src/server/clock';
import { isReturnPath } from '../../src/server/services/connectors';

const demo = JSON.parse(
  readFileSync(new URL('../../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
);
const clock = adjustableClock(systemClock);
const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, clock });
await app.inject({ method: 'POST', url: '/dev/fixtures', payload: demo });
const offers = await signIn(app, 'capital-offers@demo.example', '+971502220001');

const C = '/merchant/api/v1/capital/ecommerce';
const MERCHANT = 'mer-falcon-electronics';
const page = (who: Caller | null, query: Record<string, string>) =>
  app.inject({
    method: 'GET',
    url: `/merchant/sandbox/ecommerce/consent?${new URLSearchParams(query)}`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });
const connect = (publicToken: string, platform = 'shopify') =>
  offers.call('POST', `${C}/connect`, { platform, merchant_id: MERCHANT, public_token: publicToken });

/** The consent page's Approve: where it sends the merchant back, with the token. */
async function approve(platform: string) {
  const res = await page(offers, { merchant_id: MERCHANT, platform, return_to: '/finance/capital/x' });
  expect(res.statusCode).toBe(200);
  const href = /<a class="button primary" href="([^"]+)"/.exec(res.body)![1]!.replace(/&amp;/g, '&');
  const back = new URL(href, 'http://app.invalid');
  expect(back.pathname).toBe('/finance/capital/x');
  expect(back.searchParams.get('platform')).toBe(platform);
  return back.searchParams.get('public_token')!;
}

describe('the sandbox connector', () => {
  it('lists each platform with its consent page, and says it is the sandbox', async () => {
    const res = await offers.call('GET', `${C}/connections?merchant_id=${MERCHANT}`);
    expect(res.status).toBe(200);
    expect(res.body.sandbox).toBe(true);
    expect(res.body.items[1]).toEqual({
      platform: 'shopify',
      connected: false,
      consent_url: `/merchant/sandbox/ecommerce/consent?merchant_id=${MERCHANT}&platform=shopify`,
    });
  });

  it('shows a consent page labelled sandbox, in English or Arabic, for the caller’s own merchant only', async () => {
    let res = await page(offers, {
      merchant_id: MERCHANT,
      platform: 'shopify',
      return_to: '/finance/capital/x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.body).toContain('SANDBOX');
    expect(res.body).toContain('Connect Shopify (sandbox)');
    expect(res.body).not.toContain('<script');
    res = await page(offers, { merchant_id: MERCHANT, platform: 'amazon', lang: 'ar' });
    expect(res.body).toContain('dir="rtl"');
    expect(res.body).toContain('ربط أمازون (بيئة تجريبية)');

    expect((await page(offers, { merchant_id: 'mer-palm-furniture', platform: 'shopify' })).statusCode).toBe(
      404,
    );
    expect((await page(null, { merchant_id: MERCHANT, platform: 'shopify' })).statusCode).toBe(401);
    expect((await page(offers, { merchant_id: MERCHANT, platform: 'ebay' })).statusCode).toBe(400);
    for (const away of ['https://evil.example/x', '//evil.example/x', '/\\evil.example'])
      expect(
        (await page(offers, { merchant_id: MERCHANT, platform: 'shopify', return_to: away })).statusCode,
      ).toBe(400);
  });

  it('connects with the token the page gave for this merchant and platform, within 10 minutes', async () => {
    const shopify = await approve('shopify');
    expect(shopify).toMatch(/^sbx\./);
    let res = await connect(shopify, 'amazon'); // another platform's token
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'invalid_token' });
    expect(res.body.field_errors).toEqual({
      '/public_token': { key: 'capital:error.connectToken', params: {} },
    });
    expect((await connect('tok-123')).status).toBe(400);
    res = await connect(shopify);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ platform: 'shopify', connected: true });
    res = await offers.call('GET', `${C}/connections?merchant_id=${MERCHANT}`);
    expect(res.body.items[1]).toMatchObject({ platform: 'shopify', connected: true });

    const amazon = await approve('amazon');
    clock.advance(10 * 60_000 + 1000);
    expect((await connect(amazon, 'amazon')).status).toBe(400); // expired
  });

  it('comes back only to a path of this site', () => {
    expect(isReturnPath('/finance/capital/application-frf/a1/sales_data')).toBe(true);
    expect(isReturnPath('/x?y=1')).toBe(true);
    for (const away of [
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      'finance',
      '/a b',
      `/${'a'.repeat(500)}`,
    ])
      expect(isReturnPath(away), away).toBe(false);
  });
});

describe('no connector configured', () => {
  it('has no consent page, no consent addresses, and connecting answers 503', async () => {
    const { app: bare } = await createTestApp({
      env: { AUTH_RATE_LIMIT: '100000', ECOMMERCE_CONNECTOR: 'none' },
    });
    await bare.inject({ method: 'POST', url: '/dev/fixtures', payload: demo });
    const who = await signIn(bare, 'capital-offers@demo.example', '+971502220001');
    let res = await who.call('GET', `${C}/connections?merchant_id=${MERCHANT}`);
    expect(res.body.sandbox).toBe(false);
    expect(res.body.items.map((i: { consent_url: unknown }) => i.consent_url)).toEqual([null, null, null]);
    res = await who.call('POST', `${C}/connect`, {
      platform: 'shopify',
      merchant_id: MERCHANT,
      public_token: 'x',
    });
    expect(res.status).toBe(503);
    const consent = await bare.inject({
      method: 'GET',
      url: `/merchant/sandbox/ecommerce/consent?merchant_id=${MERCHANT}&platform=shopify`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(consent.statusCode).toBe(404);
  });
});
