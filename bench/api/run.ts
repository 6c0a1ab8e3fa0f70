/**
 * `npm run bench:api`: the API under load (issues 14 and 37). The server is the real one, as production runs it
 * (built JavaScript, dist/server/main.js), in its own process on loopback, the bot check off, so the load generator
 * does not share its thread. Five set-ups side by side, each started fresh: the embedded database in a fresh
 * directory without and with its read cache (and with it, PGlite on the request thread: DB_THREAD=off), and the
 * cluster (`npm run cluster`'s library: PostgreSQL, S3, HAProxy) with 1 and with 2 instances; each connection signs
 * in as its own new merchant with an application. autocannon then mixes reads (account, permissions, application)
 * with autosave writes (the application's business name, numbered) at 20 and 50 connections, and prints requests
 * per second, p50 and p99 latency and errors. Afterwards every connection's last acknowledged write is read back:
 * an acknowledged write that is not there is counted as lost. Each row also says the CPU time the app's processes
 * spent per request (and PostgreSQL's, on the cluster), read from /proc around the load.
 *
 * Goal: 500 requests/s with p99 ≤ 50 ms and 0 errors on 2 shared cores. BENCH_SECONDS sets each run's length
 * (default 10); BENCH_DB_SYNC=on measures with the flush of DB_SYNC; BENCH_DATABASE_URL measures one server against
 * that PostgreSQL database instead; BENCH_SETUPS picks set-ups by key (embedded-off, embedded-inline, embedded-on,
 * cluster-1, cluster-2; comma-separated); BENCH_RATE sets the offered rate of the last row of each setup (default
 * 500); BENCH_PROFILE=dir writes the embedded server's CPU profile (`--cpu-prof`) there. The cluster needs Debian's
 * postgresql and haproxy (installed when run as root); without them its rows are skipped with the reason.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { percentile } from '../support/percentile';
import { buildServerIfStale, serverEntry } from '../../scripts/buildServer.mjs';
import { ensureTools, freePort, startCluster } from '../../scripts/clusterLib.mjs';
import { newMerchant } from '../../scripts/clusterClients.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = [20, 50];
/** The goal's rate, offered at a steady pace by this many merchants in turn (`paced`). */
const OFFERED = Number(process.env.BENCH_RATE ?? 500);
const OFFERED_CONNECTIONS = 50;
const BASE = '/partners/application/api/v1';
const DB_SYNC = process.env.BENCH_DB_SYNC ?? 'off';
const root = fileURLToPath(new URL('../../', import.meta.url));

const profile = process.env.BENCH_PROFILE;
const databaseUrl = process.env.BENCH_DATABASE_URL;
let address = '';

/** What a running set-up gives the bench: the processes whose CPU counts as the app's, and a stop. */
interface Running {
  appPids: () => number[];
  /** Whether PostgreSQL's processes (on this machine) count too. */
  postgres: boolean;
  stop: () => Promise<void>;
}

/** The user + system CPU milliseconds a process has used so far (Linux /proc; 0 once it has gone). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime (fields 14–17, here 11–14 after the name), in clock ticks of 10 ms.
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
  } catch {
    return 0;
  }
}

/** The processes named postgres on this machine (the cluster's server and its backends). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU milliseconds of the set-up's app processes and of PostgreSQL's, now. */
function cpuNow(running: Running) {
  return {
    app: running.appPids().reduce((sum, pid) => sum + cpuMs(pid), 0),
    postgres: running.postgres ? postgresPids().reduce((sum, pid) => sum + cpuMs(pid), 0) : 0,
  };
}
let current: Running;

/**
 * Starts the server with these extra variables, in a fresh data directory, and waits until it is ready.
 * @returns - the running set-up (its stop removes the directory)
 */
async function startServer(env: Record<string, string>): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-bench-api-'));
  const port = await freePort();
  address = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      serverEntry,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        BOT_CHECK: 'off',
        AUTH_RATE_LIMIT: '100000',
        SETUP_ADDRESS_LIMIT: '100000',
        DB_SYNC,
        // BENCH_DATABASE_URL: the same load against a PostgreSQL server instead of the embedded database.
        DATABASE_URL: databaseUrl ?? '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  // The server's request log is read and dropped, as a log collector would.
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    let seen = '';
    server.stdout.on('data', (chunk: Buffer) => {
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
      if (ready) return;
      seen += chunk.toString();
      if (seen.includes('ready at')) {
        ready = true;
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`the server stopped before it was ready (exit ${code})`)));
  });
  return {
    appPids: () => [server.pid!],
    postgres: databaseUrl !== undefined,
    async stop() {
      server.kill('SIGTERM');
      await stopped;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The cluster with this many instances behind HAProxy, on a fresh folder; the request log is dropped. */
async function startClusterSetup(instances: number): Promise<Running> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mbo-bench-cluster-'));
  const said: string[] = [];
  const cluster = await startCluster({
    instances,
    port: await freePort(),
    dir,
    fresh: true,
    env: {
      NODE_ENV: 'development',
      BOT_CHECK: 'off',
      AUTH_RATE_LIMIT: '100000',
      SETUP_ADDRESS_LIMIT: '100000',
    },
    log: (who, line) => {
      if (!line.includes('"level":30')) said.push(`[${who}] ${line}`);
    },
  }).catch((error: Error) => {
    process.stderr.write(`${said.join('\n')}\n`);
    throw error;
  });
  address = cluster.publicUrl.replace('localhost', '127.0.0.1');
  return {
    appPids: () => cluster.apps.map((app) => app.pid).filter((pid): pid is number => pid !== null),
    postgres: true,
    async stop() {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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

/** A new merchant signed in, with an application: its token and the application's id. */
async function merchant(i: number) {
  const { token, applicationId } = await newMerchant(address, i);
  return { token, id: applicationId };
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
  setup: string;
  connections: number;
  /** The requests per second offered (autocannon's overallRate), or undefined for as fast as the server answers. */
  offered?: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  writes: number;
  lost: number;
  /** CPU milliseconds per request answered: the app's processes, and PostgreSQL's (0 when embedded). */
  appCpu: number;
  postgresCpu: number;
}

/** CPU per request over a load: call `done(requests)` when it is over. */
function cpuMeter() {
  const before = cpuNow(current);
  return (requests: number) => {
    const after = cpuNow(current);
    return {
      appCpu: (after.app - before.app) / Math.max(1, requests),
      postgresCpu: (after.postgres - before.postgres) / Math.max(1, requests),
    };
  };
}

async function run(setup: string, connections: number, offset: number): Promise<Row> {
  const merchants = await Promise.all(Array.from({ length: connections }, (_, i) => merchant(offset + i)));
  // Per connection: its merchant, and the last write the server acknowledged.
  const acknowledged = new Map<number, number>();
  let writes = 0;
  let next = 0;
  const meter = cpuMeter();
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
  const cpu = meter(result.requests.total);
  let lost = 0;
  for (const [index, seq] of acknowledged) {
    const who = merchants[index % merchants.length]!;
    const application = await call('GET', `${BASE}/application`, undefined, who.token);
    // The stored write may be newer (sent, answered after the run stopped listening), never older.
    const stored = Number(/-(\d+)$/.exec(String(application?.business_name))?.[1] ?? 0);
    if (stored < seq) lost += 1;
  }
  return {
    setup,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    writes,
    lost,
    ...cpu,
  };
}

/**
 * The goal's question, asked as a merchant's browser asks it: requests arrive at a steady `rate` (one every
 * 1000/rate ms, spread over `merchants` signed-in merchants in turn, each doing the same 3:1 mix of reads and
 * autosaves, staggered so that writes are spread evenly too), whatever the server is doing, and each one's latency
 * counts from the moment it was due — so a request that had to wait behind a slow one is charged the wait (no
 * coordinated omission). autocannon's own `overallRate` is no help here: it sends each connection's share of a
 * second back to back and then idles, which measures bursts of 50 simultaneous requests, not a rate. A merchant has
 * one request in flight at a time (its next waits, charged from when it was due), as the browser's autosave queue
 * does, so "the last acknowledged write is stored" stays a fair check.
 */
async function paced(setup: string, merchantCount: number, offset: number, rate: number): Promise<Row> {
  const merchants = await Promise.all(Array.from({ length: merchantCount }, (_, i) => merchant(offset + i)));
  const agent = new http.Agent({ keepAlive: true, maxSockets: merchantCount });
  const { hostname, port } = new URL(address);
  const send = (method: string, path: string, token: string, body?: string) =>
    new Promise<number>((resolve) => {
      const request = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', () => resolve(0));
      request.end(body);
    });
  const latencies: number[] = [];
  let errors = 0;
  let writes = 0;
  const acknowledged = new Map<number, number>();
  const seqs = merchants.map(() => 0);
  const turns = merchants.map(() => 0);
  const busy = merchants.map(() => Promise.resolve());
  const interval = 1000 / rate;
  const total = Math.round(rate * SECONDS);
  const meter = cpuMeter();
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const m = i % merchantCount;
    const who = merchants[m]!;
    // Staggered by merchant, so that at any moment 1 request in 4 is a write (in step, all 50 merchants wrote in the
    // same tenth of a second: 2,000 writes a second for 100 ms in every 400, a burst, not the steady mix).
    const turn = (turns[m]! + m) % 4;
    turns[m] = turns[m]! + 1;
    const job = busy[m]!.then(async () => {
      let status: number;
      if (turn < 3) {
        const path = ['/merchant/api/v1/account', '/merchant/api/v1/auth/permissions', `${BASE}/application`][
          turn
        ]!;
        status = await send('GET', path, who.token);
      } else {
        const seq = ++seqs[m]!;
        status = await send(
          'PUT',
          `${BASE}/application/${who.id}`,
          who.token,
          JSON.stringify(answers(`Bench shop ${m}-${seq}`)),
        );
        if (status === 200) {
          acknowledged.set(m, seq);
          writes += 1;
        }
      }
      latencies.push(performance.now() - due);
      if (status < 200 || status >= 300) errors += 1;
    });
    busy[m] = job;
    inFlight.push(job);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = meter(latencies.length);
  agent.destroy();
  let lost = 0;
  for (const [m, seq] of acknowledged) {
    const application = await call('GET', `${BASE}/application`, undefined, merchants[m]!.token);
    const stored = Number(/-(\d+)$/.exec(String(application?.business_name))?.[1] ?? 0);
    if (stored < seq) lost += 1;
  }
  return {
    setup,
    connections: merchantCount,
    offered: rate,
    rps: latencies.length / elapsed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    writes,
    lost,
    ...cpu,
  };
}

/** What is compared side by side, each started fresh: keyed for BENCH_SETUPS. */
const ALL_SETUPS: { key: string; name: string; start: () => Promise<Running> }[] = databaseUrl
  ? [{ key: 'postgres', name: 'PostgreSQL (BENCH_DATABASE_URL), 1 instance', start: () => startServer({}) }]
  : [
      {
        key: 'embedded-off',
        name: 'embedded, DB_READ_CACHE=off',
        start: () => startServer({ DB_READ_CACHE: 'off' }),
      },
      {
        key: 'embedded-inline',
        name: 'embedded, DB_READ_CACHE=on, DB_THREAD=off',
        start: () => startServer({ DB_READ_CACHE: 'on', DB_THREAD: 'off' }),
      },
      {
        key: 'embedded-on',
        name: 'embedded, DB_READ_CACHE=on',
        start: () => startServer({ DB_READ_CACHE: 'on' }),
      },
      {
        key: 'cluster-1',
        name: 'cluster: PostgreSQL, HAProxy, 1 instance',
        start: () => startClusterSetup(1),
      },
      {
        key: 'cluster-2',
        name: 'cluster: PostgreSQL, HAProxy, 2 instances',
        start: () => startClusterSetup(2),
      },
    ];
const picked = process.env.BENCH_SETUPS?.split(',').map((key) => key.trim());
const SETUPS = ALL_SETUPS.filter((setup) => !picked || picked.includes(setup.key));
if (SETUPS.length === 0)
  throw new Error(`BENCH_SETUPS names none of ${ALL_SETUPS.map((setup) => setup.key).join(', ')}`);
if (SETUPS.some((setup) => setup.key.startsWith('cluster-'))) {
  try {
    ensureTools((who, line) => process.stderr.write(`[${who}] ${line}\n`));
  } catch (error) {
    process.stderr.write(`the cluster's rows are skipped: ${(error as Error).message}\n`);
    SETUPS.splice(0, SETUPS.length, ...SETUPS.filter((setup) => !setup.key.startsWith('cluster-')));
  }
}

await buildServerIfStale();
const rows: Row[] = [];
// Merchants are numbered across setups, so a PostgreSQL database used twice still gets new ones.
let offset = Date.now() % 1_000_000;
for (const setup of SETUPS) {
  current = await setup.start();
  try {
    for (const connections of CONNECTIONS) {
      rows.push(await run(setup.name, connections, offset));
      offset += connections;
    }
    // The goal's own question: with 500 requests a second arriving steadily (not as many as the connections can
    // push), how long does the slowest 1 % wait?
    rows.push(await paced(setup.name, OFFERED_CONNECTIONS, offset, OFFERED));
    offset += OFFERED_CONNECTIONS;
  } finally {
    await current.stop();
  }
}

process.stdout.write(
  `API load: reads (account, permissions, application) and autosave writes, 1 in 4; ${SECONDS} s a run, DB_SYNC ${DB_SYNC}\n\n`,
);
process.stdout.write(
  '| setup | connections | offered/s | requests/s | p50 ms | p99 ms | errors | writes acknowledged | lost | app CPU ms/request | PostgreSQL CPU ms/request |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n',
);
for (const r of rows)
  process.stdout.write(
    `| ${r.setup} | ${r.connections} | ${r.offered ?? 'as fast as answered'} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.writes} | ${r.lost} | ${r.appCpu.toFixed(2)} | ${r.postgresCpu ? r.postgresCpu.toFixed(2) : '–'} |\n`,
  );
process.stdout.write(
  '\nGoal: 500 requests/s with p99 ≤ 50 ms and 0 errors (last acknowledged write per connection checked).\n',
);
