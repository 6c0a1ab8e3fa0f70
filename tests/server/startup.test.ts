/**
 * The real entry point, as `npm start` runs it: bad configuration stops it
 * with one line; data survives a restart; the demo is seeded once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueCopy } from '../support/catalogueCopy';

const main = path.resolve('src/server/main.ts');
/**
 * The server in one process (node with tsx's loader), not under the tsx command: that wrapper passes a signal on
 * and force-kills its child (exit 143) if the child does not answer within 30 ms, which a busy machine misses.
 */
const node = [process.execPath, '--import', 'tsx'] as const;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the server. When it prints that it is ready, `onReady` gets the base
 * address and must resolve when done; the server is then stopped with SIGTERM.
 */
function runServer(
  env: Record<string, string>,
  onReady?: (base: string) => Promise<void>,
  timeoutMs = 40_000,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(node[0], [...node.slice(1), main], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', BOT_CHECK: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not finish in time; stdout: ${stdout}; stderr: ${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!started && onReady && stdout.includes('ready at')) {
        started = true;
        onReady(`http://127.0.0.1:${env.PORT}`).then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGKILL');
            reject(error as Error);
          },
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// Each test starts a whole server process (on a busy shared machine, tens of seconds).
describe('starting the server', { timeout: 60_000 }, () => {
  it.each([
    [{ PORT: 'eighty' }, 'error: PORT must be a whole number from 1 to 65535, got "eighty"'],
    [{ PORT: '99999' }, 'error: PORT must be a whole number from 1 to 65535, got "99999"'],
    [
      { BOT_CHECK: 'off', NODE_ENV: 'production' },
      'error: BOT_CHECK=off is refused when NODE_ENV=production',
    ],
  ])('refuses %o with one line and exit code 1', async (env, line) => {
    const run = await runServer(env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(line);
  });

  it('refuses a broken catalogue with every problem listed, before taking requests', async () => {
    const { schemasDir, localesDir } = catalogueCopy([]);
    const flowFile = path.join(schemasDir, 'onboarding/flow.json');
    const flow = JSON.parse(readFileSync(flowFile, 'utf8'));
    flow.steps[3].when = { $ref: '#/conditions/nowhere' };
    writeFileSync(flowFile, JSON.stringify(flow));
    rmSync(path.join(localesDir, 'ar/onboarding.json'));
    const run = await runServer({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mbo-')),
      PORT: '18394',
      SCHEMAS_DIR: schemasDir,
      LOCALES_DIR: localesDir,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('ready at');
    expect(run.stderr).toMatch(/^error: the catalogue has \d+ problem\(s\):/);
    expect(run.stderr).toContain(
      'onboarding/flow.json#/steps/3/when/$ref: no condition named "nowhere" [conditions]',
    );
    expect(run.stderr).toMatch(
      /translation "onboarding:flow.title" is missing in locales\/ar\/onboarding.json \[translations\]/,
    );
  });

  it('refuses a DATA_DIR that is a file with one line', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mbo-')), 'not-a-dir');
    writeFileSync(file, 'x');
    const run = await runServer({ DATA_DIR: file, PORT: '18391' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`error: DATA_DIR "${file}" is not a directory`);
  });

  it('refuses a DATA_DIR that cannot be created with one line', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mbo-')), 'file');
    writeFileSync(file, 'x');
    const run = await runServer({ DATA_DIR: path.join(file, 'below'), PORT: '18392' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^error: DATA_DIR ".*below" cannot be created: ENOTDIR$/);
  });

  it('refuses an S3 bucket it cannot reach with one line, before taking requests', async () => {
    const run = await runServer({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mbo-')),
      PORT: '18393',
      S3_BUCKET: 'mbo-files',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('error: the S3 store at http://127.0.0.1:9 could not be reached');
  });

  it('says how long it took to be ready, and on SIGTERM drains: /ready 503 while other requests are served, then exits', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-data-'));
    const child = spawn(node[0], [...node.slice(1), main], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        BOT_CHECK: 'off',
        DATA_DIR: dataDir,
        PORT: '18394',
        HOST: '127.0.0.1',
        SHUTDOWN_DRAIN_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => stdout, { timeout: 50_000, interval: 100 }).toContain('ready at');
      expect(stdout).toMatch(/ready in \d+\.\d s\)/);
      const base = 'http://127.0.0.1:18394';
      const ready = await fetch(`${base}/ready`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
      child.kill('SIGTERM');
      // Draining: out of the balancer, still serving.
      await expect
        .poll(async () => (await fetch(`${base}/ready`)).status, { timeout: 2_000, interval: 50 })
        .toBe(503);
      expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'draining' });
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 70_000);

  it('keeps the data across a restart and seeds the demo only once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-data-'));
    const env = { DATA_DIR: dataDir, PORT: '18393', HOST: '127.0.0.1', NODE_ENV: 'development' };
    const json = { 'content-type': 'application/json' };

    let health: unknown;
    const first = await runServer(env, async (base) => {
      const res = await fetch(`${base}/dev/fixtures`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ accounts: [{ id: 'acc-kept', email: 'kept@demo.example' }] }),
      });
      expect(res.status).toBe(200);
      health = await (await fetch(`${base}/health`)).json();
    });
    expect(first.code).toBe(0);
    expect(health).toEqual({ status: 'ok', db: 'ok' });
    expect(first.stdout).toContain('"msg":"demo data seeded"');

    let status = 0;
    const second = await runServer(env, async (base) => {
      // Referring to the account made in the first run proves it is still there.
      const res = await fetch(`${base}/dev/fixtures`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ experiments: [{ account_id: 'acc-kept', name: 'ads', value: 'enabled' }] }),
      });
      status = res.status;
    });
    expect(second.code).toBe(0);
    expect(status).toBe(200);
    expect(second.stdout).not.toContain('demo data seeded');
  }, 90_000);

  it('under the supervisor (npm start), comes back after kill -9 within seconds, with its data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-data-'));
    const port = '18394';
    const base = `http://127.0.0.1:${port}`;
    const supervisor = spawn(process.execPath, [path.resolve('scripts/supervise.mjs')], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        BOT_CHECK: 'off',
        DATA_DIR: dataDir,
        PORT: port,
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    supervisor.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    supervisor.stdout.resume();
    const pidOf = (text: string) => Number(/\(pid (\d+)[,)]/.exec(text)?.[1]);
    try {
      await expect.poll(() => stderr, { timeout: 60_000, interval: 200 }).toContain('the server is running');
      // What npm start runs in production: the built JavaScript, not TypeScript through tsx.
      expect(stderr).toMatch(/the server is running \(pid \d+, dist\/server\/main\.js\)/);
      const first = pidOf(stderr);
      const made = await fetch(`${base}/dev/fixtures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accounts: [{ id: 'acc-survivor', email: 'survivor@demo.example' }] }),
      });
      expect(made.status).toBe(200);

      process.kill(first, 'SIGKILL');
      const killedAt = Date.now();
      await expect
        .poll(() => stderr, { timeout: 10_000, interval: 100 })
        .toContain(`the server (pid ${first}) stopped (signal SIGKILL); restarting in 0.5 s (restart 1)`);
      await expect.poll(() => stderr, { timeout: 60_000, interval: 200 }).toContain('the server is back');
      const back = Date.now() - killedAt;
      expect(pidOf(stderr.slice(stderr.indexOf('the server is back')))).not.toBe(first);
      // The account made before the kill is still there: the fixture refers to it.
      const kept = await fetch(`${base}/dev/fixtures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          experiments: [{ account_id: 'acc-survivor', name: 'ads', value: 'enabled' }],
        }),
      });
      expect(kept.status).toBe(200);
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok', db: 'ok' });
      // "Within a few seconds" on a quiet machine (measured: README); generous here for a loaded test host.
      expect(back).toBeLessThan(45_000);
    } finally {
      const exited = new Promise((resolve) => supervisor.on('exit', resolve));
      supervisor.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(stderr).not.toContain('Error');
  }, 150_000);
});
