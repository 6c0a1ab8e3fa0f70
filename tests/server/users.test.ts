/**
 * A workspace's team (docs/users.md): workspace admins list, invite (e-mail or phone), re-role and remove people
 * of their merchants; anybody else gets 403; the §8 messages for oneself and for somebody already in the team;
 * the invited person signs in with the normal sign-in and then works for the merchant.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const U = '/merchant/api/v1/users';
const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const gadgets = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets, workspace admin

const emails = (body: Json) => (body.users as Json[]).map((u) => u.email ?? u.phone);
let n = 0;
const fresh = () => `teammate-${Date.now().toString(36)}-${++n}@example.com`;

async function outbox(): Promise<Json[]> {
  return (await app.inject({ method: 'GET', url: '/dev/outbox' })).json();
}

describe('the team', () => {
  it('lists the people of the admin’s merchants with role, stores and sign-in state', async () => {
    const res = await admin.call('GET', U);
    expect(res.status).toBe(200);
    expect(emails(res.body)).toEqual(
      expect.arrayContaining([
        'admin@demo.example',
        'staff@demo.example',
        'finance@demo.example',
        '+966501234570',
      ]),
    );
    const me = res.body.users.find((u: Json) => u.email === 'admin@demo.example');
    expect(me).toMatchObject({ role: 'workspace_admin', is_me: true, status: 'active' });
    expect(me.stores).toEqual([
      { merchant_id: 'mer-riyadh-style', name: 'Riyadh Style', role: 'workspace_admin' },
    ]);
    const finance = res.body.users.find((u: Json) => u.email === 'finance@demo.example');
    expect(finance).toMatchObject({ role: 'settlements', status: 'invited', is_me: false });
    // Only the README's two invited people are invited (Fatimah, Yasser: one address each, no sign-in yet).
    expect(
      res.body.users.filter((u: Json) => u.status === 'invited').map((u: Json) => u.email ?? u.phone),
    ).toEqual(expect.arrayContaining(['finance@demo.example', '+966501234570']));
    expect(res.body.users.filter((u: Json) => u.status === 'invited')).toHaveLength(2);
    expect(res.body.stores).toEqual([{ id: 'mer-riyadh-style', name: 'Riyadh Style', country: 'SAU' }]);
    // Another workspace's people are not there.
    expect(emails(res.body)).not.toContain('pending@demo.example');
    expect(emails((await gadgets.call('GET', U)).body)).toEqual(['pending@demo.example']);
  });

  it('filters by role and a search, pages with the total, and names a bad filter', async () => {
    const supervisors = await admin.call('GET', `${U}?roles=supervisor`);
    expect(emails(supervisors.body)).toEqual(['+966501234570']);
    expect(emails((await admin.call('GET', `${U}?query=FATIMAH`)).body)).toEqual(['finance@demo.example']);
    expect(emails((await admin.call('GET', `${U}?query=%2B966 50123 4570`)).body)).toEqual(['+966501234570']);
    const page = await admin.call('GET', `${U}?limit=2&offset=1`);
    expect(page.body.users).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(4);
    const bad = await admin.call('GET', `${U}?roles=owner`);
    expect(bad.status).toBe(400);
    expect(bad.body.field_errors).toEqual({
      '/roles': { key: 'validation:error.enum', params: { value: 'owner' } },
    });
    expect((await admin.call('GET', `${U}?limit=0`)).status).toBe(400);
  });

  it('is for workspace admins only', async () => {
    expect((await staff.call('GET', U)).status).toBe(403);
    expect(
      (
        await staff.call('POST', `${U}/invite`, {
          email: fresh(),
          role: 'supervisor',
          merchant_ids: ['mer-riyadh-style'],
        })
      ).status,
    ).toBe(403);
    expect((await staff.call('DELETE', `${U}/acc-admin`)).status).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: U });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an invitation', () => {
  it('a whole account (e-mail and phone) that has not signed in here yet is active, not invited (issue 32)', async () => {
    const id = `acc-whole-${Date.now().toString(36)}`;
    const loaded = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        accounts: [{ id, email: `${id}@example.com`, phone: '+966501239876', lang: 'en' }],
        permissions: [
          {
            account_id: id,
            merchant_id: 'mer-riyadh-style',
            role: 'sales_manager',
            flags: { is_order_view_allowed: true, has_merchant_access: true },
          },
        ],
      },
    });
    expect(loaded.statusCode, loaded.body).toBeLessThan(300);
    const users = (await admin.call('GET', U)).body.users as Json[];
    expect(users.find((u) => u.id === id)).toMatchObject({ status: 'active' });
  });

  it('by e-mail: the person is in the team as invited, gets a message, signs in and works for the merchant', async () => {
    const email = fresh();
    const res = await admin.call('POST', `${U}/invite`, {
      email: `  ${email.toUpperCase()} `,
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: 'supervisor', status: 'invited', is_me: false });
    const message = (await outbox()).find((m) => m.to === email);
    expect(message.body).toContain('Riyadh Style');
    expect(message.body).toContain('/auth');

    const person = await signIn(app, email, `+96650${String(Date.now()).slice(-7)}`);
    const account = await person.call('GET', '/merchant/api/v1/account');
    expect(account.body.permissions).toEqual([
      expect.objectContaining({ merchant_id: 'mer-riyadh-style', role: 'supervisor' }),
    ]);
    expect((await person.call('GET', '/merchant/api/v1/disputes')).status).toBe(200);
    expect((await person.call('GET', U)).status).toBe(403);
    const after = (await admin.call('GET', U)).body.users.find((u: Json) => u.email === email);
    expect(after.status).toBe('active');
  });

  it('writes in the language the inviter chose, else in the store country’s (§9: ar for SAU, en for ARE)', async () => {
    const invite = async (who: typeof admin, merchant: string, lang?: string) => {
      const email = fresh();
      const res = await who.call('POST', `${U}/invite`, {
        email,
        role: 'supervisor',
        merchant_ids: [merchant],
        ...(lang ? { lang } : {}),
      });
      expect(res.status).toBe(201);
      // Out of the team again: the other tests count its people.
      expect((await who.call('DELETE', `${U}/${res.body.user.id}`)).status).toBe(200);
      return String((await outbox()).find((m) => m.to === email)!.body).startsWith('تمت إضافتك')
        ? 'ar'
        : 'en';
    };
    expect(await invite(admin, 'mer-riyadh-style')).toBe('ar');
    expect(await invite(admin, 'mer-riyadh-style', 'en')).toBe('en');
    const uae = (await gadgets.call('GET', U)).body.stores[0];
    expect(uae.country).toBe('ARE');
    expect(await invite(gadgets, uae.id)).toBe('en');
    expect(await invite(gadgets, uae.id, 'ar')).toBe('ar');
  });

  it('by phone: the person signs in with that phone and sets up an e-mail', async () => {
    const phone = `+96655${String(Date.now()).slice(-7)}`;
    const res = await admin.call('POST', `${U}/invite`, {
      phone,
      role: 'settlements',
      merchant_ids: ['mer-riyadh-style'],
      lang: 'ar',
    });
    expect(res.status).toBe(201);
    expect((await outbox()).find((m) => m.to === phone)).toMatchObject({ channel: 'sms' });
    const start = await app.inject({
      method: 'POST',
      url: '/merchant/api/v2/auth/authenticate',
      payload: { phone },
    });
    expect(start.statusCode).toBe(200);
    const code = (await outbox()).find((m) => m.to === phone && m.code).code;
    const verify = await app.inject({
      method: 'POST',
      url: '/merchant/api/v2/auth/verify',
      payload: { session_id: start.json().session_id, code },
    });
    expect(verify.json()).toMatchObject({ status: 'setup_2fa' });
  });

  it('says what is wrong with the address, the role or the stores, naming the field', async () => {
    const neither = await admin.call('POST', `${U}/invite`, {
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(neither.status).toBe(400);
    expect(neither.body.field_errors).toHaveProperty(['/email']);
    const both = await admin.call('POST', `${U}/invite`, {
      email: fresh(),
      phone: '+966501111111',
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(both.body.field_errors).toEqual({ '/email': { key: 'users:error.emailOrPhone', params: {} } });
    const badEmail = await admin.call('POST', `${U}/invite`, {
      email: 'someone@nowhere',
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(badEmail.body).toMatchObject({
      message: 'invalid email',
      field_errors: { '/email': { key: 'users:error.email' } },
    });
    const badPhone = await admin.call('POST', `${U}/invite`, {
      phone: '+96612',
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(badPhone.body).toMatchObject({
      message: 'invalid phone',
      field_errors: { '/phone': { key: 'users:error.phone' } },
    });
    const badAccess = await admin.call('POST', `${U}/invite`, {
      email: fresh(),
      role: 'owner',
      merchant_ids: [],
    });
    expect(badAccess.body.field_errors).toEqual({
      '/role': { key: 'users:error.role', params: {} },
      '/merchant_ids': { key: 'users:error.stores', params: {} },
    });
    // Another workspace's merchant reads as a wrong value; nothing is made.
    const email = fresh();
    const foreign = await admin.call('POST', `${U}/invite`, {
      email,
      role: 'supervisor',
      merchant_ids: ['mer-gulf-gadgets'],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field_errors).toHaveProperty(['/merchant_ids']);
    expect(emails((await gadgets.call('GET', U)).body)).toEqual(['pending@demo.example']);
    expect((await outbox()).some((m) => m.to === email)).toBe(false);
    expect(
      (await admin.call('POST', `${U}/invite`, { email: fresh(), role: 'supervisor', merchant_ids: 'x' }))
        .status,
    ).toBe(400);
  });

  it('of oneself, or of somebody already in the team, gets the §8 message and changes nothing', async () => {
    const self = await admin.call('POST', `${U}/invite`, {
      email: 'Admin@Demo.example',
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(self).toMatchObject({ status: 400, body: { message: "user can't invite oneself" } });
    const selfPhone = await admin.call('POST', `${U}/invite`, {
      phone: '+966501234567',
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(selfPhone.body.message).toBe("user can't invite oneself");
    const again = await admin.call('POST', `${U}/invite`, {
      email: 'staff@demo.example',
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'account with given email already exists' },
    });
    const againPhone = await admin.call('POST', `${U}/invite`, {
      phone: '+966501234568',
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(againPhone.body.message).toBe('account with given phone already exists');
    const staffNow = (await admin.call('GET', U)).body.users.find(
      (u: Json) => u.email === 'staff@demo.example',
    );
    expect(staffNow.role).toBe('sales_manager');
  });

  it('of a person of another workspace adds them here and leaves their other membership alone', async () => {
    const res = await gadgets.call('POST', `${U}/invite`, {
      email: 'staff@demo.example',
      role: 'supervisor',
      merchant_ids: ['mer-gulf-gadgets'],
    });
    expect(res.status).toBe(201);
    const account = await staff.call('GET', '/merchant/api/v1/account');
    expect(account.body.permissions.map((p: Json) => [p.merchant_id, p.role])).toEqual([
      ['mer-riyadh-style', 'sales_manager'],
      ['mer-gulf-gadgets', 'supervisor'],
    ]);
    expect((await gadgets.call('DELETE', `${U}/${res.body.user.id}`)).status).toBe(200);
    const back = await staff.call('GET', '/merchant/api/v1/account');
    expect(back.body.permissions.map((p: Json) => p.merchant_id)).toEqual(['mer-riyadh-style']);
  });
});

describe('a change of role or stores, and a removal', () => {
  it('changes the role (and so the flags) of a person; removes them; both 404 outside the team', async () => {
    const email = fresh();
    const { body } = await admin.call('POST', `${U}/invite`, {
      email,
      role: 'sales_manager',
      merchant_ids: ['mer-riyadh-style'],
    });
    const id = body.user.id;
    const person = await signIn(app, email, `+96654${String(Date.now()).slice(-7)}`);
    const flags = async () =>
      (await person.call('GET', '/merchant/api/v1/auth/permissions')).body.is_dispute_refund_allowed;
    expect(await flags()).toBe(false);

    const changed = await admin.call('PUT', `${U}/${id}`, {
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ role: 'supervisor', status: 'active' });
    expect(await flags()).toBe(true);

    const none = await admin.call('PUT', `${U}/${id}`, { role: 'supervisor', merchant_ids: [] });
    expect(none.body.field_errors).toHaveProperty(['/merchant_ids']);
    expect(
      (await gadgets.call('PUT', `${U}/${id}`, { role: 'supervisor', merchant_ids: ['mer-gulf-gadgets'] }))
        .status,
    ).toBe(404);
    expect((await gadgets.call('DELETE', `${U}/${id}`)).status).toBe(404);

    expect((await admin.call('DELETE', `${U}/${id}`)).status).toBe(200);
    expect(emails((await admin.call('GET', U)).body)).not.toContain(email);
    expect((await person.call('GET', '/merchant/api/v1/account')).body.permissions).toEqual([]);
    expect((await admin.call('DELETE', `${U}/${id}`)).status).toBe(404);
  });

  it('does not let an admin change or remove themselves', async () => {
    const put = await admin.call('PUT', `${U}/acc-admin`, {
      role: 'supervisor',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(put).toMatchObject({ status: 409, body: { message: "can't change own access" } });
    expect((await admin.call('DELETE', `${U}/acc-admin`)).status).toBe(409);
    const me = (await admin.call('GET', U)).body.users.find((u: Json) => u.is_me);
    expect(me.role).toBe('workspace_admin');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/merchant/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/merchant/api/v1/users',
        '/merchant/api/v1/users/invite',
        '/merchant/api/v1/users/{id}',
      ]),
    );
  });
});

describe('invitation caps (SMS pumping)', async () => {
  // Low caps for the test; the defaults (20 an account, 50 a merchant, a day) are in src/server/config.ts.
  const capped = await createTestApp({
    env: { AUTH_RATE_LIMIT: '100000', INVITE_DAILY_LIMIT: '3', INVITE_MERCHANT_DAILY_LIMIT: '5' },
  });
  await loadDemoData(capped.app);
  const sent = async () =>
    ((await capped.app.inject({ method: 'GET', url: '/dev/outbox' })).json() as Json[]).filter((m) =>
      String(m.to).startsWith('+96650555'),
    ).length;
  const invite = (who: Json, phone: string, merchant = 'mer-riyadh-style') =>
    who.call('POST', `${U}/invite`, { phone, role: 'sales_manager', merchant_ids: [merchant] });

  it('caps what one admin sends a day, and what one merchant’s team gets: 429, nothing made or sent', async () => {
    const first = await signIn(capped.app, 'admin@demo.example', '+966501234567');
    const before = await sent();
    for (let i = 0; i < 3; i += 1) expect((await invite(first, `+96650555000${i}`)).status).toBe(201);
    const over = await invite(first, '+966505550009');
    expect(over).toMatchObject({ status: 429, body: { status: 429, message: 'too many requests' } });
    expect(await sent()).toBe(before + 3);
    // Nobody was made for the refused number.
    const team = (await first.call('GET', `${U}?query=505550009`)).body.users as Json[];
    expect(team).toEqual([]);
    // A mistake (an invalid number) does not use up the day's invitations of another admin.
    await capped.app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        accounts: [{ id: 'acc-second-admin', email: 'second-admin@demo.example', phone: '+966501239999' }],
        permissions: [
          {
            account_id: 'acc-second-admin',
            merchant_id: 'mer-riyadh-style',
            role: 'workspace_admin',
            flags: { is_account_edit_allowed: true, has_merchant_access: true, has_store_access: true },
          },
        ],
      },
    });
    const second = await signIn(capped.app, 'second-admin@demo.example', '+966501239999');
    expect((await invite(second, '12')).status).toBe(400);
    expect((await invite(second, '+966505551001')).status).toBe(201);
    expect((await invite(second, '+966505551002')).status).toBe(201);
    // The merchant's day is full (3 + 2 = 5), whoever invites.
    expect((await invite(second, '+966505551003')).status).toBe(429);
    expect(await sent()).toBe(before + 5);
  });
});
