/**
 * Marketing's calls (issue 36; docs/marketing.md): a platform of the 24 connected through the sandbox connector's
 * consent page and its products read in, shown in the marketplace only once the marketplace may read the catalogue,
 * revoked and disconnected; the store listing published by its flow (draft per revision, the next edit starting from
 * what was published), hidden and shown; bad fields named, another merchant's rows absent, gates held.
 */
import { describe, expect, it } from 'vitest';
import { sandboxCatalogue } from '../../src/domain/marketing';
import { createTestApp } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { PNG, uploadTo } from './setup/upload';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
const M = '/merchant/api/v1/marketing';

let n = 0;
async function merchant(options: { catalog?: boolean; access?: boolean } = {}) {
  n += 1;
  const k = n;
  const id = `mer-mk-${k}`;
  const phone = `+96655900${String(k).padStart(4, '0')}`;
  const fixture = {
    accounts: [{ id: `acc-mk-${k}`, email: `mk${k}@example.com`, phone }],
    merchants: [{ id, name: `Marketing ${k}`, country: k % 2 ? 'SAU' : 'KWT' }],
    permissions: [
      {
        account_id: `acc-mk-${k}`,
        merchant_id: id,
        role: 'workspace_admin',
        flags: { has_merchant_access: options.access ?? true },
      },
    ],
    experiments:
      options.catalog === false
        ? []
        : [{ account_id: `acc-mk-${k}`, name: 'product_catalog', value: 'enabled' }],
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return Object.assign(await signIn(app, `mk${k}@example.com`, phone), {
    id,
    currency: k % 2 ? 'SAR' : 'KWD',
  });
}

/** What the connect widget hands back: the consent page's Approve link. */
async function approve(who: Caller, consentUrl: string) {
  const page = await app.inject({
    method: 'GET',
    url: consentUrl,
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(page.statusCode, page.body).toBe(200);
  const href = /href="([^"]*public_token=[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
  expect(href.startsWith('/marketing/connect/')).toBe(true);
  return new URL(href, 'http://x').searchParams.get('public_token')!;
}

describe('marketing', () => {
  it('connects a platform, reads its products, shows them once the marketplace may read the catalogue', async () => {
    const m = await merchant();
    let list = (await m.call('GET', `${M}/connections`)).body;
    expect(list).toMatchObject({
      sandbox: true,
      available: true,
      connections: [],
      merchants: [{ merchant_id: m.id, product_catalog: true, catalog_authorised_at: null }],
    });

    const consent = (await m.call('GET', `${M}/connections/consent?merchant_id=${m.id}&platform=salla`)).body;
    expect(consent.consent_url).toContain('return_to=%2Fmarketing%2Fconnect%2Fsalla');
    const token = await approve(m, consent.consent_url);
    // A token for another platform does not connect this one.
    const wrong = await m.call('POST', `${M}/connections`, {
      merchant_id: m.id,
      platform: 'zid',
      public_token: token,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.field_errors)).toEqual(['/public_token']);
    const connected = await m.call('POST', `${M}/connections`, {
      merchant_id: m.id,
      platform: 'salla',
      public_token: token,
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const catalogue = sandboxCatalogue(m.id, 'salla', m.currency);
    expect(connected.body.connection).toMatchObject({ platform: 'salla', products: catalogue.length });

    let products = (await m.call('GET', `${M}/products?page_size=5`)).body;
    expect(products).toMatchObject({ total: catalogue.length, in_marketplace: 0, page_size: 5 });
    expect(products.products).toHaveLength(5);
    const titles = [...catalogue.map((c) => c.title)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(products.products[0].title).toBe(titles[0]);
    const first = products.products[0];
    // Searching by title; a percent sign is a character, not a wildcard.
    const word = first.title.split(' ')[0];
    expect(
      (
        await m.call('GET', `${M}/products?query=${encodeURIComponent(word.toLowerCase())}`)
      ).body.products.every((p: Json) => p.title.includes(word)),
    ).toBe(true);
    expect((await m.call('GET', `${M}/products?query=%25`)).body.total).toBe(0);

    // Showing needs the marketplace's permission first.
    const early = await m.call('PATCH', `${M}/products/${first.id}`, { in_marketplace: true });
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe('catalog_not_authorised');
    const granted = await m.call('PUT', `${M}/marketplace/${m.id}/catalog-authorisation`, {});
    expect(granted.body.entry.merchant.catalog_authorised_at).toEqual(expect.any(String));
    expect(
      (await m.call('PATCH', `${M}/products/${first.id}`, { in_marketplace: true })).body.product
        .in_marketplace,
    ).toBe(true);
    products = (await m.call('GET', `${M}/products?in_marketplace=true`)).body;
    expect(products).toMatchObject({ total: 1, in_marketplace: 1 });
    expect((await m.call('GET', `${M}/marketplace`)).body.entries[0].products_in_marketplace).toBe(1);

    // Revoking takes every product out; disconnecting removes them.
    await m.call('DELETE', `${M}/marketplace/${m.id}/catalog-authorisation`);
    expect((await m.call('GET', `${M}/products`)).body.in_marketplace).toBe(0);
    expect((await m.call('DELETE', `${M}/connections/${m.id}/salla`)).status).toBe(204);
    expect((await m.call('GET', `${M}/products`)).body.total).toBe(0);
    expect((await m.call('DELETE', `${M}/connections/${m.id}/salla`)).status).toBe(404);
    list = (await m.call('GET', `${M}/connections`)).body;
    expect(list.connections).toEqual([]);
  });

  it('names bad fields, hides other merchants’ rows, and holds the gates', async () => {
    const a = await merchant();
    const b = await merchant();
    expect(
      (await a.call('GET', `${M}/connections/consent?merchant_id=${a.id}&platform=custom`)).body.field_errors,
    ).toHaveProperty('/platform');
    expect(
      (await a.call('GET', `${M}/connections/consent?merchant_id=${b.id}&platform=salla`)).body.field_errors,
    ).toHaveProperty('/merchant_id');
    const missing = await a.call('POST', `${M}/connections`, { merchant_id: a.id });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/platform|public_token/);
    expect((await a.call('GET', `${M}/products?page=0`)).status).toBe(400);
    // b's consent page for a's merchant: not found.
    const theirs = await app.inject({
      method: 'GET',
      url: `/merchant/sandbox/ecommerce/consent?merchant_id=${a.id}&platform=salla&return_to=%2Fmarketing%2Fconnect%2Fsalla`,
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(theirs.statusCode).toBe(404);
    const token = await approve(
      a,
      (await a.call('GET', `${M}/connections/consent?merchant_id=${a.id}&platform=zid`)).body.consent_url,
    );
    await a.call('POST', `${M}/connections`, { merchant_id: a.id, platform: 'zid', public_token: token });
    const product = (await a.call('GET', `${M}/products`)).body.products[0];
    expect((await b.call('PATCH', `${M}/products/${product.id}`, { in_marketplace: false })).status).toBe(
      404,
    );
    expect((await b.call('DELETE', `${M}/connections/${a.id}/zid`)).status).toBe(404);
    expect((await b.call('PUT', `${M}/marketplace/${a.id}/catalog-authorisation`, {})).status).toBe(404);
    expect((await b.call('GET', `${M}/products`)).body.total).toBe(0);

    // Without the product catalog experiment: connections yes, products no. Without merchant access: nothing.
    const plain = await merchant({ catalog: false });
    expect((await plain.call('GET', `${M}/connections`)).status).toBe(200);
    expect((await plain.call('GET', `${M}/products`)).status).toBe(403);
    const none = await merchant({ access: false });
    expect((await none.call('GET', `${M}/marketplace`)).status).toBe(403);
  });

  it('publishes the store listing from its flow, a new revision per edit, and hides or shows it', async () => {
    const m = await merchant();
    const F = '/merchant/api/v1/flows/store-listing/drafts';
    let entry = (await m.call('GET', `${M}/marketplace`)).body.entries[0];
    expect(entry).toMatchObject({ listing: null, draft: null });
    expect((await m.call('PUT', `${M}/marketplace/${m.id}/visibility`, { visible: false })).status).toBe(409);

    const started = await m.call('POST', F, {});
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    const id = started.body.id;
    const logo = await uploadTo(app, m, {
      url: '/merchant/api/v2/upload',
      field: 'file',
      filename: 'logo.png',
      bytes: PNG,
      type: 'image/png',
    });
    expect(logo.statusCode, logo.body).toBe(201);
    const answers: [string, Record<string, unknown>][] = [
      [
        'basic-details',
        {
          display_name: 'Riyadh Style',
          tagline: 'Modest fashion',
          description: 'Abayas, scarves and more for every day.',
        },
      ],
      ['brand-assets', { logo_url: logo.json().url }],
      ['categories', { categories: ['fashion'] }],
      ['store-links', { website: 'https://riyadhstyle.example' }],
      ['review', { publish_confirmed: true }],
    ];
    for (const [step, body] of answers) {
      const saved = await m.call('PUT', `${F}/${id}/steps/${step}?advance=true`, body);
      expect(saved.status, `${step}: ${JSON.stringify(saved.body)}`).toBe(200);
    }
    entry = (await m.call('GET', `${M}/marketplace`)).body.entries[0];
    expect(entry.draft).toMatchObject({ id, display_name: 'Riyadh Style' });
    const submitted = await m.call('POST', `${F}/${id}/submit`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    entry = (await m.call('GET', `${M}/marketplace`)).body.entries[0];
    expect(entry.draft).toBeNull();
    expect(entry.listing).toMatchObject({
      revision: 1,
      display_name: 'Riyadh Style',
      categories: ['fashion'],
      visible: true,
      website: 'https://riyadhstyle.example',
      instagram: null,
    });

    // Editing again: a new draft, starting from what was published.
    const again = await m.call('POST', F, {});
    expect(again.body.id).not.toBe(id);
    expect(again.body.data).toMatchObject({
      display_name: 'Riyadh Style',
      website: 'https://riyadhstyle.example',
    });
    expect(again.body.data.publish_confirmed).toBeUndefined();
    expect((await m.call('GET', `${M}/marketplace`)).body.entries[0].draft.id).toBe(again.body.id);

    const hidden = await m.call('PUT', `${M}/marketplace/${m.id}/visibility`, { visible: false });
    expect(hidden.body.entry.listing.visible).toBe(false);
    expect((await m.call('PUT', `${M}/marketplace/${m.id}/visibility`, { visible: 'no' })).status).toBe(400);
  });
});

describe('marketing without a connector', () => {
  it('says nothing can be connected, and connecting answers 503', async () => {
    const bare = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000', ECOMMERCE_CONNECTOR: 'none' } });
    const loaded = await bare.app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        accounts: [{ id: 'acc-mk-bare', email: 'mk-bare@example.com', phone: '+966559009999' }],
        merchants: [{ id: 'mer-mk-bare', name: 'Bare', country: 'SAU' }],
        permissions: [
          {
            account_id: 'acc-mk-bare',
            merchant_id: 'mer-mk-bare',
            role: 'workspace_admin',
            flags: { has_merchant_access: true },
          },
        ],
      },
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    const who = await signIn(bare.app, 'mk-bare@example.com', '+966559009999');
    expect((await who.call('GET', `${M}/connections`)).body).toMatchObject({
      sandbox: false,
      available: false,
    });
    const consent = await who.call('GET', `${M}/connections/consent?merchant_id=mer-mk-bare&platform=salla`);
    expect(consent.status).toBe(503);
    await bare.app.close();
  });
});
