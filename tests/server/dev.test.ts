import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';

const { app } = await createTestApp();
const production = await createTestApp({ env: { NODE_ENV: 'production', BOT_CHECK: 'on' } });

describe('GET /dev/outbox', () => {
  it('lists outgoing messages newest first, in the documented shape', async () => {
    const t0 = Date.now();
    let n = 0;
    // The clock of the service is the system clock here; insert through the service with distinct times.
    for (const [to, channel, code] of [
      ['a@demo.example', 'email', '123456'],
      ['+966501234567', 'sms', '1234'],
    ] as const) {
      await app.services.outbox.send({ to, channel, subject: 'code', body: `your code is ${code}`, code });
      n += 1;
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      to: string;
      channel: string;
      code: string;
      body: string;
      created_at: string;
    }[];
    expect(list).toHaveLength(n);
    expect(list[0]).toEqual({
      to: '+966501234567',
      channel: 'sms',
      code: '1234',
      body: 'your code is 1234',
      created_at: expect.any(String),
    });
    expect(list[1]?.to).toBe('a@demo.example');
    expect(Date.parse(list[0]!.created_at)).toBeGreaterThanOrEqual(t0);
  });
});

describe('GET /dev/outbox and /dev/events from a browser', () => {
  it.each(['/dev/outbox', '/dev/events'])(
    '%s answers a request for a page with the app (its readable page), and any other with the JSON list',
    async (url) => {
      const webRoot = mkdtempSync(path.join(os.tmpdir(), 'mbo-web-'));
      writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
      const withApp = await createTestApp({ webRoot });
      const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
      // The app's own parameters (the language) ride along on a page's address.
      const page = await withApp.app.inject({
        method: 'GET',
        url: `${url}?lang=ar`,
        headers: { accept: browser },
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>app</title>');
      for (const accept of ['application/json', '*/*', undefined]) {
        const res = await withApp.app.inject({
          method: 'GET',
          url,
          headers: accept ? { accept } : {},
        });
        expect([accept, res.headers['content-type']]).toEqual([
          accept,
          expect.stringMatching(/^application\/json/),
        ]);
        expect(Array.isArray(res.json())).toBe(true);
      }
      // In production there is no such page, nor JSON.
      const hidden = await production.app.inject({ method: 'GET', url, headers: { accept: browser } });
      expect(hidden.statusCode).toBe(404);
    },
  );
});

describe('/dev/clock', () => {
  it('moves the server’s time forward for QA, never back', async () => {
    const before = (await app.inject({ method: 'GET', url: '/dev/clock' })).json() as { now: string };
    const moved = await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 3_600_000 } });
    expect(moved.json().offset_ms).toBe(3_600_000);
    expect(Date.parse(moved.json().now) - Date.parse(before.now)).toBeGreaterThanOrEqual(3_600_000);
    const back = await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: -1 } });
    expect(back.statusCode).toBe(400);
  });
});

describe('POST /dev/sessions', () => {
  const load = (fixture: object) => app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });

  it('opens a session for an account with both factors: its cookie reads the account, and it is listed', async () => {
    await load({
      accounts: [{ id: 'acc-dev-session', email: 'dev.session@demo.example', phone: '+966501110001' }],
    });
    const res = await app.inject({
      method: 'POST',
      url: '/dev/sessions',
      payload: { email: ' Dev.Session@demo.example ' },
      headers: { 'user-agent': 'e2e worker' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'authenticated', auth_token: expect.any(String) });
    const cookie = res.cookies.find((c) => c.name === 'mbo_session');
    expect(cookie?.httpOnly).toBe(true);
    const account = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/account',
      cookies: { mbo_session: cookie!.value },
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ email: 'dev.session@demo.example' });
    const sessions = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/auth/sessions',
      headers: { authorization: `Bearer ${(res.json() as { auth_token: string }).auth_token}` },
    });
    expect(sessions.statusCode, sessions.body).toBe(200);
    expect(JSON.stringify(sessions.json())).toContain('e2e worker');
  });

  it.each([
    [{ email: 'nobody@demo.example' }, 'no account has this e-mail'],
    [{ email: 'not an address' }, 'invalid email'],
    [
      { email: 'dev.nophone@demo.example' },
      'the account has no phone yet: it signs in through the sign-in steps',
    ],
  ])('refuses %o: %s', async (payload, message) => {
    await load({ accounts: [{ id: 'acc-dev-nophone', email: 'dev.nophone@demo.example' }] });
    const res = await app.inject({ method: 'POST', url: '/dev/sessions', payload });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(message);
    expect(res.cookies.find((c) => c.name === 'mbo_session')).toBeUndefined();
  });

  it('names a body without an e-mail', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dev/sessions',
      payload: { phone: '+966501110001' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('NODE_ENV=production', () => {
  it.each([
    ['GET', '/dev/outbox'],
    ['POST', '/dev/fixtures'],
    ['POST', '/dev/sessions'],
    ['GET', '/dev/catalogue'],
    ['GET', '/dev/events'],
    ['GET', '/dev/events/fired'],
    ['GET', '/dev/clock'],
    ['POST', '/dev/clock'],
  ])('%s %s answers 404', async (method, url) => {
    const res = await production.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { accept: 'text/html' },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'not found' });
  });
});
