/**
 * The dashboard onboarding gate's calls (onboarding spec §2, §7): the organization's business profile and the
 * store contract, in the order a merchant goes through them after ops approve the application, and who may not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
const demo = JSON.parse(
  readFileSync(new URL('../../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
);
await app.inject({ method: 'POST', url: '/dev/fixtures', payload: demo });
// An organization ops have not approved yet, with its admin.
await app.inject({
  method: 'POST',
  url: '/dev/fixtures',
  payload: {
    accounts: [{ id: 'acc-waiting', email: 'waiting@example.com', phone: '+966501230001' }],
    organizations: [{ id: 'org-waiting', name: 'Waiting', status: 'pending' }],
    merchants: [{ id: 'mer-waiting', organization_id: 'org-waiting', name: 'Waiting', country: 'SAU' }],
    stores: [{ id: 'sto-waiting', merchant_id: 'mer-waiting', name: 'Waiting', country: 'SAU' }],
    permissions: [
      {
        account_id: 'acc-waiting',
        merchant_id: 'mer-waiting',
        role: 'workspace_admin',
        flags: { has_merchant_access: true, has_store_access: true, is_account_edit_allowed: true },
      },
    ],
  },
});

const PROFILE = '/merchant/api/v1/organizations/org-oasis-cafe/business-profile';
const CONTRACT = '/merchant/api/v1/stores/sto-oasis-cafe/contract';
const GOOD = {
  display_name: 'Oasis Cafe',
  support_email: 'help@oasis.example',
  support_phone: '+966501234570',
  website: 'https://oasis.example',
};

describe('business profile and contract', () => {
  it('go in order: approved → profile → signed contract → completed', async () => {
    const rania = await signIn(app, 'onboarding@demo.example', '+966501234569');
    let res = await rania.call('GET', PROFILE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      approved: true,
      profile: null,
      contract_signed: false,
      completed: false,
    });

    res = await rania.call('GET', CONTRACT);
    expect(res.body).toMatchObject({ store_id: 'sto-oasis-cafe', signed: false, can_sign: false });
    // No contract before the business profile.
    res = await rania.call('POST', CONTRACT, { accept: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('complete the business profile before signing the contract');

    // A bad profile names every field at fault and stores nothing.
    res = await rania.call('PUT', PROFILE, {
      display_name: ' ',
      support_email: 'nope',
      support_phone: '123',
      website: 'http://x',
      extra: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.field_errors).toEqual({
      '/display_name': { key: 'validation:error.required', params: {} },
      '/support_email': { key: 'validation:error.format.email', params: {} },
      '/support_phone': { key: 'validation:error.format.phone', params: {} },
      '/website': { key: 'validation:error.format.https-url', params: {} },
      '/extra': { key: 'validation:error.unknownField', params: {} },
    });
    expect((await rania.call('GET', PROFILE)).body.profile).toBeNull();

    res = await rania.call('PUT', PROFILE, GOOD);
    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual(GOOD);

    res = await rania.call('POST', CONTRACT, { accept: false });
    expect(res.status).toBe(422);
    expect(res.body.field_errors).toEqual({ '/accept': { key: 'validation:error.required', params: {} } });
    expect(
      (await rania.call('GET', '/merchant/api/v1/stores/sto-oasis-cafe/contract/complete')).body,
    ).toEqual({
      completed: false,
    });

    res = await rania.call('POST', CONTRACT, { accept: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ signed: true });
    expect(typeof res.body.signed_at).toBe('string');
    expect((await rania.call('GET', PROFILE)).body).toMatchObject({
      contract_signed: true,
      completed: false,
    });

    res = await rania.call('GET', '/merchant/api/v1/stores/sto-oasis-cafe/contract/complete');
    expect(res.body).toEqual({ completed: true });
    expect((await rania.call('GET', PROFILE)).body).toMatchObject({ contract_signed: true, completed: true });
  });

  it('wait for approval', async () => {
    const waiting = await signIn(app, 'waiting@example.com', '+966501230001');
    const profile = await waiting.call('GET', '/merchant/api/v1/organizations/org-waiting/business-profile');
    expect(profile.body).toMatchObject({ status: 'pending', approved: false, completed: false });
    const put = await waiting.call(
      'PUT',
      '/merchant/api/v1/organizations/org-waiting/business-profile',
      GOOD,
    );
    expect(put.status).toBe(409);
    expect(put.body.message).toBe('organization is not approved yet');
    const sign = await waiting.call('POST', '/merchant/api/v1/stores/sto-waiting/contract', { accept: true });
    expect(sign.status).toBe(409);
  });

  it("are another organization's business: not found; a member without account edits may only read", async () => {
    const sara = await signIn(app, 'admin@demo.example', '+966501234567');
    expect((await sara.call('GET', PROFILE)).status).toBe(404);
    expect((await sara.call('PUT', PROFILE, GOOD)).status).toBe(404);
    expect((await sara.call('GET', CONTRACT)).status).toBe(404);
    expect((await sara.call('POST', CONTRACT, { accept: true })).status).toBe(404);

    const omar = await signIn(app, 'staff@demo.example', '+966501234568');
    const own = '/merchant/api/v1/organizations/org-riyadh-style/business-profile';
    expect((await omar.call('GET', own)).status).toBe(200);
    expect((await omar.call('PUT', own, GOOD)).status).toBe(403);
    expect(
      (await omar.call('POST', '/merchant/api/v1/stores/sto-riyadh-style-online/contract', { accept: true }))
        .status,
    ).toBe(403);
  });

  it('refuses a body that is not an object', async () => {
    const rania = await signIn(app, 'onboarding@demo.example', '+966501234569');
    const res = await rania.call('PUT', PROFILE, [1, 2]);
    expect(res.status).toBe(400);
  });
});
