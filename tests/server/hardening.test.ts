/**
 * Findings of the outside security review (issue 14), each replayed against the server, fixed in one place that
 * every route goes through.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn } from './setup/signIn';

const { app } = await createTestApp();
const who = await signIn(app, 'hardening@example.com', '+966501238888');
const cookie = { authorization: `Bearer ${who.token}`, 'x-mbo-client': 'test' };

describe('a NUL character (U+0000) is refused with 400 on every route, never stored or answered with 500', () => {
  it.each([
    [
      'unauthenticated analytics events, in the body',
      'POST',
      '/merchant/api/v1/events',
      { name: 'page_view', page: 'a\u0000b' },
      {},
    ],
    [
      'sign-in, in the e-mail',
      'POST',
      '/merchant/api/v2/auth/authenticate',
      { email: 'x\u0000@example.com' },
      {},
    ],
    ['a key of the body', 'POST', '/merchant/api/v1/events', { ['na\u0000me']: 'x' }, {}],
    [
      'a draft answer',
      'POST',
      '/partners/application/api/v1/application',
      { advertisement: { utm_source: '\u0000' } },
      cookie,
    ],
  ])('%s', async (_name, method, url, payload, headers) => {
    const res = await app.inject({
      method: method as 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('the body holds a NUL character (U+0000), which is not allowed');
    expect(Object.values(res.json().field_errors)).toEqual([
      { key: 'validation:error.nulCharacter', params: {} },
    ]);
  });

  it('in the query and in the path', async () => {
    const query = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/application/sections?lang=en%00',
      headers: cookie,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^the query holds a NUL character/);
    const path = await app.inject({
      method: 'GET',
      url: '/partners/application/api/v1/commercial-registration/10%00101234',
      headers: cookie,
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toMatch(/^the params holds a NUL character/);
  });
});

describe('API answers are never cached', () => {
  it.each([
    ['the account (authenticated)', '/merchant/api/v1/account'],
    ['the application (authenticated)', '/partners/application/api/v1/application'],
    ['the same address with an encoded letter', '/%6Derchant/api/v1/account'],
    ['an error answer', '/partners/application/api/v1/application/999999'],
  ])('%s: Cache-Control no-store', async (_name, url) => {
    const res = await app.inject({ method: 'GET', url, headers: cookie });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([
      expect.any(Number),
      expect.stringMatching(/\bno-store\b/),
    ]);
  });

  it('a catalogue version keeps its own (cached for ever: it never changes)', async () => {
    const pointer = (
      await app.inject({ method: 'GET', url: '/merchant/api/v1/catalogue/flows/onboarding' })
    ).json();
    const manifest = await app.inject({ method: 'GET', url: pointer.manifest });
    expect(manifest.headers['cache-control']).toMatch(/immutable/);
  });
});

describe('a multipart body cut short', () => {
  it('is 400 with a message, never 500', async () => {
    const boundary = 'x-boundary';
    const whole = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="licence.pdf"',
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4 '.repeat(200),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    for (const body of [whole.slice(0, whole.length / 2), whole.slice(0, 40), `--${boundary}\r\nbroken`]) {
      const res = await app.inject({
        method: 'POST',
        url: '/merchant/api/v2/upload',
        payload: body,
        headers: { ...cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect([res.statusCode, res.json().message]).toEqual([400, expect.any(String)]);
    }
  });
});

describe('the client address is not the client’s to choose', () => {
  const attempts = async (server: typeof app) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await server.inject({
        method: 'POST',
        url: '/merchant/api/v2/auth/authenticate',
        payload: { email: `flood${i}@example.com` },
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('by default X-Forwarded-For is ignored: a rotated header gets no fresh rate-limit count', async () => {
    const { app: strict } = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    expect((await attempts(strict)).at(-1)).toBe(429);
  });

  it('behind a proxy named by TRUST_PROXY the forwarded address counts', async () => {
    const { app: proxied } = await createTestApp({ env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' } });
    expect(await attempts(proxied)).not.toContain(429);
  });
});
