/**
 * A signed-in page's HTML carries the shell's first answers for its session (issue 54, domain/firstAnswers.ts):
 * the same answers the API gives that session, only successes, in a page no cache keeps, compressed as the browser
 * accepts — and a page without a session, or with an ended one, carries none.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { setTimeout } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '../../src/cli/precompressVitePlugin';
import { LANGUAGES } from '../../src/domain/language';
import { SIGNED_IN_FRAME_SLUGS, signedInFramePage } from '../../src/domain/bootFrame';
import {
  FIRST_ANSWERS_ID,
  FIRST_QUESTIONS,
  availableProductsPath,
  experimentsPath,
  firstAnswersBlock,
  followingQuestions,
  withFirstAnswers,
} from '../../src/domain/firstAnswers';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import { firstAnswersFor } from '../../src/server/routes/firstAnswers';
import { createTestApp, loadDemoData } from './setup/app';

const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body>${'<p>padding</p>'.repeat(80)}</body></html>`;

const root = mkdtempSync(path.join(os.tmpdir(), 'mbo-answers-'));
writeFileSync(path.join(root, 'index.html'), page('app'));
for (const frame of SIGNED_IN_FRAME_SLUGS)
  for (const language of LANGUAGES)
    writeFileSync(path.join(root, signedInFramePage(frame, language)), page(`${frame.slug} ${language}`));
await precompress(root);

/** Whether the account's question answers slowly (a busy database), for the page's deadline. */
let slowAccount = false;
const { app } = await createTestApp({
  webRoot: root,
  extraRoutes: (server) =>
    server.addHook('onRequest', async (request) => {
      if (slowAccount && request.url === '/merchant/api/v1/account') await setTimeout(400);
    }),
});
await loadDemoData(app);
afterAll(() => app.close());

async function sessionOf(email: string) {
  const opened = await app.inject({ method: 'POST', url: '/dev/sessions', payload: { email } });
  const session = opened.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  if (!session) throw new Error(`no session for ${email}: ${opened.body}`);
  return session;
}

const open = (url: string, session?: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...headers },
    cookies: session ? { [SESSION_COOKIE]: session } : {},
  });

/** The answers a page carries, or undefined when it carries none. */
function answersIn(html: string): Record<string, unknown> | undefined {
  const block = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`).exec(
    html,
  );
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : undefined;
}

/** What the API answers the session for each first question and what those unlock: the body of each success. */
async function apiAnswers(session: string) {
  const answers: Record<string, unknown> = {};
  const ask = async (urls: readonly string[]) => {
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });
      if (res.statusCode === 200) answers[url] = res.json();
    }
  };
  await ask(FIRST_QUESTIONS);
  await ask(followingQuestions(answers));
  return answers;
}

describe("a signed-in page's first answers", () => {
  it("are the API's answers to the session, in a page no cache keeps", async () => {
    const session = await sessionOf('admin@demo.example');
    // Asked first: the catalogue's first answer after a start is slower than the page waits (a slow question).
    const expected = await apiAnswers(session);
    const res = await open('/finance/payouts', session);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>payouts en</title>');
    const carried = answersIn(res.body);
    // A merchant's admin may ask every one of them, and what they unlock: the account's experiments and the
    // first store's products, at the addresses the app asks.
    const account = expected['/merchant/api/v1/account'] as { id: string };
    const stores = expected['/merchant/api/v1/stores'] as { items: { id: string }[] };
    const unlocked = [experimentsPath(account.id), availableProductsPath(stores.items[0]!.id)];
    expect(Object.keys(expected).sort()).toEqual([...FIRST_QUESTIONS, ...unlocked].sort());
    expect(carried).toEqual(expected);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('carry only what the session may have: a refusal is left for the app to ask and meet', async () => {
    // An ops member has no merchant: some questions answer 403, and those are not in the page.
    const session = await sessionOf('ops@demo.example');
    const expected = await apiAnswers(session);
    expect(FIRST_QUESTIONS.filter((url) => url in expected).length).toBeLessThan(FIRST_QUESTIONS.length);
    expect(answersIn((await open('/dashboard', session)).body)).toEqual(expected);
  });

  it('are none for an ended session, and the page is not sent without one', async () => {
    const ended = await open('/payments', 'no-such-session');
    expect(ended.body).toContain('<title>payments en</title>');
    const carried = answersIn(ended.body) ?? {};
    // Nothing that needs a session is carried (the public links may be).
    for (const url of Object.keys(carried)) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    expect(carried['/merchant/api/v1/account']).toBeUndefined();
    const signedOut = await open('/payments');
    expect(signedOut.body).toContain('<title>app</title>');
    expect(answersIn(signedOut.body)).toBeUndefined();
  });

  it('are sent compressed as the browser accepts, the same page once decoded', async () => {
    const session = await sessionOf('admin@demo.example');
    const plain = await open('/users?lang=ar', session);
    const br = await open('/users?lang=ar', session, { 'accept-encoding': 'gzip;q=0.5, br' });
    const gzip = await open('/users?lang=ar', session, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.body).toContain('<title>users ar</title>');
  });
});

describe('a slow question', () => {
  it('is left for the app to ask: the page waits for it no longer than its deadline', async () => {
    const session = await sessionOf('admin@demo.example');
    const asking = { headers: { cookie: `${SESSION_COOKIE}=${session}` }, ip: '127.0.0.1' } as FastifyRequest;
    slowAccount = true;
    try {
      const started = Date.now();
      const answers = await firstAnswersFor(app, asking, 150);
      expect(Date.now() - started).toBeLessThan(390);
      expect(answers['/merchant/api/v1/account']).toBeUndefined();
      expect(answers['/merchant/api/v1/auth/permissions']).toBeDefined();
    } finally {
      slowAccount = false;
    }
    expect((await firstAnswersFor(app, asking))['/merchant/api/v1/account']).toMatchObject({
      id: 'acc-admin',
    });
  });
});

describe('the answers as HTML', () => {
  it('cannot end their element or start markup, whatever the data holds', () => {
    const data = { '/x': { name: '</script><script>alert(1)</script> <!-- & \u2028\u2029' } };
    const block = firstAnswersBlock(data);
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner)).toEqual(data);
  });

  it("keep text that a string replacement would read as a pattern ($&, $') as it is", () => {
    const data = { '/x': { name: "Gold $& Co. $' $` $$" } };
    const page = withFirstAnswers('<html><body><p>frame</p></body></html>', data);
    expect(page.startsWith('<html><body><p>frame</p><script')).toBe(true);
    expect(page.endsWith('</script></body></html>')).toBe(true);
    expect(answersIn(page)).toEqual(data);
    // A page without a body's end gets them at its end.
    expect(answersIn(withFirstAnswers('<p>frame</p>', data))).toEqual(data);
  });
});

describe('the questions the first answers unlock', () => {
  const account = { id: 'acc 1/2' };
  const flags = { has_store_access: true };
  const stores = { items: [{ id: 'store-9' }, { id: 'store-10' }] };
  const answers = (parts: Record<string, unknown>) => ({
    '/merchant/api/v1/account': account,
    '/merchant/api/v1/auth/permissions': flags,
    '/merchant/api/v1/stores': stores,
    ...parts,
  });

  it("are the account's experiments and the first store's products, their ids written into the address", () => {
    expect(followingQuestions(answers({}))).toEqual([
      '/merchant/api/v1/experiments?entity=merchant_account&entity_id=acc%201%2F2',
      '/merchant/api/v1/stores/store-9/available-products',
    ]);
  });

  it('leave out what a missing or unexpected answer does not give', () => {
    expect(followingQuestions({})).toEqual([]);
    expect(followingQuestions(answers({ '/merchant/api/v1/account': undefined }))).toEqual([
      availableProductsPath('store-9'),
    ]);
    // No store access, no stores, or answers of another shape: no products question.
    for (const parts of [
      { '/merchant/api/v1/auth/permissions': { has_store_access: false } },
      { '/merchant/api/v1/stores': { items: [] } },
      { '/merchant/api/v1/stores': { items: 'none' } },
      { '/merchant/api/v1/stores': null },
      { '/merchant/api/v1/account': { id: 7 }, '/merchant/api/v1/stores': { items: [{ id: '' }] } },
    ])
      expect(followingQuestions(answers(parts)), JSON.stringify(parts)).not.toContain(
        availableProductsPath('store-9'),
      );
    expect(followingQuestions(answers({ '/merchant/api/v1/account': { id: 7 } })).join()).not.toContain(
      'experiments',
    );
  });
});
