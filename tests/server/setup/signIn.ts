/** Signing in through the real API in server tests (bot check off): a new account by sign-up, or a demo account. */
import type { FastifyInstance } from 'fastify';

/** A JSON answer, read loosely: tests index into it and assert on what they find. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only reading of API answers
export type Json = any;

export interface Caller {
  /** An API call as this account (bearer token), JSON in and out. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: Json }>;
  token: string;
}

async function codeFor(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
  // The newest code to the address (an invitation to it carries none).
  const message = (res.json() as { to: string; code?: string }[]).find((m) => m.to === to && m.code);
  if (!message) throw new Error(`no code sent to ${to}`);
  return message.code!;
}

async function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(cookie ? { cookies: { mbo_session: cookie } } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return {
    body: res.json() as Record<string, unknown>,
    cookie: res.cookies.find((c) => c.name === 'mbo_session')?.value,
  };
}

export function caller(app: FastifyInstance, token: string): Caller {
  return {
    token,
    async call(method, url, payload) {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'x-mbo-client': 'test' },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      return { status: res.statusCode, body: res.body ? res.json() : null };
    },
  };
}

/**
 * Signs in by e-mail: a new address signs up and sets `phone` up as its second factor; an existing account
 * confirms its second factor (its phone, or `phone` when it has none yet).
 */
export async function signIn(app: FastifyInstance, email: string, phone: string): Promise<Caller> {
  const started = await post(app, '/merchant/api/v2/auth/authenticate', { email, lang: 'en' });
  const verified = await post(app, '/merchant/api/v2/auth/verify', {
    session_id: started.body.session_id,
    code: await codeFor(app, email.toLowerCase()),
  });
  const cookie = verified.cookie!;
  if (verified.body.status === 'setup_2fa') {
    await post(app, '/merchant/api/v2/auth/challenge/setup', { phone }, cookie);
  }
  const done = await post(
    app,
    '/merchant/api/v2/auth/challenge/verify',
    { code: await codeFor(app, phone) },
    cookie,
  );
  return caller(app, String(done.body.auth_token));
}
