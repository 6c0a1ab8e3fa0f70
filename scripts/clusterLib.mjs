// The scaled-out set-up as a library (issue 37; docs/scaling.md): `npm run cluster` runs it until Ctrl-C, and the
// cluster checks (scripts/clusterCheck.mjs) start it, break its pieces on purpose and stop it.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildServerIfStale, serverEntry } from './buildServer.mjs';
import { buildWebIfStale } from './buildWeb.mjs';

const root = path.resolve(import.meta.dirname, '..');

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/postgres')));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1), 'bin') : null;
}
const which = (name) =>
  spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() || null;

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Debian's postgresql and haproxy: installed when missing and run as root, else the one command to run. */
export function ensureTools(log) {
  const missing = [];
  if (!postgresBin()) missing.push('postgresql');
  if (!which('haproxy')) missing.push('haproxy');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !which('apt-get'))
    throw new Error(
      `the cluster needs Debian's ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`,
    );
  log('cluster', `installing from Debian: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const command of [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', '--no-install-recommends', ...missing],
  ]) {
    const run = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`${command.join(' ')} failed`);
  }
}

/**
 * HAProxy in front: round robin over the instances that answer `GET /ready`, WebSockets tunnelled. Its runtime
 * socket (admin level, a file in the cluster's folder) lets the fault checks cut the connections it holds.
 */
const haproxyConfig = (proxyPort, appPorts, adminSocket) => `global
  maxconn 4096
  stats socket ${adminSocket} mode 600 level admin
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
  # Which instance answered (the checks and anyone debugging a cluster read it; a production balancer drops it).
  http-response set-header x-served-by %[srv_name]
  option httpchk GET /ready
  http-check expect status 200
  # A request refused on a closing instance's connection is sent again to another (idempotent methods only).
  retry-on conn-failure empty-response response-timeout 503
  option redispatch
  retries 2
${appPorts.map((port, i) => `  server app-${i + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 1`).join('\n')}
`;

/**
 * What every piece of the cluster shares: its log, line by line, and the list of how to stop each piece (in
 * reverse order of starting). A piece that stops without being asked is logged and reported.
 */
function createSupervisor(options) {
  const { log } = options;
  const stops = [];
  const supervisor = {
    log,
    stopping: false,
    /** Remembers how to stop a piece. */
    onStop: (step) => stops.push(step),
    /** A piece stopped without being asked (the CLI stops everything then). */
    unexpected(name, code, signal) {
      log(name, `stopped on its own (${signal ?? `exit ${code}`})`);
      options.onUnexpectedExit?.(name);
    },
    /** A stream's output to `log`, line by line, as said by `name`. */
    logLines(stream, name) {
      let rest = '';
      stream.on('data', (chunk) => {
        rest += chunk.toString();
        const parts = rest.split('\n');
        rest = parts.pop();
        for (const line of parts) if (line.trim()) log(name, line);
      });
    },
    /** A child whose output goes to `log` line by line; stopped with SIGTERM (and waited for). */
    child(name, command, argv, spawnOptions = {}) {
      const proc = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
      supervisor.logLines(proc.stdout, name);
      supervisor.logLines(proc.stderr, name);
      const exited = new Promise((resolve) => proc.on('exit', resolve));
      proc.on('exit', (code, signal) => {
        if (!supervisor.stopping) supervisor.unexpected(name, code, signal);
      });
      stops.push(async () => {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
        await exited;
      });
      return proc;
    },
    /** Stops every piece, the last started first. */
    async stop() {
      if (supervisor.stopping) return;
      supervisor.stopping = true;
      log('cluster', 'stopping…');
      for (const step of stops.reverse()) {
        try {
          await step();
        } catch (error) {
          log('cluster', `stopping: ${error.message}`);
        }
      }
    },
  };
  return supervisor;
}

/**
 * An app instance that can be killed and started again (the fault checks, the CLI bringing back one that
 * crashed): start() resolves once it says it is ready.
 */
function appInstance(supervisor, name, appPort, env) {
  let proc = null;
  let exited = Promise.resolve();
  let expectExit = false;
  return {
    name,
    address: `127.0.0.1:${appPort}`,
    get running() {
      return proc !== null;
    },
    /** The process id while it runs (the benchmark reads its CPU time). */
    get pid() {
      return proc?.pid ?? null;
    },
    start() {
      expectExit = false;
      mkdirSync(env.DATA_DIR, { recursive: true });
      const started = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc = started;
      supervisor.logLines(started.stdout, name);
      supervisor.logLines(started.stderr, name);
      exited = new Promise((resolve) => started.on('exit', resolve));
      return new Promise((resolve, reject) => {
        let seen = '';
        started.stdout.on('data', (chunk) => {
          if (seen === null) return;
          seen += chunk.toString();
          if (seen.includes('ready at')) {
            seen = null;
            resolve();
          }
        });
        started.on('exit', (code, signal) => {
          proc = null;
          if (seen !== null)
            reject(new Error(`${name} stopped before it was ready (${signal ?? `exit ${code}`})`));
          else if (!supervisor.stopping && !expectExit) supervisor.unexpected(name, code, signal);
        });
      });
    },
    /** kill -9 (a crash) or SIGTERM (a deploy: drains first); resolves once it has exited. */
    async kill(signal = 'SIGKILL') {
      expectExit = true;
      proc?.kill(signal);
      await exited;
    },
    stop() {
      return this.kill('SIGTERM');
    },
  };
}

/** PostgreSQL in `dir/postgres` (made on first use), on a free port; stop() and start() for the fault checks. */
async function startPostgres(supervisor, dir) {
  const pgBin = postgresBin();
  const pgDir = path.join(dir, 'postgres');
  const asPostgres = process.getuid?.() === 0;
  const pgRun = (tool, argv) => {
    const run = asPostgres
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(pgBin, tool), ...argv], {
          encoding: 'utf8',
        })
      : spawnSync(path.join(pgBin, tool), argv, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${tool} failed: ${(run.stderr || run.stdout).trim()}`);
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
  const start = () =>
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
  const stop = () => pgRun('pg_ctl', ['-D', pgDir, '-m', 'fast', '-w', 'stop']);
  start();
  let up = true;
  supervisor.onStop(async () => {
    if (up) stop();
  });
  supervisor.log('postgres', `ready on 127.0.0.1:${pgPort} (data in ${pgDir})`);
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    stop() {
      up = false;
      stop();
    },
    start() {
      start();
      up = true;
    },
  };
}

/** S3-compatible storage (s3rver keeps its objects in `dir/s3`; its keys are S3RVER / S3RVER). */
async function startS3(supervisor, dir) {
  const { createS3rver } = await import('./s3Standin.mjs');
  const port = await freePort();
  const bucket = 'mbo-uploads';
  const newS3 = () =>
    createS3rver({
      port,
      address: '127.0.0.1',
      directory: path.join(dir, 's3'),
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
  let s3 = newS3();
  await s3.run();
  let up = true;
  supervisor.onStop(async () => {
    if (up) await s3.close();
  });
  supervisor.log('s3', `ready on 127.0.0.1:${port}, bucket "${bucket}"`);
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      up = false;
      await s3.close();
    },
    async start() {
      s3 = newS3();
      await s3.run();
      up = true;
    },
  };
}

/** HAProxy in front of the instances; resolves once it answers /ready through one of them. */
async function startProxy(supervisor, dir, proxyPort, appPorts) {
  const configFile = path.join(dir, 'haproxy.cfg');
  const adminSocket = path.join(dir, 'haproxy.sock');
  writeFileSync(configFile, haproxyConfig(proxyPort, appPorts, adminSocket));
  supervisor.child('proxy', which('haproxy'), ['-db', '-f', configFile]);
  // On a busy machine HAProxy may take a while to bind.
  const until = Date.now() + 20_000;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${proxyPort}/ready`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > until) throw new Error(`HAProxy did not answer /ready on port ${proxyPort} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { adminSocket };
}

/**
 * Starts PostgreSQL, the S3 server, the instances (together: the start lock orders them) and HAProxy.
 * @param options - instances, port (HAProxy's), dir (the data), fresh (start from nothing), env (more settings for
 *   the instances, over this process's environment), log(who, line), and
 *   onUnexpectedExit(who): a piece stopped without being asked (the CLI stops everything then)
 * @returns the addresses, a stop and start for the database and the S3 server (faults), and stop() for all
 */
export async function startCluster(options) {
  const { instances, port: proxyPort, log } = options;
  const dir = path.resolve(options.dir);
  ensureTools(log);
  const supervisor = createSupervisor(options);
  try {
    if (options.fresh) rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const postgres = await startPostgres(supervisor, dir);
    const s3 = await startS3(supervisor, dir);

    // The app instances run the built JavaScript, as in production.
    buildWebIfStale();
    await buildServerIfStale();
    const publicUrl = `http://localhost:${proxyPort}`;
    const appPorts = [];
    for (let i = 0; i < instances; i++) appPorts.push(await freePort());
    const instanceEnv = (i) => ({
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      ...options.env,
      PORT: String(appPorts[i]),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      DATA_DIR: path.join(dir, `app-${i + 1}`),
      DATABASE_URL: postgres.databaseUrl,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const appInstances = appPorts.map((appPort, i) =>
      appInstance(supervisor, `app-${i + 1}`, appPort, instanceEnv(i)),
    );
    supervisor.onStop(() => Promise.all(appInstances.map((app) => app.stop())));
    // All together, as a production deploy starts them: PostgreSQL's start lock (src/server/db) lets one at a time
    // migrate, load the catalogue and seed the demo; the others wait for it and find it done.
    await Promise.all(appInstances.map((app) => app.start()));

    const { adminSocket } = await startProxy(supervisor, dir, proxyPort, appPorts);
    return {
      publicUrl,
      databaseUrl: postgres.databaseUrl,
      instances: appPorts.map((p) => `127.0.0.1:${p}`),
      apps: appInstances,
      proxy: {
        /** Cuts every connection the proxy holds to the instances (requests and tunnelled WebSockets). */
        dropConnections: () =>
          Promise.all(
            appInstances.map((app) =>
              haproxyCommand(adminSocket, `shutdown sessions server apps/${app.name}`),
            ),
          ),
      },
      postgres: { stop: postgres.stop, start: postgres.start },
      s3: { stop: s3.stop, start: s3.start },
      stop: supervisor.stop,
    };
  } catch (error) {
    await supervisor.stop();
    throw error;
  }
}

/** One command to HAProxy's runtime API; resolves with its answer. */
function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer.trim()));
    socket.on('error', reject);
  });
}
