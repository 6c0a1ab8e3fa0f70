/**
 * `npm run bench:api`: the API under load (issue 14). The server runs in this process on loopback with the
 * embedded database in a fresh directory, demo fixtures loaded and the bot check off; each connection signs in
 * as its own new merchant with an application. autocannon then mixes reads (account, permissions, application)
 * with autosave writes (the application's business name, numbered) at 20 and 50 connections, and prints requests
 * per second, p50 and p99 latency and errors. Afterwards every connection's last acknowledged write is read back:
 * an acknowledged write that is not there is counted as lost.
 *
 * Goal: 500 requests/s with p99 ≤ 50 ms and 0 errors on 2 shared cores. BENCH_SECONDS sets each run's length
 * (default 10); BENCH_DB_SYNC=on measures with the flush of DB_SYNC; `node --cpu-prof` on this script profiles.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { loadFixture } from '../../src/server/fixtures/load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = [20, 50];
const BASE = '/partners/application/api/v1';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-bench-api-'));
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  BOT_CHECK: 'off',
  AUTH_RATE_LIMIT: '100000',
  SETUP_ADDRESS_LIMIT: '100000',
  DB_SYNC: process.env.BENCH_DB_SYNC ?? 'off',
});
const database = await openDatabase({ dataDir, sync: config.dbSync });
await loadFixture(
  database.db,
  JSON.parse(readFileSync(new URL('../../src/server/fixtures/demo.json', import.meta.url), 'utf8')),
);
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${address}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const codeFor = async (to: string) =>
  ((await call('GET', '/dev/outbox')) as { to: string; code: string }[]).find((m) => m.to === to)!.code;

/** A new merchant signed in, with an application: its token and the application's id. */
async function merchant(i: number) {
  const email = `bench-${i}@example.com`;
  const phone = `+96650${String(3000000 + i)}`;
  const { session_id } = await call('POST', '/merchant/api/v2/auth/authenticate', {
    email,
    cf_turnstile: 'off',
  });
  const verify = await fetch(`${address}/merchant/api/v2/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_id, code: await codeFor(email) }),
  });
  const cookie = /mbo_session=([^;]+)/.exec(verify.headers.get('set-cookie') ?? '')![1]!;
  const withCookie = async (url: string, body: unknown) => {
    const res = await fetch(`${address}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `mbo_session=${cookie}` },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  await withCookie('/merchant/api/v2/auth/challenge/setup', { phone });
  const { auth_token } = await withCookie('/merchant/api/v2/auth/challenge/verify', {
    code: await codeFor(phone),
  });
  const application = await call('POST', `${BASE}/application`, {}, auth_token);
  return { token: auth_token as string, id: application.id as string };
}

const answers = (name: string) => ({
  first_name: 'Mariam',
  last_name: 'Al Falasi',
  email: 'mariam@example.com',
  phone: '+971501234567',
  business_name: name,
  country_of_main_operations: 'ARE',
  annual_volume: 'less_than_1m',
});

interface Row {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  writes: number;
  lost: number;
}

async function run(connections: number, offset: number): Promise<Row> {
  const merchants = await Promise.all(Array.from({ length: connections }, (_, i) => merchant(offset + i)));
  // Per connection: its merchant, and the last write the server acknowledged.
  const acknowledged = new Map<number, number>();
  let writes = 0;
  let next = 0;
  const result = await autocannon({
    url: address,
    connections,
    duration: SECONDS,
    setupClient: (client) => {
      const index = next++;
      const who = merchants[index % merchants.length]!;
      let seq = 0;
      client.setHeaders({ authorization: `Bearer ${who.token}`, 'content-type': 'application/json' });
      client.setRequests([
        { method: 'GET', path: '/merchant/api/v1/account' },
        { method: 'GET', path: '/merchant/api/v1/auth/permissions' },
        { method: 'GET', path: `${BASE}/application` },
        {
          method: 'PUT',
          path: `${BASE}/application/${who.id}`,
          setupRequest: (request) => {
            seq += 1;
            return { ...request, body: JSON.stringify(answers(`Bench shop ${index}-${seq}`)) };
          },
          onResponse: (status) => {
            if (status === 200) {
              // One request at a time per connection: this answers the write numbered `seq`.
              acknowledged.set(index, seq);
              writes += 1;
            }
          },
        },
      ]);
    },
  });
  let lost = 0;
  for (const [index, seq] of acknowledged) {
    const who = merchants[index % merchants.length]!;
    const application = await call('GET', `${BASE}/application`, undefined, who.token);
    // The stored write may be newer (sent, answered after the run stopped listening), never older.
    const stored = Number(/-(\d+)$/.exec(String(application?.business_name))?.[1] ?? 0);
    if (stored < seq) lost += 1;
  }
  return {
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    writes,
    lost,
  };
}

const rows: Row[] = [];
try {
  let offset = 0;
  for (const connections of CONNECTIONS) {
    rows.push(await run(connections, offset));
    offset += connections;
  }
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

process.stdout.write(
  `API load: reads (account, permissions, application) and autosave writes, 1 in 4; ${SECONDS} s a run, DB_SYNC ${config.dbSync ? 'on' : 'off'}\n\n`,
);
process.stdout.write(
  '| connections | requests/s | p50 ms | p99 ms | errors | writes acknowledged | lost |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n',
);
for (const r of rows)
  process.stdout.write(
    `| ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.writes} | ${r.lost} |\n`,
  );
process.stdout.write(
  '\nGoal: 500 requests/s with p99 ≤ 50 ms and 0 errors (last acknowledged write per connection checked).\n',
);
