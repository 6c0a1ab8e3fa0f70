/**
 * `npm run bench:signin`: the sign-in page's JavaScript as a browser downloads it (issue 33's goal: at most
 * 150 KiB gzip). Serves the built app (`dist/web`; run `npm run build` first) from the real server on a fresh
 * data directory, opens `/auth` in headless Chromium with an empty cache, waits until the network is idle, and
 * prints every script the page fetched — modules, lazy chunks, the bot check's worker — with its size gzip
 * (level 9, as a server or CDN would send it) and the total. `npm run build:report` counts the same route from
 * the build's module graph; this counts what the page really asks for once it runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/cli/chromium';

const BUDGET_KIB = 150;
const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.BENCH_PORT ?? 4290);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-signin-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function ready(url: string) {
  for (let i = 0; i < 600; i += 1) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url} within a minute`);
}

try {
  const base = `http://127.0.0.1:${port}`;
  await ready(`${base}/health`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts: { path: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  // Workers' scripts are fetched by the page's context too.
  page.context().on('response', (response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (!(type === 'script' || (type === 'other' && url.pathname.endsWith('.js')))) return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ path: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(`${base}/auth?lang=en`);
  await page.getByRole('textbox').first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await browser.close();
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const s of scripts)
    console.log(`${kib(s.gzip).padStart(7)} KiB gzip  ${kib(s.raw).padStart(7)} KiB  ${s.path}`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `sign-in (/auth) as the browser fetches it: ${kib(total)} KiB of JavaScript (gzip) in ${scripts.length} scripts; ` +
      `budget ${BUDGET_KIB} KiB: ${total / 1024 <= BUDGET_KIB ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
