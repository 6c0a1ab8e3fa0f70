// `npm run cluster` (issue 37; docs/scaling.md): the scaled-out product on one machine — PostgreSQL from Debian in
// a folder of its own, an S3-compatible server (s3rver, from npm), N app instances (default 2) and HAProxy in
// front, which sends any request and any WebSocket to any ready instance (`GET /ready`; no sticky sessions). The
// instances start together (PostgreSQL's start lock has them migrate and seed one at a time); an instance that
// crashes is started again. Ctrl-C stops all of it; the data stays in the folder for the next run (`--fresh`
// starts again from nothing).
//
//   npm run cluster [-- --instances 2 --port 8080 --dir .cluster --fresh]
//
// Needs Debian's postgresql and haproxy: run as root, the script installs what is missing (apt-get); otherwise it
// names the one command to run.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './clusterLib.mjs';

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

let cluster;
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await cluster?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  cluster = await startCluster({
    instances,
    port: proxyPort,
    dir,
    fresh: args.fresh,
    log,
    // An instance that crashes is started again (as an orchestrator would) while the others serve; any other piece
    // stopping on its own stops the cluster.
    onUnexpectedExit: (who) => {
      const app = cluster?.apps.find((a) => a.name === who);
      if (!app) return void stopAll(1);
      log('cluster', `${who} crashed; starting it again in 1 s (the other instances serve meanwhile)`);
      setTimeout(() => {
        if (!stopping)
          app.start().then(
            () => log('cluster', `${who} is back`),
            (error) => {
              log('cluster', error.message);
              void stopAll(1);
            },
          );
      }, 1_000);
    },
  });
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exit(1);
}
log(
  'cluster',
  `ready at ${cluster.publicUrl} — ${instances} instance${instances === 1 ? '' : 's'} (${cluster.instances.join(', ')}), PostgreSQL, S3 (s3rver), HAProxy. Ctrl-C stops all of it.`,
);
