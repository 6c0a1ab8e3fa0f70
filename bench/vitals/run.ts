/**
 * `npm run bench:vitals` (issue 54): every route a merchant or ops person opens, loaded as a mid-range phone on a
 * mobile network meets it — Lighthouse 12 with its mobile defaults (simulated Slow 4G: 150 ms round trips,
 * 1.6 Mbit/s down; the CPU 4× slower; a 412 × 823 screen) — and its Core Web Vitals beside the goal: the largest
 * contentful paint ≤ 2.5 s, total blocking time ≤ 200 ms, layout shift ≤ 0.1; and the repeat visit (the same page
 * loaded again in the same browser, its cache and service worker kept) ≤ 1.0 s. Each figure is the median of
 * BENCH_RUNS runs (default 3), in English and in Arabic.
 *
 * The server is the real one serving the built app (`npm run build` first) on the embedded database in a fresh
 * directory with the demo data, run as `npm start` runs it (NODE_ENV=development) or, with BENCH_MODE=production,
 * as production does (no /dev addresses, the bot check on). Signed-in pages are opened with the session cookie of
 * the route's demo account, minted by a second instance on the same database (production has no /dev/sessions) and
 * put in the browser's cookie jar before the page loads, as a signed-in browser holds it (not as a header Lighthouse
 * adds to every request: the app writes cookies of its own, and Chrome's cookie header then replaced the added one —
 * the page's calls answered 401 and the run measured the sign-in page it ended on). A run that ends elsewhere than
 * the page it opened (signed out, sent on) fails the bench rather than count.
 * Also printed: the bytes the browser received for the page (its network log's transfer sizes) and how many of the
 * page's text responses came uncompressed.
 */
import { mkdirSync, mkdtempSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { seedDemoOnce } from '../../src/server/fixtures/demo';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/cli/chromium';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import { percentile } from '../support/percentile';

/** What only the sign-in page asks when it opens (web/api/accountKey.ts fetchSignedIn). */
const SIGN_IN_QUESTION = '/merchant/api/v1/auth/session';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MODE = process.env.BENCH_MODE === 'production' ? 'production' : 'development';
const LANGS = (process.env.BENCH_LANGS ?? 'en,ar').split(',');
const ONLY = process.env.BENCH_ROUTES?.split(',');
/** A directory to keep each run's Lighthouse report in (the last run of each page), to read what held it up. */
const SAVE = process.env.BENCH_SAVE;
/** The built app to serve: dist/web, or BENCH_WEB (another build, to set beside it). */
const webRoot = process.env.BENCH_WEB
  ? path.resolve(process.env.BENCH_WEB)
  : fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Core Web Vitals' "good", and the repeat visit's goal (issue 54). */
const GOAL = { lcp: 2500, tbt: 200, cls: 0.1, repeat: 1000 };

interface Route {
  name: string;
  path: string;
  /** The demo account whose session opens it; none: signed out. */
  as?: string;
}

/** The route table as its users open it: the sidebar's areas, sign-in, the wizard's first step, capital, ops. */
export const ROUTES: Route[] = [
  { name: 'sign-in', path: '/auth' },
  { name: 'home', path: '/dashboard', as: 'admin@demo.example' },
  { name: 'legal entities', path: '/legal-entities', as: 'admin@demo.example' },
  { name: 'orders', path: '/payments', as: 'admin@demo.example' },
  { name: 'analytics', path: '/analytics', as: 'admin@demo.example' },
  { name: 'ads', path: '/ads', as: 'admin@demo.example' },
  { name: 'disputes', path: '/disputes', as: 'admin@demo.example' },
  { name: 'locations', path: '/locations', as: 'admin@demo.example' },
  { name: 'wallet', path: '/finance/merchant-wallet', as: 'admin@demo.example' },
  { name: 'payouts', path: '/finance/payouts', as: 'admin@demo.example' },
  { name: 'card', path: '/finance/card', as: 'admin@demo.example' },
  { name: 'marketing', path: '/marketing', as: 'admin@demo.example' },
  { name: 'stores', path: '/business-profile/stores', as: 'admin@demo.example' },
  { name: 'users', path: '/users', as: 'admin@demo.example' },
  { name: 'support', path: '/support', as: 'admin@demo.example' },
  { name: 'wizard', path: '/dashboard/business-profile', as: 'onboarding@demo.example' },
  { name: 'capital offer', path: '/finance/capital', as: 'capital-offers@demo.example' },
  { name: 'capital loan', path: '/finance/capital', as: 'capital-paying@demo.example' },
  { name: 'studio', path: '/studio', as: 'ops@demo.example' },
  { name: 'ads ops', path: '/ops/ads', as: 'ads-ops@demo.example' },
  { name: 'chat console', path: '/ops/chat', as: 'ops@demo.example' },
  { name: 'signed contracts', path: '/ops/contracts', as: 'ops@demo.example' },
];

interface Figures {
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes received for the page (the network log's transfer sizes). */
  bytes: number;
  /** Text responses (HTML, JS, CSS, JSON) over 1 KiB that came without a Content-Encoding. */
  plain: string[];
  /**
   * Lighthouse's measure of this machine's CPU during the run (`environment.benchmarkIndex`). Its 4x slowdown is
   * calibrated for 1500-2000 (a high-end desktop): a run below that emulates a phone slower than a mid-range one,
   * and a shared machine's index moves from run to run — the column says how far a row's figures are the machine's.
   */
  cpu: number;
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceSize?: number;
  mimeType?: string;
  resourceType?: string;
  statusCode?: number;
  protocol?: string;
}

/** A cookie as the session's minting answer set it. */
interface MintedCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
}

/**
 * The browser's cookies as the route's visitor has them: none, or those a sign-in sets for its demo account — the
 * session and its readable twin (SESSION_HINT_COOKIE), as a signed-in browser holds them — and nothing the previous
 * route's pages wrote, such as the language cookie. (The session alone, without its twin, is a browser the app
 * takes for signed out: the bench then measured the sign-in page.)
 */
async function holdSession(browser: Browser, origin: string, cookies: readonly MintedCookie[]) {
  const session = await browser.target().createCDPSession();
  try {
    await session.send('Storage.clearCookies');
    if (cookies.length > 0) {
      await session.send('Storage.setCookies', {
        cookies: cookies.map((cookie) => ({
          name: cookie.name,
          value: cookie.value,
          url: origin,
          httpOnly: cookie.httpOnly ?? false,
          sameSite: 'Lax' as const,
        })),
      });
    }
  } finally {
    await session.detach();
  }
}

async function measure(port: number, url: string, signedIn: boolean, repeat: boolean): Promise<Figures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // A repeat visit keeps what the first one left: the HTTP cache, the service worker, storage. A first visit
    // starts with none of it (Lighthouse's reset, and the origin's local storage and databases too); the
    // cookies stay, so a signed-in visitor stays signed in.
    disableStorageReset: repeat,
    clearStorageTypes: [
      'file_systems',
      'shader_cache',
      'service_workers',
      'cache_storage',
      'local_storage',
      'indexeddb',
    ],
  };
  let result = await lighthouse(url, flags);
  // Lighthouse's own trace sometimes fails to record a run (NO_NAVSTART, NO_FCP on a busy machine): that run is
  // taken again, once, rather than the whole bench lost; a page that fails twice is reported as failing.
  if (result?.lhr.runtimeError) result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (SAVE) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${new URL(url).searchParams.get('lang')}${repeat ? '-repeat' : ''}.json`;
    writeFileSync(path.join(SAVE, name), JSON.stringify(result.lhr));
  }
  const { audits, runtimeError, finalDisplayedUrl } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  // The figures are the page's only if the visitor is still signed in when the trace ends (a page may send on
  // within its area: capital to the offer it has).
  const ended = new URL(finalDisplayedUrl).pathname;
  if (signedIn && /^\/(auth|logout)/.test(ended)) {
    throw new Error(`${url}: the page ended at ${ended} (signed out), not the page asked for`);
  }
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  // Nor if it passed through the sign-in page on the way (it asks whether anyone is signed in): a run that went to
  // sign-in and came back — or went round between the two — is not the page's load.
  if (signedIn && items.some((item) => new URL(item.url).pathname === SIGN_IN_QUESTION)) {
    throw new Error(`${url}: the page went by the sign-in page (${SIGN_IN_QUESTION} was asked)`);
  }
  const value = (id: string) => {
    const figure = audits[id]?.numericValue;
    if (figure === undefined) throw new Error(`${url}: no ${id} (${audits[id]?.errorMessage ?? 'not run'})`);
    return figure;
  };
  const headers = (result.artifacts.DevtoolsLog ?? []).filter(
    (entry) => entry.method === 'Network.responseReceived',
  ) as { params: { response: { url: string; headers: Record<string, string>; mimeType: string } } }[];
  const sizes = new Map(items.map((item) => [item.url, item.resourceSize ?? 0]));
  const plain = headers
    .map((entry) => entry.params.response)
    .filter(
      (response) =>
        (sizes.get(response.url) ?? 0) > 1024 &&
        /^(text\/|application\/(javascript|json))/.test(response.mimeType) &&
        !Object.keys(response.headers).some((name) => name.toLowerCase() === 'content-encoding') &&
        !response.url.startsWith('data:'),
    )
    .map((response) => new URL(response.url).pathname);
  return {
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    plain,
    cpu: result.lhr.environment.benchmarkIndex,
  };
}

const median = (values: number[]) => percentile(values, 50);

async function main() {
  if (process.argv.includes('--help')) {
    process.stdout.write(
      'usage: npm run bench:vitals   (after `npm run build`)\n' +
        '  BENCH_RUNS (3) runs of each page, BENCH_MODE=production to serve as production does,\n' +
        '  BENCH_LANGS (en,ar), BENCH_ROUTES=sign-in,home,… to measure some routes only,\n' +
        '  BENCH_WEB=<dir> another build than dist/web, BENCH_SAVE=<dir> to keep the Lighthouse reports\n',
    );
    return;
  }
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    process.stderr.write('error: no built web app in dist/web — run `npm run build` first\n');
    process.exit(1);
  }
  const routes = ROUTES.filter((route) => !ONLY || ONLY.includes(route.name));
  // A name that is not a route is an error, not left out in silence (a bench of fewer pages than asked for).
  const unknown = (ONLY ?? []).filter((name) => !ROUTES.some((route) => route.name === name));
  if (routes.length === 0 || unknown.length > 0) {
    process.stderr.write(
      `error: BENCH_ROUTES names ${unknown.length > 0 ? `no route called ${unknown.join(', ')}` : 'no route'}; ` +
        `the routes: ${ROUTES.map((r) => r.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  // The reports' directory is made if it is not there (a run's figures are not lost at its first report).
  if (SAVE) mkdirSync(SAVE, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-bench-vitals-'));
  const database = await openDatabase({ dataDir });
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const app = await buildApp({
    config: loadConfig({ ...env, NODE_ENV: MODE }),
    database,
    logger: false,
    webRoot,
  });
  // The instance that mints sessions for the signed-in routes (POST /dev/sessions), on the same database.
  const minter = await buildApp({
    config: loadConfig({ ...env, NODE_ENV: 'test', BOT_CHECK: 'off' }),
    database,
    logger: false,
    webRoot,
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    await seedDemoOnce(database.db, new Date());
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIns = new Map<string, MintedCookie[]>();
    const cookiesOf = async (email: string) => {
      if (!signIns.has(email)) {
        const opened = await minter.inject({
          method: 'POST',
          url: '/dev/sessions',
          headers: { 'x-mbo-client': 'bench' },
          payload: { email },
        });
        if (!opened.cookies.some((c) => c.name === SESSION_COOKIE))
          throw new Error(`no session for ${email}: ${opened.statusCode} ${opened.body}`);
        signIns.set(email, opened.cookies);
      }
      return signIns.get(email)!;
    };
    process.stdout.write(
      `Lighthouse 12.2.3 mobile defaults on ${MODE === 'production' ? 'NODE_ENV=production' : 'npm start'}, median of ${RUNS}\n` +
        `goal: LCP ≤ ${GOAL.lcp} ms, TBT ≤ ${GOAL.tbt} ms, CLS ≤ ${GOAL.cls}, repeat visit LCP ≤ ${GOAL.repeat} ms\n\n` +
        "CPU: Lighthouse's benchmark index of this machine in the runs (4x is calibrated for 1500-2000)\n\n" +
        `${'route'.padEnd(22)}${'lang'.padEnd(6)}${'LCP'.padStart(8)}${'TBT'.padStart(8)}${'CLS'.padStart(8)}${'repeat'.padStart(9)}${'KiB'.padStart(8)}${'CPU'.padStart(7)}  verdict\n`,
    );
    let failures = 0;
    const uncompressed = new Set<string>();
    for (const route of routes) {
      for (const lang of LANGS) {
        const cookies = route.as ? await cookiesOf(route.as) : [];
        const signedIn = cookies.length > 0;
        const url = `${address}${route.path}?lang=${lang}`;
        const cold: Figures[] = [];
        const warm: Figures[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          await holdSession(browser, address, cookies);
          cold.push(await measure(chrome.port, url, signedIn, false));
          warm.push(await measure(chrome.port, url, signedIn, true));
        }
        cold.flatMap((f) => f.plain).forEach((file) => uncompressed.add(file));
        const figures = {
          lcp: median(cold.map((f) => f.lcp)),
          tbt: median(cold.map((f) => f.tbt)),
          cls: median(cold.map((f) => f.cls)),
          repeat: median(warm.map((f) => f.lcp)),
          kib: median(cold.map((f) => f.bytes)) / 1024,
          cpu: median(cold.map((f) => f.cpu)),
        };
        const misses = [
          figures.lcp > GOAL.lcp && 'LCP',
          figures.tbt > GOAL.tbt && 'TBT',
          figures.cls > GOAL.cls && 'CLS',
          figures.repeat > GOAL.repeat && 'repeat',
        ].filter(Boolean);
        if (misses.length > 0) failures += 1;
        process.stdout.write(
          `${route.name.padEnd(22)}${lang.padEnd(6)}${figures.lcp.toFixed(0).padStart(8)}${figures.tbt.toFixed(0).padStart(8)}` +
            `${figures.cls.toFixed(3).padStart(8)}${figures.repeat.toFixed(0).padStart(9)}${figures.kib.toFixed(1).padStart(8)}` +
            `${figures.cpu.toFixed(0).padStart(7)}  ` +
            `${misses.length === 0 ? 'good' : `misses ${misses.join(', ')}`}\n`,
        );
      }
    }
    process.stdout.write(
      `\n${routes.length * LANGS.length - failures} of ${routes.length * LANGS.length} pages meet the goal` +
        (uncompressed.size > 0 ? `; sent uncompressed: ${[...uncompressed].slice(0, 8).join(', ')}` : '') +
        '\n',
    );
  } finally {
    await browser.disconnect();
    chrome.kill();
    await app.close();
    await minter.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
