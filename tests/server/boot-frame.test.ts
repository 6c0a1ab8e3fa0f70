/**
 * The sign-in page drawn into its HTML (issue 54, domain/bootFrame.ts): the server sends the drawing in the
 * language the app will pick — the address's `lang`, then the remembered choice (cookie), then the browser's — and
 * index.html for every other page, compressed like any page and never cached.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '../../src/cli/precompressVitePlugin';
import { LANGUAGE_COOKIE, LANGUAGES } from '../../src/domain/language';
import { SIGNED_IN_FRAME_SLUGS, signedInFramePage } from '../../src/domain/bootFrame';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import { createTestApp } from './setup/app';

const page = (name: string) => `<!doctype html><title>${name}</title>${'<p>padding</p>'.repeat(80)}`;

async function webRootWith(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mbo-boot-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  await precompress(root);
  return root;
}

const framed = await createTestApp({
  webRoot: await webRootWith({
    'index.html': page('app'),
    'auth.en.html': page('sign-in en'),
    'auth.ar.html': page('sign-in ar'),
    // What the build draws for every signed-in frame (src/cli/bootFrameVitePlugin.ts).
    ...Object.fromEntries(
      SIGNED_IN_FRAME_SLUGS.flatMap((frame) =>
        LANGUAGES.map((language) => [signedInFramePage(frame, language), page(`${frame.slug} ${language}`)]),
      ),
    ),
  }),
});
const plain = await createTestApp({ webRoot: await webRootWith({ 'index.html': page('app') }) });
afterAll(async () => {
  await framed.app.close();
  await plain.app.close();
});

const open = (
  app: typeof framed.app,
  url: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers }, cookies });

const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];

describe("the sign-in page's HTML", () => {
  it('draws the form in the language the app will pick', async () => {
    const cases: [string, Record<string, string>, Record<string, string>, string][] = [
      ['/auth', {}, {}, 'sign-in en'],
      ['/auth/', {}, {}, 'sign-in en'],
      ['/auth?lang=ar', {}, {}, 'sign-in ar'],
      ['/auth?redirect=%2Fpayments&lang=ar', {}, {}, 'sign-in ar'],
      ['/auth', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8' }, {}, 'sign-in ar'],
      ['/auth', { 'accept-language': 'fr-FR, en;q=0.5, ar;q=0.7' }, {}, 'sign-in ar'],
      ['/auth', { 'accept-language': 'ar-SA' }, { [LANGUAGE_COOKIE]: 'en' }, 'sign-in en'],
      ['/auth', {}, { [LANGUAGE_COOKIE]: 'ar' }, 'sign-in ar'],
      ['/auth?lang=en', {}, { [LANGUAGE_COOKIE]: 'ar' }, 'sign-in en'],
      // What the app does not know falls through, as in the browser.
      ['/auth?lang=fr', {}, { [LANGUAGE_COOKIE]: 'xx' }, 'sign-in en'],
    ];
    for (const [url, headers, cookies, title] of cases) {
      const res = await open(framed.app, url, headers, cookies);
      expect(res.statusCode, url).toBe(200);
      expect(titleOf(res.body), `${url} ${JSON.stringify({ headers, cookies })}`).toBe(title);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // A cache between must not give one visitor's language to another.
      expect(res.headers.vary, url).toMatch(/accept-language/i);
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it('is sent compressed like any page', async () => {
    const res = await open(framed.app, '/auth?lang=ar', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(titleOf(brotliDecompressSync(res.rawPayload).toString())).toBe('sign-in ar');
  });

  it("is only the sign-in form's: its later steps and every other page get index.html", async () => {
    for (const url of ['/auth/sign_in_verify_email', '/authority', '/payments', '/', '/money/auth']) {
      const res = await open(framed.app, url, {}, { [LANGUAGE_COOKIE]: 'ar' });
      expect(titleOf(res.body), url).toBe('app');
    }
  });

  it('is not drawn for a browser holding a session, which the page most likely sends on', async () => {
    const res = await open(framed.app, '/auth?lang=ar', {}, { [SESSION_COOKIE]: 'a-session' });
    expect(titleOf(res.body)).toBe('app');
  });

  it('falls back to index.html where the build has no drawing', async () => {
    const res = await open(plain.app, '/auth?lang=ar');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('app');
  });
});

describe("a signed-in page's frame", () => {
  const session = { [SESSION_COOKIE]: 'a-session' };

  it('is drawn for a browser holding a session, in the language the app will pick', async () => {
    const cases: [string, Record<string, string>, Record<string, string>, string][] = [
      ['/payments', {}, {}, 'payments en'],
      ['/payments/', {}, {}, 'payments en'],
      ['/payments?lang=ar', {}, {}, 'payments ar'],
      ['/dashboard', { 'accept-language': 'ar-SA' }, {}, 'dashboard ar'],
      ['/dashboard', { 'accept-language': 'ar-SA' }, { [LANGUAGE_COOKIE]: 'en' }, 'dashboard en'],
      ['/finance/payouts', {}, { [LANGUAGE_COOKIE]: 'ar' }, 'payouts ar'],
      // Capital's two spellings share one drawing.
      ['/finance/capital', {}, {}, 'capital en'],
      ['/finance/tby-capital?lang=ar', {}, {}, 'capital ar'],
    ];
    for (const [url, headers, cookies, title] of cases) {
      const res = await open(framed.app, url, headers, { ...session, ...cookies });
      expect(res.statusCode, url).toBe(200);
      expect(titleOf(res.body), `${url} ${JSON.stringify({ headers, cookies })}`).toBe(title);
      // It carries the session's first answers (first-answers.test.ts): no cache keeps it.
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      // One visitor's page (signed in, in a language) is never another's from a cache between.
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.headers.vary, url).toMatch(/accept-language/i);
    }
  });

  it('is sent compressed like any page', async () => {
    const res = await open(framed.app, '/users?lang=ar', { 'accept-encoding': 'br' }, session);
    expect(res.headers['content-encoding']).toBe('br');
    expect(titleOf(brotliDecompressSync(res.rawPayload).toString())).toBe('users ar');
  });

  it('is not drawn without a session, nor for pages it does not list (details, consoles, root)', async () => {
    expect(titleOf((await open(framed.app, '/payments')).body)).toBe('app');
    for (const url of [
      '/',
      '/payments/pay-1',
      '/disputes/d-1',
      '/studio',
      '/ops/chat',
      '/money/landing',
      '/auth',
    ]) {
      const res = await open(framed.app, url, {}, session);
      expect(titleOf(res.body), url).toBe('app');
    }
  });

  it('falls back to index.html where the build drew none', async () => {
    const res = await open(plain.app, '/payments', {}, session);
    expect(titleOf(res.body)).toBe('app');
  });
});
