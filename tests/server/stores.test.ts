/**
 * Stores (onboarding spec §2 "Stores", §7; docs/stores.md): the list with products and contract state; one store,
 * its commissions and payout schedules in the merchant's currency, for workspace admins; the contract signed from
 * a store; another merchant's store does not exist.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const S = '/merchant/api/v1/stores';
const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style (SAU), workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const gadgets = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets (ARE), admin

describe('the list', () => {
  it('holds the caller’s merchants’ stores with products and whether the contract is signed', async () => {
    const res = await admin.call('GET', S);
    expect(res.body.items.map((s: Json) => [s.id, s.contract_signed])).toEqual([
      ['sto-riyadh-style-online', true],
      ['sto-riyadh-style-outlet', false],
    ]);
    expect(res.body.items[0]).toMatchObject({
      merchant_name: 'Riyadh Style',
      available_products: ['pay_later', 'installments'],
    });
  });
});

describe('one store', () => {
  it('has its merchant, currency, products and contract date', async () => {
    const res = await admin.call('GET', `${S}/sto-riyadh-style-online`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Riyadh Style Online',
      currency: 'SAR',
      merchant_name: 'Riyadh Style',
      contract_signed: true,
      contract_signed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('has commissions per product in the merchant’s currency', async () => {
    const res = await admin.call('GET', `${S}/sto-riyadh-style-online/commissions`);
    expect(res.body).toEqual({
      currency: 'SAR',
      items: [
        { product: 'pay_later', rate_percent: 4.99, fixed_fee_minor: 100, currency: 'SAR' },
        { product: 'installments', rate_percent: 5.99, fixed_fee_minor: 150, currency: 'SAR' },
      ],
    });
    const uae = await gadgets.call('GET', `${S}/sto-gulf-gadgets/commissions`);
    expect(uae.body.currency).toBe('AED');
  });

  it('has payout schedules with the next payout day on the schedule’s weekday or day of the month', async () => {
    const res = await admin.call('GET', `${S}/sto-riyadh-style-online/schedules`);
    const [weekly, monthly] = res.body.items as Json[];
    expect(weekly).toMatchObject({ product: 'pay_later', frequency: 'weekly', weekday: 1, currency: 'SAR' });
    const next = new Date(`${weekly.next_payout_on}T00:00:00Z`);
    expect(next.getUTCDay()).toBe(1);
    const today = new Date(new Date().toISOString().slice(0, 10));
    expect((next.getTime() - today.getTime()) / 86_400_000).toBeGreaterThanOrEqual(0);
    expect((next.getTime() - today.getTime()) / 86_400_000).toBeLessThan(7);
    expect(monthly).toMatchObject({ frequency: 'monthly', day_of_month: 1 });
    expect(monthly.next_payout_on).toMatch(/-01$/);
  });

  it('is 403 for a member who is not an admin, 404 for another merchant’s store or none', async () => {
    for (const path of ['', '/commissions', '/schedules']) {
      expect((await staff.call('GET', `${S}/sto-riyadh-style-online${path}`)).status).toBe(403);
      expect((await admin.call('GET', `${S}/sto-gulf-gadgets${path}`)).status).toBe(404);
      expect((await admin.call('GET', `${S}/nope${path}`)).status).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: `${S}/sto-riyadh-style-online` })).statusCode).toBe(401);
  });
});

describe('the contract of a store', () => {
  it('is signed once from the store and reads as signed and complete after', async () => {
    const before = await admin.call('GET', `${S}/sto-riyadh-style-outlet/contract`);
    expect(before.body).toMatchObject({ signed: false, can_sign: true });
    expect((await staff.call('POST', `${S}/sto-riyadh-style-outlet/contract`, { accept: true })).status).toBe(
      403,
    );
    const refused = await admin.call('POST', `${S}/sto-riyadh-style-outlet/contract`, { accept: false });
    expect(refused.status).toBe(422);
    const signed = await admin.call('POST', `${S}/sto-riyadh-style-outlet/contract`, { accept: true });
    expect(signed.body).toMatchObject({ signed: true, signed_at: expect.any(String) });
    expect((await admin.call('GET', `${S}/sto-riyadh-style-outlet/contract/complete`)).body).toEqual({
      completed: true,
    });
    expect((await admin.call('GET', `${S}/sto-riyadh-style-outlet`)).body.contract_signed).toBe(true);
  });

  it('and the store routes are in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/merchant/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/merchant/api/v1/stores/{id}',
        '/merchant/api/v1/stores/{id}/commissions',
        '/merchant/api/v1/stores/{id}/schedules',
        '/merchant/api/v1/stores/{id}/contract',
      ]),
    );
  });
});
