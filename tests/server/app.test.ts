import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../src/server/errors';
import { answers } from '../../src/server/openapi';
import Fastify from 'fastify';
import { createTestApp } from './setup/app';
import { helpCentreRoutes } from '../../src/server/routes/helpCentre';

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'mbo-web-'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');

const { app, database } = await createTestApp({
  webRoot,
  extraRoutes(instance) {
    // Documented as every route is (the answers test routes give are held to the document too).
    const documented = { schema: { response: answers({ 200: { type: 'object' } }) } };
    instance.get('/merchant/api/v1/test/boom', documented, async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    instance.get('/merchant/api/v1/test/conflict', documented, async () => {
      throw new HttpError(
        409,
        'conflict',
        { '/business_name': { key: 'onboarding:errors.businessNameConflict' } },
        { type: 'BUSINESS_NAME_CONFLICT' },
      );
    });
    instance.post(
      '/merchant/api/v1/test/echo',
      {
        schema: {
          body: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
          response: answers({ 200: { type: 'object', additionalProperties: true } }),
        },
      },
      async (request) => request.body,
    );
  },
});

describe('GET /health', () => {
  it('answers ok after a real query', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('request ids', () => {
  it('echoes a caller id from the header or the request_id query parameter', async () => {
    const byHeader = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(byHeader.headers['x-request-id']).toBe('abc-123');
    const byQuery = await app.inject({ method: 'GET', url: '/health?request_id=q-42' });
    expect(byQuery.headers['x-request-id']).toBe('q-42');
  });

  it('makes a new id when the caller gives none or a hostile one', async () => {
    const none = await app.inject({ method: 'GET', url: '/health' });
    const hostile = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'a b\nc' },
    });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the error handler', () => {
  it('answers an unexpected error with { status: 500, message: "unknown" } and no detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/merchant/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: 'unknown' });
    expect(res.body).not.toContain('secret');
  });

  it('keeps the status, message, field errors and type of a known error', async () => {
    const res = await app.inject({ method: 'GET', url: '/merchant/api/v1/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      message: 'conflict',
      field_errors: { '/business_name': { key: 'onboarding:errors.businessNameConflict' } },
      type: 'BUSINESS_NAME_CONFLICT',
    });
  });

  it('answers a body that fails its schema with field errors by JSON pointer, as message keys with values', async () => {
    const res = await app.inject({ method: 'POST', url: '/merchant/api/v1/test/echo', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'bad_request',
      field_errors: { '/email': { key: 'validation:error.required', params: { missingProperty: 'email' } } },
    });
  });

  it('refuses a body nested deeper than any form, before parsing it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await app.inject({
      method: 'POST',
      url: '/merchant/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"a@example.com","x":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'bad_request',
      field_errors: { '/': { key: 'validation:error.nesting', params: { limit: 32 } } },
    });
    // Brackets inside strings are text, not nesting.
    const text = await app.inject({
      method: 'POST',
      url: '/merchant/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: '[[[[{{{{'.repeat(100) }),
    });
    expect(text.statusCode).toBe(200);
  });

  it('answers broken JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/merchant/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'bad_request' });
  });

  it('answers an unknown API address with a JSON 404', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'not found' });
  });
});

describe('serving the web app', () => {
  it('serves index.html at the root and for client routes that ask for a page', async () => {
    for (const url of ['/', '/auth', '/applications/basic-info?lang=ar', '/dev/catalogue']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and 404s a missing asset', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    // Only the build's own names: another spelling of one (a case-insensitive file system would serve it) is not found.
    for (const url of ['/ASSETS/main-abc123.js', '/assets/MAIN-abc123.js']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(404);
    }
  });

  it('sends a content security policy without unsafe-eval', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
  });
});

describe('the database', () => {
  it('has the migrated tables', async () => {
    // Both drivers (PGlite and node-postgres) answer with `rows`.
    const res = (await database.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('accounts','merchants','outbox','memberships')`,
    )) as unknown as { rows: { n: number }[] };
    expect(res.rows[0]?.n).toBe(4);
  });
});

describe('the help centre link', () => {
  it('goes to the back office’s own help page in the language asked for, unless a help site is set', async () => {
    const ar = await app.inject({ method: 'GET', url: '/help-centre?lang=ar' });
    expect(ar.statusCode).toBe(302);
    expect(ar.headers.location).toBe('/help?lang=ar');
    // Anything but ar is English; nothing is echoed into the address.
    const odd = await app.inject({ method: 'GET', url: '/help-centre?lang=%22%3E%3Cscript%3E' });
    expect(odd.headers.location).toBe('/help?lang=en');
    const site = Fastify();
    await site.register(helpCentreRoutes, {
      helpCentreUrl: 'https://help.provider.example/{lang}/merchants',
    });
    const there = await site.inject({ method: 'GET', url: '/help-centre?lang=ar' });
    expect(there.statusCode).toBe(302);
    expect(there.headers.location).toBe('https://help.provider.example/ar/merchants');
    await site.close();
  });
});

describe('the provider’s addresses a merchant is shown (issue 56)', () => {
  it('are null until a deployment sets them — no placeholder — and the app QR is absent then', async () => {
    const links = await app.inject({ method: 'GET', url: '/merchant/api/v1/site-links' });
    expect(links.statusCode).toBe(200);
    expect(links.json()).toEqual({
      terms: null,
      privacy: null,
      marketplace: null,
      merchant_app: null,
      app_store: null,
      google_play: null,
      support_email: null,
      capital_email: null,
      survey: null,
    });
    expect(links.headers['cache-control']).toBe('public, max-age=300');
    const qr = await app.inject({ method: 'GET', url: '/merchant-app/qr.svg' });
    expect(qr.statusCode).toBe(404);
    expect(qr.json().message).toContain('MERCHANT_APP_URL');
  });

  it('are what the deployment set, and the QR code encodes the app’s address', async () => {
    const { app: site } = await createTestApp({
      env: {
        TERMS_URL: 'https://provider.test/{lang}/merchant-terms',
        MERCHANT_APP_URL: 'https://provider.test/merchant-app',
        SUPPORT_EMAIL: 'merchants@provider.test',
      },
    });
    expect((await site.inject({ method: 'GET', url: '/merchant/api/v1/site-links' })).json()).toMatchObject({
      terms: 'https://provider.test/{lang}/merchant-terms',
      privacy: null,
      merchant_app: 'https://provider.test/merchant-app',
      support_email: 'merchants@provider.test',
    });
    const qr = await site.inject({ method: 'GET', url: '/merchant-app/qr.svg' });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toMatch(/^<svg/);
  });
});

describe('where the browser reports its errors (shell spec §8)', () => {
  it('is nowhere by default, and the page may talk to nothing but us', async () => {
    const res = await app.inject({ method: 'GET', url: '/merchant/api/v1/error-reports' });
    expect(res.json()).toEqual({ dsn: null, environment: 'test' });
    const page = await app.inject({ method: 'GET', url: '/auth' });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
  });

  it('is the deployment’s DSN, whose host the page may then send reports to', async () => {
    const { app: site } = await createTestApp({
      env: {
        ERROR_REPORTS_DSN: 'https://key@errors.provider.example/7',
        ERROR_REPORTS_ENVIRONMENT: 'staging',
      },
    });
    const res = await site.inject({ method: 'GET', url: '/merchant/api/v1/error-reports' });
    expect(res.json()).toEqual({ dsn: 'https://key@errors.provider.example/7', environment: 'staging' });
    const page = await site.inject({ method: 'GET', url: '/auth' });
    expect(page.headers['content-security-policy']).toContain(
      "connect-src 'self' https://errors.provider.example;",
    );
    await site.close();
  });
});
