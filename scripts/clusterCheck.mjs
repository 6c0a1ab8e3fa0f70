// `npm run test:cluster` (issue 37; docs/scaling.md): `npm run cluster` on a fresh folder, checked as a merchant
// would use it and stopped — the proxy answers ready; a session made through the proxy works on each instance;
// a file uploaded through the proxy is read back by each instance (the bucket is shared); Ctrl-C (SIGTERM) stops
// every piece within 30 s and nothing keeps listening. Bounded: it gives up after 4 minutes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'mbo-cluster-'));
const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const base = `http://localhost:${port}`;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082',
  'hex',
);

let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures += 1;
};

const cluster = spawn(
  process.execPath,
  [path.join(root, 'scripts/cluster.mjs'), '--dir', dir, '--port', String(port), '--fresh'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const exited = new Promise((resolve) => cluster.on('exit', (code) => resolve(code)));
const giveUp = setTimeout(() => {
  console.log('✗ the cluster check took more than 4 minutes');
  cluster.kill('SIGKILL');
  process.exit(1);
}, 240_000);

let output = '';
const ready = await new Promise((resolve) => {
  cluster.stdout.on('data', (chunk) => {
    output += chunk.toString();
    const match = /\[cluster\] ready at \S+ — \d+ instances? \(([^)]*)\)/.exec(output);
    if (match) resolve(match[1].split(', '));
  });
  void exited.then(() => resolve(null));
});
if (!ready) {
  console.log(
    output
      .split('\n')
      .filter((l) => !l.includes('"level"'))
      .join('\n'),
  );
  console.log('✗ the cluster did not start');
  process.exit(1);
}
check(ready.length === 2, `two instances behind the proxy (${ready.join(', ')})`);

try {
  const readyAnswer = await fetch(`${base}/ready`);
  check(readyAnswer.status === 200, 'the proxy answers /ready');

  const signIn = await fetch(`${base}/dev/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.example' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
  check(signIn.status === 200 && cookie.includes('='), 'a session is made through the proxy');
  const headers = { cookie, 'x-mbo-client': 'cluster-check' };

  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
  const upload = await fetch(`${base}/merchant/api/v2/upload`, { method: 'POST', headers, body: form });
  const { url } = upload.status === 201 ? await upload.json() : {};
  check(upload.status === 201, 'a file is uploaded through the proxy (to the S3 bucket)');

  for (const instance of ready) {
    const account = await fetch(`http://${instance}/merchant/api/v1/account`, { headers });
    check(
      account.status === 200,
      `${instance}: the session made through the proxy is known here (the database is shared)`,
    );
    const file = await fetch(
      `http://${instance}/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(url ?? '')}`,
      { headers },
    );
    const bytes = Buffer.from(await file.arrayBuffer());
    check(
      file.status === 200 && bytes.equals(PNG),
      `${instance}: the uploaded file is read back here (the bucket is shared)`,
    );
  }
} finally {
  cluster.kill('SIGTERM');
  const stopped = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
  ]);
  check(stopped === 0, `SIGTERM stops the cluster (exit ${stopped})`);
  const listening = await new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  check(!listening, 'nothing listens on the proxy port any more');
  clearTimeout(giveUp);
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures === 0 ? 'cluster check: all passed' : `cluster check: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
