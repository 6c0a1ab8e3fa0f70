/**
 * The third review's contract findings (issue 53, findings 7 and 8), each replayed: query values that gave 500, an
 * export that answered 200 and then cut its stream, Fastify's own refusals in their own shape, parameters and
 * fields dropped in silence, JSON bodies coerced, methods the server never serves.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);
const admin = await signIn(app, 'admin@demo.example', '+966501234567');
const headers = { authorization: `Bearer ${admin.token}`, 'x-mbo-client': 'test' };

describe('query values that gave 500', () => {
  it.each([
    ['/merchant/api/v1/payments?page_size=Infinity', '/page_size'],
    ['/merchant/api/v1/payments?page_size=1e400', '/page_size'],
    ['/merchant/api/v1/disputes?page_size=-Infinity', '/page_size'],
    ['/merchant/api/v1/payments/summary?tz_offset=Infinity', '/tz_offset'],
    ['/merchant/api/v1/payments?created_at_gte=0000-01-01', '/created_at_gte'],
    ['/merchant/api/v1/disputes?created_at_lte=0000-12-31T00:00:00Z', '/created_at_lte'],
    ['/merchant/api/v1/payouts?day_gte=0000-01-01', '/day_gte'],
  ])('%s is 400 naming %s', async (url, pointer) => {
    const res = await admin.call('GET', url);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(Object.keys(res.body.field_errors)).toEqual([pointer]);
  });

  it('a day in 9999 seen from west of UTC (past the year 9999 in UTC) is 400, not a 500', async () => {
    const res = await admin.call('GET', '/merchant/api/v1/disputes?created_at_lte=9999-12-31&tz_offset=-600');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.field_errors)).toEqual(['/created_at_lte']);
  });
});

describe('an export', () => {
  it.each(['/merchant/api/v1/payments/export', '/merchant/api/v1/disputes/export'])(
    '%s refused before its first row answers a JSON error, not a cut CSV',
    async (url) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: { created_at_gte: '0000-01-01' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().field_errors).toHaveProperty(['/created_at_gte']);
    },
  );

  it('a good one streams its header and rows', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/merchant/api/v1/disputes/export',
      headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\n')[0]).toContain('"id","created_at"');
  });
});

describe('what a request may carry', () => {
  it('an unknown query parameter is refused, naming it (not dropped in silence)', async () => {
    const res = await admin.call('GET', '/merchant/api/v1/payments?page_sise=5');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('bad_request: unknown parameter page_sise');
    expect(res.body.field_errors).toEqual({
      '/page_sise': { key: 'validation:error.unknownParameter', params: { name: 'page_sise' } },
    });
    // A call that names itself may always do so.
    expect((await admin.call('GET', '/merchant/api/v1/account?request_id=abc')).status).toBe(200);
  });

  it('an unknown body field is refused, naming it', async () => {
    const res = await admin.call('POST', '/merchant/api/v1/auth/step-up', {
      purpose: 'api_key_reveal',
      extra: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toHaveProperty(['/extra']);
  });

  it('a JSON body is taken as typed: a number where text is asked for is refused, not made text', async () => {
    const res = await admin.call('PUT', '/merchant/api/v1/wallets/mer-riyadh-style/payout-destination', {
      destination: 1,
    });
    expect(res.status).toBe(400);
    const transfer = await admin.call('POST', '/merchant/api/v1/wallets/mer-riyadh-style/transfers', {
      amount: 10,
      code: 1234,
    });
    expect(transfer.status).toBe(400);
    expect(Object.keys(transfer.body.field_errors).sort()).toEqual(['/amount']);
  });

  it('JSON’s 1e400 (Infinity once parsed) is refused in a body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/merchant/api/v1/capital/offer/off-falcon-online/calculate',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"amount":1e400,"tenor":8}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Fastify’s own refusals', () => {
  it('a path segment past the router’s limit is 414 in the product’s shape', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/merchant/api/v1/stores/${'a'.repeat(500)}`,
      headers,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ status: 414, message: 'the address is too long' });
  });

  it.each(['TRACE', 'CONNECT', 'PROPFIND'])('%s is 405 wherever it is asked', async (method) => {
    const res = await app.inject({ method: method as 'GET', url: '/merchant/api/v1/account', headers });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ status: 405, message: `method not allowed: ${method}` });
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('a method an address lacks is 405 with the ones it has; an unknown address stays 404', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/merchant/api/v1/payouts/po-1', headers });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(
      (await app.inject({ method: 'DELETE', url: '/merchant/api/v1/nothing-here', headers })).statusCode,
    ).toBe(404);
  });
});
