// `npm run cluster` (issue 37; docs/scaling.md): the scaled-out product on one machine — PostgreSQL from Debian in
// a folder of its own, an S3-compatible server (s3rver, from npm), N app instances (default 2) and HAProxy in
// front, which sends any request and any WebSocket to any ready instance (`GET /ready`; no sticky sessions). The
// first instance starts alone (it applies the migrations and seeds the demo once), the others after it. Ctrl-C
// stops all of it; the data stays in the folder for the next run (`--fresh` starts again from nothing).
//
//   npm run cluster [-- --instances 2 --port 8080 --dir .cluster --fresh]
//
// Needs Debian's postgresql and haproxy: run as root, the script installs what is missing (apt-get); otherwise it
// names the one command to run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync, chownSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWebIfStale } from './buildWeb.mjs';

const root = path.resolve(import.meta.dirname, '..');

const USAGE =
  'usage: npm run cluster [-- --instances N (1–8, default 2) --port P (default 8080) --dir D (default .cluster) --fresh]';
function usage(problem) {
  if (!problem) {
    console.log(USAGE);
    process.exit(0);
  }
  console.error(`error: ${problem}\n${USAGE}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      instances: { type: 'string', default: process.env.CLUSTER_INSTANCES ?? '2' },
      port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
      dir: { type: 'string', default: process.env.CLUSTER_DIR ?? path.join(root, '.cluster') },
      fresh: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  usage(error.message);
}
if (args.help) usage();
const instances = Number(args.instances);
if (!/^\d+$/.test(args.instances) || instances < 1 || instances > 8)
  usage(`--instances must be 1 to 8, got "${args.instances}"`);
const proxyPort = Number(args.port);
if (!/^\d+$/.test(args.port) || proxyPort < 1 || proxyPort > 65535)
  usage(`--port must be a port number, got "${args.port}"`);
const dir = path.resolve(args.dir);

const log = (who, line) => process.stdout.write(`[${who}] ${line}\n`);

// --- what the machine needs -------------------------------------------------------------------------------------
function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/postgres')));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1), 'bin') : null;
}
const which = (name) =>
  spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() || null;

const missing = [];
if (!postgresBin()) missing.push('postgresql');
if (!which('haproxy')) missing.push('haproxy');
if (missing.length) {
  const root = process.getuid?.() === 0;
  if (!root || !which('apt-get')) {
    console.error(
      `error: the cluster needs Debian's ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  log('cluster', `installing from Debian: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const command of [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', '--no-install-recommends', ...missing],
  ]) {
    const run = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
const pgBin = postgresBin();

/** A port nobody listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

// --- stopping: everything started, in reverse order ------------------------------------------------------------
const stops = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  log('cluster', 'stopping…');
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (error) {
      log('cluster', `stopping: ${error.message}`);
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/** A child whose output is printed line by line under its name; stopped with SIGTERM (and waited for). */
function child(name, command, argv, options = {}) {
  const proc = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const lines = (stream) => {
    let rest = '';
    stream.on('data', (chunk) => {
      rest += chunk.toString();
      const parts = rest.split('\n');
      rest = parts.pop();
      for (const line of parts) if (line.trim()) log(name, line);
    });
  };
  lines(proc.stdout);
  lines(proc.stderr);
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  proc.on('exit', (code, signal) => {
    if (!stopping) {
      log(name, `stopped on its own (${signal ?? `exit ${code}`}): stopping the cluster`);
      void stopAll(1);
    }
  });
  stops.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
  });
  return { proc, exited };
}

// --- PostgreSQL ------------------------------------------------------------------------------------------------
if (args.fresh) rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const pgDir = path.join(dir, 'postgres');
const asPostgres = process.getuid?.() === 0;
const pgRun = (tool, argv) => {
  const run = asPostgres
    ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(pgBin, tool), ...argv], { encoding: 'utf8' })
    : spawnSync(path.join(pgBin, tool), argv, { encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`error: ${tool} failed: ${(run.stderr || run.stdout).trim()}`);
    process.exit(1);
  }
};
if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
  mkdirSync(pgDir, { recursive: true });
  // initdb refuses to run as root: the data folder belongs to Debian's postgres user then.
  if (asPostgres) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
    chownSync(pgDir, uid, gid);
  }
  pgRun('initdb', ['-D', pgDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
}
const pgPort = await freePort();
pgRun('pg_ctl', [
  '-D',
  pgDir,
  '-l',
  path.join(pgDir, 'server.log'),
  '-w',
  '-o',
  `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
  'start',
]);
stops.push(async () => pgRun('pg_ctl', ['-D', pgDir, '-m', 'fast', '-w', 'stop']));
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
log('postgres', `ready on 127.0.0.1:${pgPort} (data in ${pgDir})`);

// --- S3-compatible storage (s3rver keeps its objects in a folder; its keys are S3RVER / S3RVER) -----------------
const { default: S3rver } = await import('s3rver');
const s3Port = await freePort();
const bucket = 'mbo-uploads';
const s3 = new S3rver({
  port: s3Port,
  address: '127.0.0.1',
  directory: path.join(dir, 's3'),
  silent: true,
  configureBuckets: [{ name: bucket }],
});
await s3.run();
stops.push(() => s3.close());
log('s3', `ready on 127.0.0.1:${s3Port}, bucket "${bucket}"`);

// --- the app instances -----------------------------------------------------------------------------------------
buildWebIfStale();
const publicUrl = `http://localhost:${proxyPort}`;
const appPorts = [];
for (let i = 0; i < instances; i++) appPorts.push(await freePort());
const startInstance = (i) => {
  const name = `app-${i + 1}`;
  const dataDir = path.join(dir, name);
  mkdirSync(dataDir, { recursive: true });
  const { proc } = child(name, process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      PORT: String(appPorts[i]),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  return new Promise((resolve) => {
    proc.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready at')) resolve();
    });
  });
};
// The first alone: it applies the migrations and seeds the demo once; then the others together.
await startInstance(0);
await Promise.all(appPorts.slice(1).map((_, i) => startInstance(i + 1)));

// --- HAProxy in front ------------------------------------------------------------------------------------------
const config = `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A chat socket stays open for hours; the app pings it every 25 s.
  timeout tunnel 1h
  option forwardfor
  option http-server-close
frontend web
  bind 127.0.0.1:${proxyPort}
  default_backend apps
backend apps
  balance roundrobin
  option httpchk GET /ready
  http-check expect status 200
  # A request refused on a closing instance's connection is sent again to another (idempotent methods only).
  retry-on conn-failure empty-response response-timeout 503
  option redispatch
  retries 2
${appPorts.map((port, i) => `  server app-${i + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 1`).join('\n')}
`;
const configFile = path.join(dir, 'haproxy.cfg');
writeFileSync(configFile, config);
child('proxy', which('haproxy'), ['-db', '-f', configFile]);
await new Promise((resolve) => setTimeout(resolve, 500));
log(
  'cluster',
  `ready at ${publicUrl} — ${instances} instance${instances === 1 ? '' : 's'} (${appPorts.map((p) => `127.0.0.1:${p}`).join(', ')}), PostgreSQL, S3 (s3rver), HAProxy. Ctrl-C stops all of it.`,
);
