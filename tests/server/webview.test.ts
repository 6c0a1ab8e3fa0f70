/**
 * The mobile app's webview proves itself with a one-time token (docs/shell-and-permissions.md "The money area"):
 * the signed-in app asks for one for a page of the money area; the webview spends it once, within a minute, for a
 * session of its own marked webview; a token spent, expired, unknown or asked by a session that has ended leads to
 * root; a path outside the money area and the webview pages is refused.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn } from './setup/signIn';

let now = new Date('2026-11-25T12:00:00Z');
const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, clock: { now: () => now } });
await loadDemoData(app, { orders: false });
// One sign-in a persona (codes are read from the outbox by address; the clock stands still).
const paying = await signIn(app, 'capital-paying@demo.example', '+971502220002');
const overdue = await signIn(app, 'capital-overdue@demo.example', '+971502220003');
const TOKENS = '/merchant/api/v1/webview/tokens';

const enter = (url: string) => app.inject({ method: 'GET', url: url.slice(url.indexOf('/webview/')) });

describe('the webview’s one-time token', () => {
  it('opens a webview session once, and lands on the page asked for', async () => {
    const appSession = paying;
    const asked = await appSession.call('POST', TOKENS, { path: '/money/landing' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.url).toMatch(/\/webview\/enter\?token=[\w-]{20,}$/);

    const first = await enter(asked.body.url);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/money/landing');
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = first.cookies.find((c) => c.name === 'mbo_session');
    expect(cookie?.httpOnly).toBe(true);

    const webview = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/account',
      cookies: { mbo_session: cookie!.value },
    });
    expect(webview.json()).toMatchObject({ email: 'capital-paying@demo.example', webview: true });
    expect((await appSession.call('GET', '/merchant/api/v1/account')).body.webview).toBe(false);

    const again = await enter(asked.body.url);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/');
    expect(again.cookies.find((c) => c.name === 'mbo_session')).toBeUndefined();
  });

  it('leads to root when the token has expired, is unknown or its app session has ended', async () => {
    const appSession = overdue;
    const late = await appSession.call('POST', TOKENS, { path: '/money/transactions-history' });
    now = new Date(now.getTime() + 61_000);
    expect((await enter(late.body.url)).headers.location).toBe('/');

    expect((await enter('/webview/enter?token=not-a-token')).headers.location).toBe('/');
    expect((await enter('/webview/enter')).headers.location).toBe('/');

    const ended = await appSession.call('POST', TOKENS, { path: '/money/landing' });
    const logout = await appSession.call('POST', '/merchant/api/v1/auth/logout', {});
    expect(logout.status).toBeLessThan(300);
    expect((await enter(ended.body.url)).headers.location).toBe('/');
  });

  it('is asked for by a signed-in session only, for a page of the money area or the webview pages', async () => {
    expect(
      (await app.inject({ method: 'POST', url: TOKENS, payload: { path: '/money/landing' } })).statusCode,
    ).toBe(401);
    const appSession = paying;
    for (const path of [
      '/dashboard',
      '//evil.example/money',
      'https://evil.example/money',
      '/money/../users',
      '/money?x=1',
    ])
      expect((await appSession.call('POST', TOKENS, { path })).status, path).toBe(400);
    expect((await appSession.call('POST', TOKENS, { path: '/webview/disputes-faq' })).status).toBe(200);
  });

  it('opens the money area only for an account with the money tab (the mobile_money_tab experiment)', async () => {
    // capital-offers has no mobile_money_tab: no token for the money area, the disputes FAQ still opens.
    const without = await signIn(app, 'capital-offers@demo.example', '+971502220001');
    const refused = await without.call('POST', TOKENS, { path: '/money/landing' });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'the money tab is not on for this account' },
    });
    expect((await without.call('POST', TOKENS, { path: '/webview/disputes-faq' })).status).toBe(200);
    expect((await paying.call('POST', TOKENS, { path: '/money/landing' })).status).toBe(200);
  });

  it('ends with the app’s session that opened it, lives no longer, and may not mint tokens or ask for codes', async () => {
    const appSession = await signIn(app, 'capital-closed@demo.example', '+971502220005');
    const open = async () => {
      const asked = await appSession.call('POST', TOKENS, { path: '/money/landing' });
      const entered = await enter(asked.body.url);
      const cookie = entered.cookies.find((c) => c.name === 'mbo_session')!;
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app.inject({
          method,
          url,
          cookies: { mbo_session: cookie.value },
          headers: { 'x-mbo-client': 'test' },
          ...(payload ? { payload } : {}),
        });
      return { cookie, call };
    };
    const webview = await open();
    // Its cookie lives no longer than the app's session may (7 days unused, 30 at most).
    expect(webview.cookie.maxAge).toBeLessThanOrEqual(7 * 24 * 60 * 60);
    expect((await webview.call('GET', '/merchant/api/v1/account')).statusCode).toBe(200);
    // No more tokens and no step-up codes from inside the webview.
    expect((await webview.call('POST', TOKENS, { path: '/money/landing' })).statusCode).toBe(403);
    const code = await webview.call('POST', '/merchant/api/v1/auth/step-up', { purpose: 'card_reveal' });
    expect(code.statusCode).toBe(403);
    expect(code.json().message).toBe('a webview session cannot ask for step-up codes');

    // "Sign out the other sessions" in the app keeps its own webview; the app's logout ends it.
    expect((await appSession.call('DELETE', '/merchant/api/v1/auth/sessions')).status).toBe(200);
    expect((await webview.call('GET', '/merchant/api/v1/account')).statusCode).toBe(200);
    expect((await appSession.call('POST', '/merchant/api/v1/auth/logout', {})).status).toBeLessThan(300);
    expect((await webview.call('GET', '/merchant/api/v1/account')).statusCode).toBe(401);
  });

  it('lives no longer than the app’s session: once that one expires unused, the webview’s answers no more', async () => {
    const appSession = await signIn(app, 'capital-dd@demo.example', '+971502220004');
    const asked = await appSession.call('POST', TOKENS, { path: '/money/landing' });
    const cookie = (await enter(asked.body.url)).cookies.find((c) => c.name === 'mbo_session')!;
    const account = () =>
      app.inject({ method: 'GET', url: '/merchant/api/v1/account', cookies: { mbo_session: cookie.value } });
    // Used every day in the webview, while the app's session is not used for eight days.
    for (let day = 1; day <= 8; day++) {
      now = new Date(now.getTime() + 24 * 60 * 60_000);
      const answer = await account();
      expect(answer.statusCode, `day ${day}`).toBe(day < 7 ? 200 : 401);
    }
  });
});
