// `npm run test:cluster` (issue 37; docs/scaling.md): the cluster (scripts/clusterLib.mjs) on a fresh folder,
// checked as a merchant would use it, then broken on purpose, then stopped:
// - the proxy answers ready; a session made through the proxy is known to each instance; a file uploaded through
//   the proxy is read back by each instance (the database and the bucket are shared);
// - S3 down: an upload answers 503 "file storage is unavailable, try again", the instances stay ready; S3 back:
//   uploads work again;
// - chat across instances: a message sent through one instance reaches a socket open on the other (the hub over
//   PostgreSQL's LISTEN/NOTIFY), before and after a PostgreSQL restart;
// - PostgreSQL stopped: requests answer 503 "service unavailable, try again" (no 500, no instance exits); started
//   again: the same session works within seconds, and the upload made before is still there;
// - the sign-in flood limit is one count for the whole cluster: calls spread over both instances are refused (429)
//   once they pass AUTH_RATE_LIMIT (30 a minute per address) together, not 30 on each;
// - stop: every piece stops and nothing keeps listening.
// Bounded: it gives up after 4 minutes. The pieces' own output is printed only when something failed.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { freePort, startCluster } from './clusterLib.mjs';

// The flood check counts to the default limit, whatever the caller's environment says.
process.env.AUTH_RATE_LIMIT = '30';
const dir = mkdtempSync(path.join(os.tmpdir(), 'mbo-cluster-'));
const port = await freePort();
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082',
  'hex',
);

const lines = [];
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures += 1;
};
const giveUp = setTimeout(() => {
  console.log(lines.join('\n'));
  console.log('✗ the cluster check took more than 4 minutes');
  process.exit(1);
}, 240_000);
giveUp.unref();

const exits = [];
let cluster;
try {
  cluster = await startCluster({
    instances: 2,
    port,
    dir,
    fresh: true,
    log: (who, line) => lines.push(`[${who}] ${line}`),
    onUnexpectedExit: (who) => exits.push(who),
  });
} catch (error) {
  console.log(lines.join('\n'));
  console.log(`✗ the cluster did not start: ${error.message}`);
  process.exit(1);
}
const base = cluster.publicUrl;
check(cluster.instances.length === 2, `two instances behind the proxy (${cluster.instances.join(', ')})`);

const poll = async (what, timeoutMs) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await what().catch(() => undefined);
    if (value || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

try {
  check((await fetch(`${base}/ready`)).status === 200, 'the proxy answers /ready');

  const signIn = await fetch(`${base}/dev/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.example' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
  check(signIn.status === 200 && cookie.includes('='), 'a session is made through the proxy');
  const headers = { cookie, 'x-mbo-client': 'cluster-check' };
  const upload = () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    return fetch(`${base}/merchant/api/v2/upload`, { method: 'POST', headers, body: form });
  };
  const download = (where, url) =>
    fetch(`${where}/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(url)}`, {
      headers,
    });

  const uploaded = await upload();
  const { url } = uploaded.status === 201 ? await uploaded.json() : { url: '' };
  check(uploaded.status === 201, 'a file is uploaded through the proxy (to the S3 bucket)');
  for (const instance of cluster.instances) {
    const account = await fetch(`http://${instance}/merchant/api/v1/account`, { headers });
    check(account.status === 200, `${instance}: the session made through the proxy is known here`);
    const file = await download(`http://${instance}`, url);
    const bytes = Buffer.from(await file.arrayBuffer());
    check(file.status === 200 && bytes.equals(PNG), `${instance}: the uploaded file is read back here`);
  }

  // Chat across instances: a socket on the second instance hears a message sent through the first.
  const chatAcross = async (label) => {
    const [first, second] = cluster.instances;
    const { token } = await (
      await fetch(`http://${first}/merchant/api/v1/support/chat-token`, { headers })
    ).json();
    const socket = new WebSocket(
      `ws://${second}/merchant/api/v1/support/chat/socket?token=${encodeURIComponent(token)}`,
    );
    const body = `cluster check ${label} ${Date.now()}`;
    const heard = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (frame.type === 'message' && frame.message?.body === body) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      socket.on('error', () => resolve(false));
    });
    await new Promise((resolve) => {
      socket.on('open', resolve);
      socket.on('error', resolve);
    });
    // The socket's first frame (its state) says it is subscribed; then the message goes through the other one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await fetch(`http://${first}/merchant/api/v1/support/chat/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    const ok = sent.status < 300 && (await heard);
    socket.close();
    return ok;
  };
  check(
    await chatAcross('before'),
    'chat: a message sent through one instance reaches a socket on the other',
  );

  // S3 down, then back.
  await cluster.s3.stop();
  const refused = await upload();
  const refusedBody = await refused.json().catch(() => ({}));
  check(
    refused.status === 503 && refusedBody.message === 'file storage is unavailable, try again',
    `S3 down: an upload answers 503 "${refusedBody.message}"`,
  );
  check((await fetch(`${base}/ready`)).status === 200, 'S3 down: the instances stay in the balancer');
  await cluster.s3.start();
  check((await upload()).status === 201, 'S3 back: uploads work again');

  // PostgreSQL stopped, then started again.
  cluster.postgres.stop();
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const answer = await fetch(`${base}/merchant/api/v1/account`, { headers });
    statuses.push(`${answer.status} ${(await answer.json().catch(() => ({}))).message ?? ''}`.trim());
  }
  check(
    statuses.every((s) => s === '503 service unavailable, try again'),
    `PostgreSQL down: every request answers 503 "service unavailable, try again" (${[...new Set(statuses)].join('; ')})`,
  );
  check(exits.length === 0, 'PostgreSQL down: no instance exits');
  cluster.postgres.start();
  const back = await poll(
    async () => (await fetch(`${base}/merchant/api/v1/account`, { headers })).status === 200,
    15_000,
  );
  check(back === true, 'PostgreSQL back: the same session works again within 15 s');
  // The hub's LISTEN connection comes back on its own (250 ms doubling to 5 s).
  const chatBack = await poll(() => chatAcross('after'), 20_000);
  check(chatBack === true, 'PostgreSQL back: chat reaches the other instance again');
  const kept = await download(base, url);
  check(kept.status === 200, 'PostgreSQL back: the file uploaded before is still there');
  // Last (it spends this address's sign-in budget for a minute): the flood count is shared by the instances.
  const answers = [];
  for (let i = 0; i < 32; i++) {
    const instance = cluster.instances[i % 2];
    const answer = await fetch(`http://${instance}/merchant/api/v2/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    answers.push(answer.status);
  }
  const firstRefused = answers.indexOf(429);
  check(
    firstRefused === 30 && answers.slice(30).every((s) => s === 429),
    `the sign-in flood limit is shared: calls 1–30 over both instances pass, the 31st is refused (first 429 at call ${firstRefused + 1})`,
  );
  check(exits.length === 0, `no piece stopped on its own${exits.length ? ` (${exits.join(', ')})` : ''}`);
} catch (error) {
  check(false, `the check itself failed: ${error.message}`);
} finally {
  await cluster.stop();
  const listening = await new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  check(!listening, 'stopped: nothing listens on the proxy port any more');
  rmSync(dir, { recursive: true, force: true });
}
if (failures > 0)
  console.log(`\nwhat the pieces said:\n${lines.filter((l) => !l.includes('"level":30')).join('\n')}`);
console.log(failures === 0 ? 'cluster check: all passed' : `cluster check: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
