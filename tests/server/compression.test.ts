/**
 * What the browser receives (issue 54): every text file of the build sent Brotli- or gzip-compressed, as the
 * browser accepts, from the twins written at build (src/cli/precompressVitePlugin.ts) — never compressed per
 * request — with `Vary: Accept-Encoding`; hashed assets cached for good, the page never; API answers over 1 KiB
 * compressed on the fly.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { answers } from '../../src/server/openapi';
import { precompress } from '../../src/cli/precompressVitePlugin';
import { createTestApp } from './setup/app';

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'mbo-web-'));
const page = `<!doctype html><title>app</title>${'<meta name="x" content="padding">'.repeat(60)}`;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })))};`;
writeFileSync(path.join(webRoot, 'index.html'), page);
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), script);
writeFileSync(
  path.join(webRoot, 'assets', 'main-abc123.css'),
  `body{margin:0}${'.a{color:red}'.repeat(200)}`,
);
writeFileSync(path.join(webRoot, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
const compressed = await precompress(webRoot);

const { app } = await createTestApp({
  webRoot,
  extraRoutes(instance) {
    const documented = {
      schema: { response: answers({ 200: { type: 'object', additionalProperties: true } }) },
    };
    instance.get('/merchant/api/v1/test/big', documented, async () => ({
      items: Array.from({ length: 100 }, (_, i) => ({ id: `row-${i}`, name: 'a row of a list' })),
    }));
    instance.get('/merchant/api/v1/test/small', documented, async () => ({ ok: true }));
  },
});
afterAll(() => app.close());

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('what the browser receives', () => {
  it('writes a Brotli and a gzip twin of each text file at build, and none of a picture', () => {
    expect(compressed).toBe(3);
  });

  it('sends each text file compressed as the browser accepts it, with Vary, and the same bytes once decoded', async () => {
    for (const [url, original] of [
      ['/assets/main-abc123.js', script],
      ['/', page],
      ['/payments', page],
    ] as const) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', 'accept-encoding': accept },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], `${url} (${accept})`).toBe(encoding);
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length, url).toBeLessThan(Buffer.byteLength(original) / 2);
        expect(decode(encoding, res.rawPayload).toString(), url).toBe(original);
      }
    }
    // A client that accepts no encoding gets the file as it is.
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for good and the page never', async () => {
    for (const url of ['/assets/main-abc123.js', '/assets/main-abc123.css', '/assets/logo-abc123.png']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    const index = await app.inject({
      method: 'GET',
      url: '/auth',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('compresses an API answer over 1 KiB, not a small one', async () => {
    const big = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/test/big',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', big.rawPayload).toString()).items).toHaveLength(100);
    const small = await app.inject({
      method: 'GET',
      url: '/merchant/api/v1/test/small',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });
});
