/**
 * `npm run bench:botcheck`: what the sign-in proof of work (ALTCHA, src/server/services/botCheck.ts) costs a
 * merchant's browser and a script (issue 14, finding 10). The app's own solver (src/domain/botCheck.ts,
 * bundled by esbuild) solves challenges in headless Chromium at 1x and at 4x CPU throttle — 4x is how this
 * project stands in for a mid-range phone (bench:engine too) — and the same challenges are solved by a plain
 * Node script (the attacker's cheapest tool: node:crypto in a loop).
 *
 * Work is a number of SHA-256 hashes, uniform from 0 to MAX_NUMBER, so each row prints the hash rate and the
 * expected time (MAX_NUMBER / 2 hashes), which is steadier than a handful of solve times. Goal: a phone needs
 * about 0.5–1 s on average. Figures, not a test: shared machines are noisy.
 */
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { createChallenge } from 'altcha-lib/v1';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/cli/chromium';
import { MAX_NUMBER } from '../../src/server/services/botCheck';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const root = new URL('../..', import.meta.url).pathname;

/** The answer of challenge i of `count`: spread evenly over the range. */
const answerOf = (i: number, count: number) => Math.round(((i + 0.5) / count) * MAX_NUMBER);

/** Challenges whose answers are spread over the range (a fixed spread keeps runs comparable). */
async function challenges(count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      createChallenge({
        hmacKey: 'bench',
        maxNumber: MAX_NUMBER,
        number: answerOf(i, count),
      }),
    ),
  );
}

/** The attacker's loop: node:crypto, no awaits. */
function solveInNode(challenge: string, salt: string, max: number): number {
  for (let n = 0; n <= max; n += 1)
    if (createHash('sha256').update(`${salt}${n}`).digest('hex') === challenge) return n;
  return -1;
}

async function main() {
  const bundle = await build({
    entryPoints: [`${root}src/domain/botCheck.ts`],
    bundle: true,
    format: 'iife',
    globalName: 'botCheck',
    platform: 'browser',
    write: false,
    minify: true,
  });
  const script = bundle.outputFiles[0]!.text;
  const set = await challenges(ROUNDS);
  // Solving challenge i takes its answer plus one hashes (0 included).
  const totalHashes = set.reduce((sum, _c, i) => sum + answerOf(i, ROUNDS) + 1, 0);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: Array<{ who: string; rate: number }> = [];
  try {
    for (const throttle of [1, 4]) {
      const page = await browser.newPage();
      // A secure context, as the sign-in page is (crypto.subtle needs one).
      await page.route('https://bench.local/', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
      );
      await page.goto('https://bench.local/');
      await page.addScriptTag({ content: script });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      const ms = await page.evaluate(async (list) => {
        const solve = (
          globalThis as unknown as { botCheck: { solveBotCheck: (c: unknown) => Promise<string | null> } }
        ).botCheck.solveBotCheck;
        const started = performance.now();
        for (const challenge of list) if (!(await solve(challenge))) throw new Error('unsolved');
        return performance.now() - started;
      }, set);
      rows.push({
        who: `browser, ${throttle}x CPU${throttle === 4 ? ' (mid-range phone)' : ''}`,
        rate: totalHashes / (ms / 1000),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const started = performance.now();
  for (const c of set) if (solveInNode(c.challenge, c.salt, MAX_NUMBER) < 0) throw new Error('unsolved');
  rows.push({ who: 'script (node:crypto loop)', rate: totalHashes / ((performance.now() - started) / 1000) });

  const expected = (rate: number) => ((MAX_NUMBER / 2 / rate) * 1000).toFixed(0);
  process.stdout.write(
    `Proof of work: MAX_NUMBER ${MAX_NUMBER.toLocaleString('en')}, ${ROUNDS} challenges each\n\n`,
  );
  process.stdout.write(
    '| solver | hashes/s | expected ms per sign-in | worst case ms |\n| --- | ---: | ---: | ---: |\n',
  );
  for (const row of rows)
    process.stdout.write(
      `| ${row.who} | ${Math.round(row.rate).toLocaleString('en')} | ${expected(row.rate)} | ${((MAX_NUMBER / row.rate) * 1000).toFixed(0)} |\n`,
    );
  process.stdout.write('\nGoal: the mid-range phone row about 500–1000 ms expected.\n');
}

await main();
