/**
 * What the merchant's home reads (issue 34; docs/dashboard.md): sales today and in the last 7 days, the disputes
 * waiting for a response, the remote status message (ops change it), and the merchant calls of onboarding spec §7
 * — the caller's merchants, a merchant's application, its API keys (secrets masked; one whole after a fresh
 * code, used up by the reveal), its legal entity and products — each scoped (another merchant's id is 404).
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { uploadPdf } from './setup/upload';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const ops = await signIn(app, 'ops@demo.example', '+966500000999');
const onboarding = await signIn(app, 'onboarding@demo.example', '+966501234569'); // Oasis Cafe: not complete yet

/** The newest code sent to an address (the development outbox). */
async function codeSentTo(to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
  const message = (res.json() as { to: string; code?: string }[]).find((m) => m.to === to && m.code);
  if (!message) throw new Error(`no code sent to ${to}`);
  return message.code!;
}

let n = 0;
/** A merchant of its own with an admin and the given payments. */
async function merchantWith(payments: Record<string, unknown>[]): Promise<Caller & { merchant: string }> {
  n += 1;
  const k = n;
  const merchant = `mer-home-${k}`;
  const phone = `+96658000${String(k).padStart(4, '0')}`;
  const loaded = await app.inject({
    method: 'POST',
    url: '/dev/fixtures',
    payload: {
      accounts: [{ id: `acc-home-${k}`, email: `home${k}@example.com`, phone }],
      merchants: [{ id: merchant, name: `Home ${k}`, country: 'SAU' }],
      stores: [{ id: `sto-home-${k}`, merchant_id: merchant, name: `Home store ${k}`, country: 'SAU' }],
      permissions: [
        {
          account_id: `acc-home-${k}`,
          merchant_id: merchant,
          role: 'workspace_admin',
          flags: { has_merchant_access: true, is_order_view_allowed: true, is_account_edit_allowed: true },
        },
      ],
      payments: payments.map((p, i) => ({
        id: `pay-home-${k}-${i}`,
        merchant_id: merchant,
        store_id: `sto-home-${k}`,
        order_reference: `H${k}-${i}`,
        product: 'pay_later',
        amount: 100,
        customer_name: 'C',
        customer_phone: '+966500000001',
        ...p,
      })),
    },
  });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return Object.assign(await signIn(app, `home${k}@example.com`, phone), { merchant });
}

describe('sales today and in the last 7 days', () => {
  it('counts orders placed today and in the 7 days up to today, cancelled ones left out', async () => {
    const day = 24 * 3600_000;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const midnight = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate(),
    );
    const m = await merchantWith([
      { amount: 10.5, created_at: iso(midnight + 1000) },
      { amount: 20, created_at: iso(midnight) },
      { amount: 40, created_at: iso(midnight + 2000), cancelled: true },
      { amount: 80, created_at: iso(midnight - 1) }, // yesterday's last millisecond
      { amount: 160, created_at: iso(midnight - 6 * day) }, // the week's first day
      { amount: 320, created_at: iso(midnight - 6 * day - 1) }, // before it
    ]);
    const res = await m.call('GET', '/merchant/api/v1/payments/summary?tz_offset=0');
    expect(res.status).toBe(200);
    expect(res.body.sales).toEqual([
      { currency: 'SAR', today: { count: 2, amount: '30.50' }, week: { count: 4, amount: '270.50' } },
    ]);
    expect(res.body.today_from).toBe(iso(midnight));
    // In Riyadh (UTC+3) the day starts 3 hours earlier: yesterday's last UTC millisecond is today there.
    const riyadh = await m.call('GET', '/merchant/api/v1/payments/summary?tz_offset=180');
    const localMidnight = Date.UTC(
      new Date(now + 3 * 3600_000).getUTCFullYear(),
      new Date(now + 3 * 3600_000).getUTCMonth(),
      new Date(now + 3 * 3600_000).getUTCDate(),
    );
    expect(riyadh.body.today_from).toBe(iso(localMidnight - 3 * 3600_000));
    const empty = await merchantWith([]);
    expect((await empty.call('GET', '/merchant/api/v1/payments/summary')).body.sales).toEqual([]);
    expect((await m.call('GET', '/merchant/api/v1/payments/summary?tz_offset=9999')).status).toBe(400);
  });
});

describe('disputes waiting for a response', () => {
  it('counts the pending ones beside the open ones', async () => {
    const res = await admin.call('GET', '/merchant/api/v1/disputes/active');
    expect(res.body).toMatchObject({ total: 6, pending: 4 });
  });
});

describe('the remote status message', () => {
  const PATH = '/merchant/api/v1/remote-config/web_status_message';
  const body = {
    is_active: true,
    variant: 'warning',
    title: { en: 'Payouts are late today', ar: 'تتأخر المدفوعات اليوم' },
    message: { en: 'Bank holiday: payouts arrive tomorrow.', ar: 'عطلة مصرفية: تصل المدفوعات غدًا.' },
  };

  it('is none until ops set one; ops alone change it; a shown one needs both languages', async () => {
    expect((await admin.call('GET', PATH)).body.web_status_message).toMatchObject({
      is_active: false,
      updated_at: null,
    });
    expect((await admin.call('PUT', PATH, body)).status).toBe(403);
    const half = await ops.call('PUT', PATH, { ...body, title: { en: 'Late', ar: ' ' } });
    expect(half.status).toBe(400);
    expect(Object.keys(half.body.field_errors)).toEqual(['/title/ar']);
    const set = await ops.call('PUT', PATH, body);
    expect(set.status).toBe(200);
    expect(set.body.web_status_message).toMatchObject({ ...body, updated_by: 'ops@demo.example' });
    expect((await staff.call('GET', PATH)).body.web_status_message).toMatchObject(body);
    // Hidden again, its words may be empty.
    const off = await ops.call('PUT', PATH, { ...body, is_active: false, title: { en: '', ar: '' } });
    expect(off.status).toBe(200);
    expect((await app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
  });
});

describe('the merchant calls', () => {
  it('lists the caller’s merchants and reads one’s application; another’s is 404', async () => {
    const mine = await admin.call('GET', '/merchant/api/v2/merchants');
    expect(mine.body.merchants).toEqual([
      {
        id: 'mer-riyadh-style',
        name: 'Riyadh Style',
        country: 'SAU',
        currency: 'SAR',
        organization_id: 'org-riyadh-style',
        role: 'workspace_admin',
      },
    ]);
    const application = await admin.call('GET', '/merchant/api/v1/application/merchant/mer-riyadh-style');
    expect(application.body).toMatchObject({
      status: 'approved',
      business_profile_completed: true,
      business_name: 'Riyadh Style',
    });
    for (const path of [
      '/merchant/api/v1/application/merchant/mer-gulf-gadgets',
      '/merchant/api/v1/application/merchant/mer-gulf-gadgets/api_keys',
      '/merchant/api/v1/merchant/mer-gulf-gadgets/legal_entity',
      '/merchant/api/v2/merchants/mer-gulf-gadgets/legal-entity',
      '/merchant/api/v1/merchants/mer-gulf-gadgets/products',
    ])
      expect((await admin.call('GET', path)).status, path).toBe(404);
  });

  it('reads a merchant’s legal entity (admins) and products', async () => {
    const v1 = await admin.call('GET', '/merchant/api/v1/merchant/mer-riyadh-style/legal_entity');
    const v2 = await admin.call('GET', '/merchant/api/v2/merchants/mer-riyadh-style/legal-entity');
    expect(v1.body.legal_entity).toMatchObject({
      id: 'le-riyadh-style',
      legal_company_name: 'Riyadh Style Trading Co.',
    });
    expect(v2.body).toEqual(v1.body);
    expect((await staff.call('GET', '/merchant/api/v1/merchant/mer-riyadh-style/legal_entity')).status).toBe(
      403,
    );
    const products = await staff.call('GET', '/merchant/api/v1/merchants/mer-riyadh-style/products');
    expect(products.body.products).toEqual([
      { name: 'pay_later', stores: ['sto-riyadh-style-online', 'sto-riyadh-style-outlet'] },
      { name: 'installments', stores: ['sto-riyadh-style-online'] },
    ]);
  });
});

describe('sending the renewed licence (POST …/merchant/{id}/legal_entity)', () => {
  const URL_ = '/merchant/api/v1/merchant/mer-riyadh-style/legal_entity';
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('keeps the file, expiry and number an admin sends, for the provider’s check; the entity says so', async () => {
    const file = await uploadPdf(app, admin, 'renewed-licence.pdf');
    const sent = await admin.call('POST', URL_, {
      license_url: file,
      license_expiry_date: day(400),
      commercial_registration_number: ' 1010998877 ',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.legal_entity).toMatchObject({
      id: 'le-riyadh-style',
      status: 'active',
      renewal: {
        license_url: file,
        license_expiry_date: day(400),
        commercial_registration_number: '1010998877',
        sent_by: 'admin@demo.example',
      },
    });
    // Every read of the entity carries it: the merchant call, the entity's page and the list.
    expect((await admin.call('GET', URL_)).body.legal_entity.renewal.license_url).toBe(file);
    expect(
      (await admin.call('GET', '/merchant/api/v1/legal-entities/le-riyadh-style')).body.renewal,
    ).toMatchObject({
      license_expiry_date: day(400),
    });
    const list = await admin.call('GET', '/merchant/api/v1/legal-entities');
    expect(list.body.items.find((e: Json) => e.id === 'le-riyadh-style').renewal.license_url).toBe(file);
  });

  it('refuses, naming the field: a file not theirs, an expiry under two weeks away, a bad date, a long number', async () => {
    const foreign = await uploadPdf(app, onboarding); // Oasis Cafe's: not a colleague's
    const res = await admin.call('POST', URL_, {
      license_url: foreign,
      license_expiry_date: day(5),
      commercial_registration_number: '1'.repeat(16),
    });
    expect(res.status).toBe(400);
    // The schema's limit first (the number), then the rest once the body has the right shape.
    expect(Object.keys(res.body.field_errors)).toEqual(['/commercial_registration_number']);
    const again = await admin.call('POST', URL_, { license_url: foreign, license_expiry_date: day(5) });
    expect(again.body.field_errors).toMatchObject({
      '/license_url': { key: 'validation:error.fileNotFound' },
      '/license_expiry_date': { key: 'validation:error.format.date-2-weeks-ahead' },
    });
    const file = await uploadPdf(app, admin);
    const badDate = await admin.call('POST', URL_, { license_url: file, license_expiry_date: '31/12/2030' });
    expect(badDate.body.field_errors).toEqual({
      '/license_expiry_date': { key: 'validation:error.format.date', params: {} },
    });
    expect((await admin.call('POST', URL_, { license_url: file })).status).toBe(400);
  });

  it('renews the entity named, of the merchant’s; another merchant’s entity is not found', async () => {
    const file = await uploadPdf(app, admin);
    const body = { license_url: file, license_expiry_date: day(90) };
    const named = await admin.call('POST', URL_, { ...body, legal_entity_id: 'le-riyadh-style-uae' });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.legal_entity).toMatchObject({
      id: 'le-riyadh-style-uae',
      renewal: { license_expiry_date: day(90) },
    });
    expect((await admin.call('POST', URL_, { ...body, legal_entity_id: 'le-gulf-gadgets' })).status).toBe(
      404,
    );
  });

  it('is for the merchant’s workspace admins: another member 403, another merchant 404', async () => {
    const file = await uploadPdf(app, staff);
    const body = { license_url: file, license_expiry_date: day(60) };
    expect((await staff.call('POST', URL_, body)).status).toBe(403);
    expect(
      (await admin.call('POST', '/merchant/api/v1/merchant/mer-gulf-gadgets/legal_entity', body)).status,
    ).toBe(404);
  });
});

describe('API keys', () => {
  const KEYS = '/merchant/api/v1/application/merchant/mer-riyadh-style/api_keys';

  it('shows public keys whole and secret keys masked, to workspace admins only', async () => {
    const res = await admin.call('GET', KEYS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ has_production_keys: true, has_test_keys: true });
    expect(res.body.public_key).toMatch(/^pk_live_[\w-]{32}$/);
    expect(res.body.test_public_key).toMatch(/^pk_test_[\w-]{32}$/);
    expect(res.body.secret_key).toMatch(/^sk_live_•{8}[\w-]{4}$/);
    expect(res.body.test_secret_key).toMatch(/^sk_test_•{8}[\w-]{4}$/);
    // The same keys every time.
    expect((await admin.call('GET', KEYS)).body).toEqual(res.body);
    expect((await staff.call('GET', KEYS)).status).toBe(403);
  });

  it('reveals one secret after a fresh code, which the reveal uses up', async () => {
    const masked = (await admin.call('GET', KEYS)).body.secret_key as string;
    const reveal = (code: string, environment = 'production') =>
      admin.call('POST', `${KEYS}/reveal`, { environment, code });
    // No code asked for yet.
    expect((await reveal('1234')).body.message).toBe('session expired');
    const sent = await admin.call('POST', '/merchant/api/v1/auth/step-up', { purpose: 'api_key_reveal' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      sent: true,
      sent_at: expect.any(String),
      factor: 'phone',
      to: '+9665••••••67',
      resend_after: 120,
    });
    const code = await codeSentTo('+966501234567');
    // Asked again at once (the dialog opened again): the code already sent is still valid, and none is sent.
    const again = await admin.call('POST', '/merchant/api/v1/auth/step-up', { purpose: 'api_key_reveal' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ sent: false, sent_at: sent.body.sent_at, to: '+9665••••••67' });
    expect(again.body.resend_after).toBeGreaterThan(0);
    expect(again.body.resend_after).toBeLessThanOrEqual(120);
    expect(await codeSentTo('+966501234567')).toBe(code);
    // A new code asked for explicitly: wait.
    const resent = await admin.call('POST', '/merchant/api/v1/auth/step-up', {
      purpose: 'api_key_reveal',
      resend: true,
    });
    expect(resent.status).toBe(429);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    expect((await reveal(wrong)).body.message).toBe('invalid otp code');
    const shown = await reveal(code);
    expect(shown.status).toBe(200);
    expect(shown.body.environment).toBe('production');
    expect(shown.body.secret_key.slice(0, 8)).toBe('sk_live_');
    expect(shown.body.secret_key.slice(-4)).toBe(masked.slice(-4));
    // Used up: the next reveal needs a new code.
    expect((await reveal(code, 'test')).body.message).toBe('session expired');
  });

  it('has no production keys before the business is approved and complete', async () => {
    const res = await onboarding.call('GET', '/merchant/api/v1/application/merchant/mer-oasis-cafe/api_keys');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ has_production_keys: false, public_key: null, secret_key: null });
    const reveal = await onboarding.call(
      'POST',
      '/merchant/api/v1/application/merchant/mer-oasis-cafe/api_keys/reveal',
      {
        environment: 'production',
        code: '1234',
      },
    );
    expect(reveal.status).toBe(409);
    const bad = await onboarding.call(
      'POST',
      '/merchant/api/v1/application/merchant/mer-oasis-cafe/api_keys/reveal',
      {
        environment: 'staging',
        code: '12',
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.field_errors as Json)).toEqual(expect.arrayContaining(['/environment']));
  });
});

describe('the "new" badges, remembered for the account (issue 56)', () => {
  it('an area opened is seen on every session of the account, once, and not for anyone else', async () => {
    const seen = async (caller: Caller) =>
      (await caller.call('GET', '/merchant/api/v1/account')).body.seen_areas as string[];
    expect(await seen(admin)).toEqual([]);
    expect((await admin.call('POST', '/merchant/api/v1/account/seen', { area: 'capital' })).status).toBe(204);
    expect((await admin.call('POST', '/merchant/api/v1/account/seen', { area: 'capital' })).status).toBe(204);
    // A second sign-in of the same person (another browser, a phone) reads it too.
    const elsewhere = await signIn(app, 'admin@demo.example', '+966501234567');
    expect(await seen(elsewhere)).toEqual(['capital']);
    expect(await seen(staff)).toEqual([]);
    const odd = await admin.call('POST', '/merchant/api/v1/account/seen', { area: 'payouts' });
    expect(odd.status).toBe(400);
    expect(Object.keys(odd.body.field_errors ?? {})).toEqual(['/area']);
  });
});
