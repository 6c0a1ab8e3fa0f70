/**
 * Sign-in with two factors, sessions and the account calls (shell spec §4, §7, §8, §9), through HTTP.
 * The clock is the test's: it ticks 1 ms per reading (so outbox order is the order of sending) and jumps
 * when a test moves it (code expiry, lockouts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from './setup/app';
import { otpCodes } from '../../src/server/db/schema';

let now = new Date('2026-11-22T10:00:00Z').getTime();
const clock = { now: () => new Date((now += 1)) };
const advance = (ms: number) => (now += ms);

const { app, db } = await createTestApp({ clock, env: { AUTH_RATE_LIMIT: '100000' } });
const demo = JSON.parse(
  readFileSync(new URL('../../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
);
const seeded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: demo });
if (seeded.statusCode !== 200) throw new Error(seeded.body);

type Json = Record<string, unknown>;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json, auth?: Auth) {
  const res = await app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload } : method === 'GET' ? {} : { headers: { 'x-mbo-client': 'web' } }),
    ...(auth?.cookie ? { cookies: { mbo_session: auth.cookie } } : {}),
    ...(auth?.bearer ? { headers: { authorization: `Bearer ${auth.bearer}`, 'x-mbo-client': 'web' } } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as Json,
    cookie: res.cookies.find((c) => c.name === 'mbo_session'),
    hint: res.cookies.find((c) => c.name === 'mbo_signed_in'),
  };
}

interface Auth {
  cookie?: string;
  bearer?: string;
}

/** The newest code sent to an address. */
async function codeFor(to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
  const message = (res.json() as { to: string; code: string }[]).find((m) => m.to === to);
  if (!message) throw new Error(`no code sent to ${to}`);
  return message.code;
}

/** The first factor: returns the half-open session's cookie and the verify answer. */
async function firstFactor(credentials: Json) {
  const started = await call('POST', '/merchant/api/v2/auth/authenticate', { ...credentials, lang: 'en' });
  expect(started.status).toBe(200);
  const address = String(credentials.email ?? credentials.phone)
    .trim()
    .toLowerCase();
  const verified = await call('POST', '/merchant/api/v2/auth/verify', {
    session_id: started.body.session_id,
    code: await codeFor(address),
  });
  expect(verified.status).toBe(200);
  return { cookie: verified.cookie!.value, answer: verified.body };
}

/** A whole sign-in of a demo account that has both addresses: returns its bearer token and cookie. */
async function signIn(email: string, phone: string): Promise<Auth> {
  // Past the per-address window: tests sign the same demo accounts in many times.
  advance(30 * 60_000);
  const { cookie } = await firstFactor({ email });
  const done = await call(
    'POST',
    '/merchant/api/v2/auth/challenge/verify',
    { code: await codeFor(phone) },
    { cookie },
  );
  expect(done.status).toBe(200);
  // The session cookie's readable twin comes with it (issue 56), as long-lived.
  expect(done.hint?.value).toBe('1');
  expect(done.hint?.maxAge).toBe(done.cookie!.maxAge);
  return { bearer: String(done.body.auth_token), cookie: done.cookie!.value };
}

describe('sign-up by e-mail', () => {
  it('creates the account once the code is right, then asks for a phone as the second factor', async () => {
    const { cookie, answer } = await firstFactor({ email: '  New.Merchant@Example.com ' });
    expect(answer).toEqual({ status: 'setup_2fa', factor: 'phone' });
    // Half open: nothing but the second factor.
    expect((await call('GET', '/merchant/api/v1/account', undefined, { cookie })).status).toBe(401);
    const setup = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/setup',
      { phone: '+966512345678' },
      { cookie },
    );
    expect(setup.status).toBe(200);
    const code = await codeFor('+966512345678');
    expect(code).toMatch(/^\d{4}$/);
    const done = await call('POST', '/merchant/api/v2/auth/challenge/verify', { code }, { cookie });
    expect(done.body).toMatchObject({ status: 'authenticated', auth_token: expect.any(String) });
    const account = await call('GET', '/merchant/api/v1/account', undefined, {
      bearer: String(done.body.auth_token),
    });
    expect(account.body).toMatchObject({
      email: 'new.merchant@example.com',
      phone: '+966512345678',
      permissions: [],
    });
    // The renewed cookie works as well as the bearer token; the half-open cookie does not.
    expect(
      (await call('GET', '/merchant/api/v1/account', undefined, { cookie: done.cookie!.value })).status,
    ).toBe(200);
    expect((await call('GET', '/merchant/api/v1/account', undefined, { cookie })).status).toBe(401);
  });

  it('sends a 6-digit e-mail code, stored only as a salted hash', async () => {
    const started = await call('POST', '/merchant/api/v2/auth/authenticate', {
      email: 'hash@example.com',
      lang: 'ar',
    });
    const code = await codeFor('hash@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.id, String(started.body.session_id)));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an e-mail another account has when a phone-only account sets up its e-mail', async () => {
    await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: { accounts: [{ id: 'acc-phone-only', phone: '+966512340077', lang: 'en' }] },
    });
    const { cookie, answer } = await firstFactor({ phone: '+966512340077' });
    expect(answer).toEqual({ status: 'setup_2fa', factor: 'email' });
    const taken = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/setup',
      { email: 'admin@demo.example' },
      { cookie },
    );
    expect(taken.body).toEqual({ status: 400, message: 'email is not unique' });
    const bad = await call('POST', '/merchant/api/v2/auth/challenge/setup', { email: 'nope' }, { cookie });
    expect(bad.body.message).toBe('invalid email');
    // The half-open session sets up the factor it was asked for, not another.
    const wrongFactor = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/setup',
      { phone: '+966512340078' },
      { cookie },
    );
    expect(wrongFactor.status).toBe(400);
    const ok = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/setup',
      { email: 'phone.only@example.com' },
      { cookie },
    );
    expect(ok.status).toBe(200);
    const done = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/verify',
      { code: await codeFor('phone.only@example.com') },
      { cookie },
    );
    expect(done.body.status).toBe('authenticated');
  });

  it('refuses a phone another account has at set-up, in the words of the set-up stage', async () => {
    const { cookie } = await firstFactor({ email: 'second@example.com' });
    const taken = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/setup',
      { phone: '+966501234567' },
      { cookie },
    );
    expect(taken).toMatchObject({
      status: 400,
      body: { status: 400, message: 'phone number is not unique' },
    });
    const bad = await call('POST', '/merchant/api/v2/auth/challenge/setup', { phone: '+9665' }, { cookie });
    expect(bad.body.message).toBe('invalid phone');
  });
});

describe('sign-in', () => {
  it('by e-mail with a phone as second factor', async () => {
    const { cookie, answer } = await firstFactor({ email: 'admin@demo.example' });
    expect(answer).toEqual({ status: 'input_2fa', factor: 'phone', phone: '+9665••••••67' });
    const done = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/verify',
      { code: await codeFor('+966501234567') },
      { cookie },
    );
    expect(done.body.status).toBe('authenticated');
  });

  it('by phone with an e-mail second factor', async () => {
    const { cookie, answer } = await firstFactor({ phone: '+97333123456' });
    expect(answer).toEqual({ status: 'input_2fa', factor: 'email', email: 'p•••@demo.example' });
    const code = await codeFor('phonefirst@demo.example');
    expect(code).toMatch(/^\d{6}$/);
    const done = await call('POST', '/merchant/api/v2/auth/challenge/verify', { code }, { cookie });
    expect(done.body.status).toBe('authenticated');
  });

  it('a phone the product does not know must start with e-mail', async () => {
    const res = await call('POST', '/merchant/api/v2/auth/authenticate', { phone: '+966555555555' });
    expect(res).toMatchObject({ status: 400, body: { message: 'start with email' } });
  });

  it.each([
    [{ email: 'not-an-email' }, 'invalid email'],
    [{ phone: '0501234567' }, 'invalid phone'],
    [{}, 'invalid email'],
    [{ email: 'a@b.co', phone: '+966501234567' }, 'invalid phone'],
  ])('%j is refused with "%s"', async (credentials, message) => {
    const res = await call('POST', '/merchant/api/v2/auth/authenticate', credentials);
    expect(res).toMatchObject({ status: 400, body: { status: 400, message } });
  });
});

describe('codes', () => {
  it('a wrong code is "invalid otp code"; the third kills the code, which is replaced at once; the fifth locks the address for 30 minutes', async () => {
    const started = await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'wrong@example.com' });
    const first = await codeFor('wrong@example.com');
    const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');
    const verify = (code: string) =>
      call('POST', '/merchant/api/v2/auth/verify', { session_id: started.body.session_id, code });
    for (let i = 0; i < 2; i += 1)
      expect((await verify(wrongFor(first))).body.message).toBe('invalid otp code');
    expect(await verify(wrongFor(first))).toMatchObject({
      status: 400,
      body: { message: 'max attempts reached' },
    });
    // A dead code is refused unjudged, even when right, and the refusal is not counted against the address.
    expect((await verify(first)).body.message).toBe('max attempts reached');
    // Its replacement may be asked for at once (no 120 s wait).
    const resent = await call('POST', '/merchant/api/v2/auth/authenticate', {
      email: 'wrong@example.com',
      session_id: started.body.session_id,
    });
    expect(resent.status).toBe(200);
    const second = await codeFor('wrong@example.com');
    expect((await verify(wrongFor(second))).body.message).toBe('invalid otp code');
    expect((await verify(wrongFor(second))).body.message).toBe('too many attempts to verify code');
    // Locked: even the right code is refused until the 30 minutes are over.
    expect((await verify(second)).body.message).toBe('too many attempts to verify code');
    advance(30 * 60_000);
    const again = await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'wrong@example.com' });
    const ok = await call('POST', '/merchant/api/v2/auth/verify', {
      session_id: again.body.session_id,
      code: await codeFor('wrong@example.com'),
    });
    expect(ok.body.status).toBe('setup_2fa');
  });

  it('an account whose address locked three times in a day is temporarily blocked for a day', async () => {
    const email = 'blocked@example.com';
    await firstFactor({ email }); // makes the account
    const lockOnce = async () => {
      advance(30 * 60_000);
      const started = await call('POST', '/merchant/api/v2/auth/authenticate', { email });
      expect(started.status).toBe(200);
      const verify = (code: string) =>
        call('POST', '/merchant/api/v2/auth/verify', { session_id: started.body.session_id, code });
      const wrong = async () => verify((await codeFor(email)) === '000000' ? '111111' : '000000');
      for (let i = 0; i < 3; i += 1) await wrong();
      await call('POST', '/merchant/api/v2/auth/authenticate', {
        email,
        session_id: started.body.session_id,
      });
      await wrong();
      return (await wrong()).body.message;
    };
    expect(await lockOnce()).toBe('too many attempts to verify code');
    expect(await lockOnce()).toBe('too many attempts to verify code');
    expect(await lockOnce()).toBe('too many attempts to verify code');
    advance(30 * 60_000);
    // No code is sent to a blocked account; the answer says how long is left.
    const sentBefore = ((await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as unknown[]).length;
    const blocked = await call('POST', '/merchant/api/v2/auth/authenticate', { email });
    expect(blocked).toMatchObject({ status: 403, body: { message: 'account temporarily blocked' } });
    expect(Number(blocked.body.retry_after)).toBeGreaterThan(22 * 3600);
    expect(((await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as unknown[]).length).toBe(
      sentBefore,
    );
    // Another account is not touched; a day later this one signs in again.
    expect(
      (await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'other@example.com' })).status,
    ).toBe(200);
    advance(24 * 60 * 60_000);
    const { answer } = await firstFactor({ email });
    expect(answer.status).toBe('setup_2fa');
  });

  it('an e-mail code is good for 2 minutes', async () => {
    const started = await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'slow@example.com' });
    const code = await codeFor('slow@example.com');
    advance(2 * 60_000 + 1000);
    const late = await call('POST', '/merchant/api/v2/auth/verify', {
      session_id: started.body.session_id,
      code,
    });
    expect(late.body.message).toBe('invalid otp code');
  });

  it('an unknown or old session_id is "session expired"', async () => {
    const unknown = await call('POST', '/merchant/api/v2/auth/verify', {
      session_id: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(unknown.body.message).toBe('session expired');
    const started = await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'old@example.com' });
    advance(31 * 60_000);
    const old = await call('POST', '/merchant/api/v2/auth/verify', {
      session_id: started.body.session_id,
      code: await codeFor('old@example.com'),
    });
    expect(old.body.message).toBe('session expired');
  });

  it('resend waits 120 s, then sends a new code that replaces the old one', async () => {
    const started = await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'resend@example.com' });
    const first = await codeFor('resend@example.com');
    const resend = () =>
      call('POST', '/merchant/api/v2/auth/authenticate', {
        email: 'resend@example.com',
        lang: 'en',
        session_id: started.body.session_id,
      });
    const early = await resend();
    expect(early).toMatchObject({ status: 429, body: { message: 'too many requests' } });
    expect(early.body.retry_after).toBeGreaterThan(0);
    advance(120_000);
    expect((await resend()).body.session_id).toBe(started.body.session_id);
    const second = await codeFor('resend@example.com');
    if (second !== first) {
      const old = await call('POST', '/merchant/api/v2/auth/verify', {
        session_id: started.body.session_id,
        code: first,
      });
      expect(old.body.message).toBe('invalid otp code');
    }
    const ok = await call('POST', '/merchant/api/v2/auth/verify', {
      session_id: started.body.session_id,
      code: second,
    });
    expect(ok.status).toBe(200);
  });

  it('the sixth code sent to one address within 30 minutes is refused', async () => {
    for (let i = 0; i < 5; i += 1)
      expect(
        (await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'spam@example.com' })).status,
      ).toBe(200);
    const sixth = await call('POST', '/merchant/api/v2/auth/authenticate', { email: 'spam@example.com' });
    expect(sixth.body.message).toBe('too many attempts to send code');
  });

  it('the second-factor code can be sent again after 120 s', async () => {
    const { cookie } = await firstFactor({ email: 'staff@demo.example' });
    expect((await call('POST', '/merchant/api/v2/auth/challenge', undefined, { cookie })).status).toBe(429);
    advance(120_000);
    expect((await call('POST', '/merchant/api/v2/auth/challenge', undefined, { cookie })).status).toBe(200);
    const done = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/verify',
      { code: await codeFor('+966501234568') },
      { cookie },
    );
    expect(done.body.status).toBe('authenticated');
  });
});

describe('an open session changing its phone (account page)', () => {
  it('sets up a new phone with a code; a wrong code changes nothing', async () => {
    const auth = await signIn('staff@demo.example', '+966501234568');
    const setup = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/setup',
      { phone: '+966512399999' },
      auth,
    );
    expect(setup.status).toBe(200);
    const code = await codeFor('+966512399999');
    const wrong = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/verify',
      { code: code === '0000' ? '1111' : '0000' },
      auth,
    );
    expect(wrong.body.message).toBe('invalid otp code');
    expect((await call('GET', '/merchant/api/v1/account', undefined, auth)).body.phone).toBe('+966501234568');
    const ok = await call('POST', '/merchant/api/v2/auth/challenge/verify', { code }, auth);
    expect(ok.status).toBe(200);
    expect((await call('GET', '/merchant/api/v1/account', undefined, auth)).body.phone).toBe('+966512399999');
    // Put the demo phone back for the other tests.
    await call('POST', '/merchant/api/v2/auth/challenge/setup', { phone: '+966501234568' }, auth);
    await call(
      'POST',
      '/merchant/api/v2/auth/challenge/verify',
      { code: await codeFor('+966501234568') },
      auth,
    );
  });
});

describe('sessions', () => {
  it('an unauthenticated call gets 401', async () => {
    for (const url of [
      '/merchant/api/v1/account',
      '/merchant/api/v1/auth/permissions',
      '/merchant/api/v1/auth/sessions',
      '/merchant/api/v1/stores',
    ])
      expect((await call('GET', url)).status).toBe(401);
    expect((await call('GET', '/merchant/api/v1/account', undefined, { bearer: 'made-up' })).body).toEqual({
      status: 401,
      message: 'unauthorized',
    });
  });

  it('logout ends the session at once', async () => {
    const auth = await signIn('admin@demo.example', '+966501234567');
    expect((await call('GET', '/merchant/api/v1/account', undefined, auth)).status).toBe(200);
    const out = await call('POST', '/merchant/api/v1/auth/logout', {}, auth);
    expect(out.status).toBe(200);
    expect((await call('GET', '/merchant/api/v1/account', undefined, { bearer: auth.bearer })).status).toBe(
      401,
    );
    expect((await call('GET', '/merchant/api/v1/account', undefined, { cookie: auth.cookie })).status).toBe(
      401,
    );
  });

  it('the session check answers 200 whoever asks: signed out, half open, signed in, after logout', async () => {
    const signedIn = async (auth: Partial<Auth> = {}) => {
      const answer = await call('GET', '/merchant/api/v1/auth/session', undefined, auth);
      expect(answer.status).toBe(200);
      return answer.body.signed_in;
    };
    expect(await signedIn()).toBe(false);
    expect(await signedIn({ cookie: 'not-a-session' })).toBe(false);
    advance(30 * 60_000);
    const half = await firstFactor({ email: 'admin@demo.example' });
    expect(await signedIn({ cookie: half.cookie })).toBe(false);
    const auth = await signIn('admin@demo.example', '+966501234567');
    expect(await signedIn({ cookie: auth.cookie })).toBe(true);
    expect(await signedIn({ bearer: auth.bearer })).toBe(true);
    await call('POST', '/merchant/api/v1/auth/logout', {}, auth);
    expect(await signedIn({ cookie: auth.cookie })).toBe(false);
  });

  it('the session cookie has a readable twin that lives and dies with it (issue 56: no 401 on a signed-out visit)', async () => {
    // Signed in (signIn checks the twin came with the session cookie, as long-lived).
    const auth = await signIn('admin@demo.example', '+966501234567');
    const session = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/auth/session',
      cookies: { mbo_session: auth.cookie! },
    });
    // A browser signed in before the twin existed gets it from the session check (the sign-in page asks it first).
    const twin = session.cookies.find((c) => c.name === 'mbo_signed_in');
    expect(twin).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(twin?.httpOnly).toBeFalsy();
    // Already held: not sent again.
    const held = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/auth/session',
      cookies: { mbo_session: auth.cookie!, mbo_signed_in: '1' },
    });
    expect(held.cookies.find((c) => c.name === 'mbo_signed_in')).toBeUndefined();
    // Logout clears both.
    const out = await call('POST', '/merchant/api/v1/auth/logout', {}, { cookie: auth.cookie });
    expect(out.cookie?.value).toBe('');
    expect(out.hint?.value).toBe('');
    // A cookie whose session is gone: the call is 401 and both cookies are cleared, so the next visit asks nothing.
    const stale = await call('GET', '/merchant/api/v1/account', undefined, { cookie: auth.cookie });
    expect(stale.status).toBe(401);
    expect(stale.hint?.value).toBe('');
    expect(stale.cookie?.value).toBe('');
    // A bearer token (the API, the mobile app) is never answered with cookies.
    const bearer = await call('GET', '/merchant/api/v1/account', undefined, { bearer: 'made-up' });
    expect(bearer.hint).toBeUndefined();
  });

  it('lists sessions, revokes one, and revokes all the others', async () => {
    const laptop = await signIn('admin@demo.example', '+966501234567');
    advance(121_000);
    const phone = await signIn('admin@demo.example', '+966501234567');
    advance(121_000);
    const tablet = await signIn('admin@demo.example', '+966501234567');
    const list = await call('GET', '/merchant/api/v1/auth/sessions', undefined, laptop);
    const items = list.body.items as { id: string; current: boolean }[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    const phoneId = (await call('GET', '/merchant/api/v1/auth/sessions', undefined, phone)).body.items as {
      id: string;
      current: boolean;
    }[];
    const phoneSession = phoneId.find((s) => s.current)!.id;
    expect(
      (await call('DELETE', `/merchant/api/v1/auth/sessions/${phoneSession}`, undefined, laptop)).status,
    ).toBe(200);
    expect((await call('GET', '/merchant/api/v1/account', undefined, phone)).status).toBe(401);
    expect(
      (await call('DELETE', '/merchant/api/v1/auth/sessions', undefined, laptop)).body.revoked,
    ).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/merchant/api/v1/account', undefined, tablet)).status).toBe(401);
    expect((await call('GET', '/merchant/api/v1/account', undefined, laptop)).status).toBe(200);
    // Someone else's session id reads as missing.
    const other = await signIn('staff@demo.example', '+966501234568');
    expect(
      (await call('DELETE', `/merchant/api/v1/auth/sessions/${phoneSession}`, undefined, other)).status,
    ).toBe(404);
  });

  it('a state-changing call that is neither JSON nor from the app is refused (no cross-site form posts)', async () => {
    const auth = await signIn('admin@demo.example', '+966501234567');
    const form = await app.inject({
      method: 'POST',
      url: '/merchant/api/v1/auth/logout',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${auth.bearer}`,
      },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(403);
    expect((await call('GET', '/merchant/api/v1/account', undefined, auth)).status).toBe(200);
  });
});

describe('permissions, experiments, stores', () => {
  it('an admin has every flag; a sales manager only what the role allows, whatever is stored', async () => {
    const admin = await signIn('admin@demo.example', '+966501234567');
    const flags = (await call('GET', '/merchant/api/v1/auth/permissions', undefined, admin)).body;
    expect(flags).toMatchObject({
      is_account_edit_allowed: true,
      is_payouts_allowed: true,
      role: 'workspace_admin',
    });
    await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        permissions: [
          {
            account_id: 'acc-staff',
            merchant_id: 'mer-riyadh-style',
            role: 'sales_manager',
            flags: {
              is_order_view_allowed: true,
              is_payouts_allowed: true,
              is_account_edit_allowed: true,
              has_store_access: true,
            },
          },
        ],
      },
    });
    const staff = await signIn('staff@demo.example', '+966501234568');
    const staffFlags = (await call('GET', '/merchant/api/v1/auth/permissions', undefined, staff)).body;
    expect(staffFlags).toMatchObject({
      is_order_view_allowed: true,
      has_store_access: true,
      is_payouts_allowed: false,
      is_account_edit_allowed: false,
    });
  });

  it('experiments are the account’s own', async () => {
    const admin = await signIn('admin@demo.example', '+966501234567');
    const mine = await call(
      'GET',
      '/merchant/api/v1/experiments?entity=merchant_account&entity_id=acc-admin',
      undefined,
      admin,
    );
    expect((mine.body.experiments as { name: string }[]).map((e) => e.name)).toContain('capital');
    const theirs = await call(
      'GET',
      '/merchant/api/v1/experiments?entity=merchant_account&entity_id=acc-staff',
      undefined,
      admin,
    );
    expect(theirs.status).toBe(403);
  });

  it('stores and their products, only of the account’s merchants', async () => {
    const admin = await signIn('admin@demo.example', '+966501234567');
    const stores = await call('GET', '/merchant/api/v1/stores', undefined, admin);
    expect(stores.body.items).toEqual([
      {
        id: 'sto-riyadh-style-online',
        name: 'Riyadh Style Online',
        country: 'SAU',
        merchant_id: 'mer-riyadh-style',
        merchant_name: 'Riyadh Style',
        organization_id: 'org-riyadh-style',
        available_products: ['pay_later', 'installments'],
        contract_signed: true,
      },
      expect.objectContaining({ id: 'sto-riyadh-style-outlet', contract_signed: false }),
    ]);
    const products = await call(
      'GET',
      '/merchant/api/v1/stores/sto-riyadh-style-online/available-products',
      undefined,
      admin,
    );
    expect(products.body.items).toEqual(['pay_later', 'installments']);
    const other = await call(
      'GET',
      '/merchant/api/v1/stores/sto-pearl-books/available-products',
      undefined,
      admin,
    );
    expect(other.status).toBe(404);
    const { cookie } = await firstFactor({ email: 'nostore@example.com' });
    await call('POST', '/merchant/api/v2/auth/challenge/setup', { phone: '+966512340000' }, { cookie });
    const done = await call(
      'POST',
      '/merchant/api/v2/auth/challenge/verify',
      { code: await codeFor('+966512340000') },
      { cookie },
    );
    expect(
      (await call('GET', '/merchant/api/v1/stores', undefined, { bearer: String(done.body.auth_token) }))
        .status,
    ).toBe(403);
  });
});

describe('legal entities', () => {
  it('lists the legal entities of the account’s own merchants only', async () => {
    const pending = await signIn('pending@demo.example', '+971501234567');
    const res = await call('GET', '/merchant/api/v1/legal-entities', undefined, pending);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        id: 'le-gulf-gadgets',
        status: 'pending_info',
        merchant_id: 'mer-gulf-gadgets',
      }),
    ]);
    expect((await call('GET', '/merchant/api/v1/legal-entities')).status).toBe(401);
  });
});

describe('analytics events', () => {
  it('after logout, an event from the same browser is no longer the account’s (logout resets analytics)', async () => {
    const who = await signIn('admin@demo.example', '+966501234567');
    const before = { type: 'track', event: 'Home Tile Opened', properties: { tile: 'payouts' } };
    expect((await call('POST', '/merchant/api/v1/events', before, who)).status).toBe(202);
    expect((await call('POST', '/merchant/api/v1/auth/logout', {}, who)).status).toBeLessThan(300);
    const after = { type: 'track', event: 'Home Tile Opened', properties: { tile: 'disputes' } };
    expect((await call('POST', '/merchant/api/v1/events', after, who)).status).toBe(202);
    const events = (await app.inject({ method: 'GET', url: '/dev/events' })).json() as Json[];
    expect(events[0]).toMatchObject({ account_id: null, payload: { tile: 'disputes' } });
    expect(events[1]).toMatchObject({ account_id: 'acc-admin', payload: { tile: 'payouts' } });
  });

  it('stores page views and identify calls, readable at /dev/events', async () => {
    const admin = await signIn('admin@demo.example', '+966501234567');
    const page = await call(
      'POST',
      '/merchant/api/v1/events',
      { type: 'page', properties: { path: '/dashboard' } },
      admin,
    );
    expect(page.status).toBe(202);
    const anonymous = await call('POST', '/merchant/api/v1/events', {
      type: 'page',
      properties: { path: '/auth' },
    });
    expect(anonymous.status).toBe(202);
    expect((await call('POST', '/merchant/api/v1/events', { type: 'track' })).status).toBe(400);
    const events = (await app.inject({ method: 'GET', url: '/dev/events' })).json() as Json[];
    expect(events[0]).toMatchObject({ type: 'page', account_id: null, payload: { path: '/auth' } });
    expect(events[1]).toMatchObject({
      type: 'page',
      account_id: 'acc-admin',
      payload: { path: '/dashboard' },
    });
  });

  it('lists at /dev/events/fired each named event once per set of keys it carried; /dev/events takes a limit', async () => {
    for (const properties of [{ tile: 'orders' }, { tile: 'payouts' }, {}])
      expect(
        (await call('POST', '/merchant/api/v1/events', { type: 'track', event: 'Fired Twice', properties }))
          .status,
      ).toBe(202);
    const fired = (await app.inject({ method: 'GET', url: '/dev/events/fired' })).json() as Json[];
    expect(fired.filter((row) => row.event === 'Fired Twice')).toEqual([
      { event: 'Fired Twice', properties: [] },
      { event: 'Fired Twice', properties: ['tile'] },
    ]);
    // Page views and identify calls are not named events.
    expect(fired.every((row) => typeof row.event === 'string' && row.event !== '')).toBe(true);
    const two = await app.inject({ method: 'GET', url: '/dev/events?limit=2&request_id=r1' });
    expect(two.json()).toHaveLength(2);
    const bad = await app.inject({ method: 'GET', url: '/dev/events?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().field_errors)).toEqual(['/limit']);
  });

  it('refuses an event carrying a code, an IBAN or an identity number, and keeps none of it', async () => {
    const before = ((await app.inject({ method: 'GET', url: '/dev/events' })).json() as Json[]).length;
    for (const [properties, pointer] of [
      [{ code: '482913' }, '/properties/code'],
      [{ destination: 'SA03 8000 0000 6080 1016 7519' }, '/properties/destination'],
      [{ owners: [{ name: 'Omar', id: '784198712345678' }] }, '/properties/owners/0/id'],
    ] as const) {
      const res = await call('POST', '/merchant/api/v1/events', {
        type: 'track',
        event: 'Leaky',
        properties,
      });
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toContain(`(${pointer})`);
      expect(Object.keys(res.body.field_errors as Json)).toEqual([pointer]);
    }
    expect(((await app.inject({ method: 'GET', url: '/dev/events' })).json() as Json[]).length).toBe(before);
  });
});
