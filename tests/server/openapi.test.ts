/**
 * The API contract (issue 14): every route of the server is in the OpenAPI document, with a schema for what it
 * takes (parameters, query, body) and for what it answers, success and error alike.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';

const { app } = await createTestApp();
const document = (await app.inject({ method: 'GET', url: '/merchant/api/openapi.json' })).json();

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * Pages and files, not API calls: the SPA and its files (one route each: routes/spa.ts), the help centre's
 * redirect, the catalogue's static files, the API reference itself.
 */
const NOT_API =
  /^(\/|\/\*|\/assets\/.*|\/[^/]+\.[a-z0-9]+|\/help-centre|\/catalogue\/.*|\/merchant\/api\/v1\/studio\/preview\/.*|\/dev\/api.*|\/merchant\/api\/openapi\.json)$/;

const operations = app.routeTable
  .filter((r) => !NOT_API.test(r.url))
  .map((r) => ({ ...r, path: openApiPath(r.url), method: r.method.toLowerCase() }));

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, served without a session', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(operations.length).toBeGreaterThan(40);
  });

  it('holds every API route the server has', () => {
    const missing = operations.filter((o) => !document.paths?.[o.path]?.[o.method]);
    expect(missing.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual([]);
  });

  it('no API route hides from it', () => {
    expect(app.routeTable.filter((r) => r.hidden && !NOT_API.test(r.url)).map((r) => r.url)).toEqual([]);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: schemas for what it takes and what it answers',
    (_name, o) => {
      const operation = document.paths[o.path][o.method];
      // A WebSocket route (the live chat) answers 101 and then speaks in frames its route file describes; a
      // page's form post (the sandbox checkout) answers 303 to the page.
      const success = Object.keys(operation.responses ?? {}).filter((code) => /^2|^101$|^303$/.test(code));
      expect(success.length, 'a successful answer').toBeGreaterThan(0);
      for (const code of success) {
        const answer = operation.responses[code];
        // A 204 has no body; anything else describes its JSON (or file) answer.
        if (code !== '204' && code !== '101' && code !== '303')
          expect(answer.content, `answer ${code}`).toBeDefined();
      }
      expect(operation.responses['4XX']?.content, 'the error answer').toBeDefined();
      const pathParams = [...o.path.matchAll(/\{([\w*]+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? [])
        .filter((p: { in: string }) => p.in === 'path')
        .map((p: { name: string }) => p.name);
      expect(declared.sort()).toEqual(pathParams.sort());
      if (['post', 'put', 'patch'].includes(o.method))
        expect(operation.requestBody, 'a request body').toBeDefined();
    },
  );
});

describe('the API reference page', () => {
  it('is at /dev/api outside production', async () => {
    const page = await app.inject({ method: 'GET', url: '/dev/api/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
