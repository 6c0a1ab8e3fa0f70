/** The bot check (ALTCHA) and flood protection of sign-in, on an app with both switched on. */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { solveBotCheck, type BotChallenge } from '../../src/domain/botCheck';

const { app } = await createTestApp({ env: { BOT_CHECK: 'on', AUTH_RATE_LIMIT: '6' } });

/** A solved bot-check token, as the browser makes it. */
async function solvedToken(server = app): Promise<string> {
  const challenge = (await server.inject({ method: 'GET', url: '/merchant/api/v1/auth/bot-check' })).json();
  return (await solveBotCheck(challenge as BotChallenge))!;
}

const authenticate = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/merchant/api/v2/auth/authenticate', payload, remoteAddress: ip });

describe('bot check', () => {
  it('a missing or made-up token is 400 bad_request', async () => {
    expect((await authenticate({ email: 'bot@example.com' })).json()).toEqual({
      status: 400,
      message: 'bad_request',
    });
    const fake = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
    ).toString('base64');
    expect((await authenticate({ email: 'bot@example.com', cf_turnstile: fake })).statusCode).toBe(400);
    expect(
      (await authenticate({ email: 'bot@example.com', cf_turnstile: 'not base64 json' })).statusCode,
    ).toBe(400);
  });

  it('a solved challenge is accepted once', async () => {
    const token = await solvedToken();
    const first = await authenticate({ email: 'human@example.com', cf_turnstile: token }, '10.0.0.2');
    expect(first.statusCode).toBe(200);
    const replay = await authenticate({ email: 'human@example.com', cf_turnstile: token }, '10.0.0.2');
    expect(replay.json()).toEqual({ status: 400, message: 'bad_request' });
  });
});

describe('floods', () => {
  it('more sign-in calls than the limit from one address in a minute get 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await authenticate({ email: `f${i}@example.com` }, '10.0.0.3')).statusCode);
    expect(statuses.slice(0, 6).every((s) => s === 400)).toBe(true);
    expect(statuses[6]).toBe(429);
    const res = await authenticate({ email: 'x@example.com' }, '10.0.0.3');
    expect(res.json()).toEqual({ status: 429, message: 'too many requests' });
    // Another address is not affected.
    expect((await authenticate({ email: 'x@example.com' }, '10.0.0.4')).statusCode).toBe(400);
  });
});

describe('the session cookie in production', () => {
  it('is HttpOnly, SameSite=Lax and Secure', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', BOT_CHECK: 'on' } });
    const token = await solvedToken(production.app);
    const started = await production.app.inject({
      method: 'POST',
      url: '/merchant/api/v2/auth/authenticate',
      payload: { email: 'prod@example.com', cf_turnstile: token },
    });
    expect(started.statusCode).toBe(200);
    const [message] = await production.app.services.outbox.list();
    const verified = await production.app.inject({
      method: 'POST',
      url: '/merchant/api/v2/auth/verify',
      payload: { session_id: started.json().session_id, code: message!.code },
    });
    const cookie = verified.cookies.find((c) => c.name === 'mbo_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
  });
});
