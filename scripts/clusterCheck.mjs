// `npm run test:cluster` (issue 37; docs/scaling.md): the cluster (scripts/clusterLib.mjs: PostgreSQL, s3rver, two
// instances as built JavaScript, HAProxy) on a fresh folder, used as merchants and ops would, broken on purpose
// while clients that behave as the web app does (scripts/clusterClients.mjs) keep working, then stopped:
// - shared state: a session and an upload made through the proxy are known to each instance; a resumable upload begun
//   on one instance is finished on the other, byte for byte; a chat message sent
//   through one instance reaches a socket on the other; a code's wrong tries and the codes sent to an address are
//   counted once for the cluster (the fifth wrong try locks the address on both, the sixth code is refused); a
//   studio publish on one is served by the other;
// - an instance killed (kill -9) in the middle of autosaves and a chat: the clients go on through the other, no
//   acknowledged save or message is lost, the chat socket reconnects after its last number; the instance started
//   again rejoins the balancer;
// - a studio publish while an instance is down reaches it when it comes back;
// - the proxy cuts every WebSocket: the chat reconnects after its last number and misses nothing;
// - S3 down: an upload answers 503 "file storage is unavailable, try again", the instances stay ready; back: works;
// - PostgreSQL stopped while a merchant autosaves: requests answer 503 "service unavailable, try again" (no 500,
//   no instance exits); started again: the same session works, every acknowledged save is there, chat crosses
//   instances again, the earlier upload is there;
// - features that cross instances, a step on each: connect a platform, pay a link, sign a contract, one step-up
//   code spent once by ten calls at once;
// - the sign-in flood limit is one count for the cluster (30 a minute per address over both instances);
// - stop: every piece stops and nothing keeps listening.
// Bounded: it gives up after 5 minutes. The pieces' own output is printed only when something failed.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import {
  autosaver,
  call,
  chatClient,
  chatSender,
  codeFor,
  lockoutAcross,
  newMerchant,
  poll,
  statementAcross,
} from './clusterClients.mjs';
import { freePort, startCluster } from './clusterLib.mjs';

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
  console.log('✗ the cluster check took more than 5 minutes');
  process.exit(1);
}, 300_000);
giveUp.unref();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const exits = [];
let cluster;
try {
  cluster = await startCluster({
    instances: 2,
    port,
    dir,
    fresh: true,
    // The flood check counts to the default limit, whatever the caller's environment says; the sign-ups here do not
    // solve the bot check (a development setting: production refuses BOT_CHECK=off).
    env: { AUTH_RATE_LIMIT: '30', BOT_CHECK: 'off' },
    log: (who, line) => lines.push(`[${who}] ${line}`),
    onUnexpectedExit: (who) => exits.push(who),
  });
} catch (error) {
  console.log(lines.join('\n'));
  console.log(`✗ the cluster did not start: ${error.message}`);
  process.exit(1);
}
const base = cluster.publicUrl;
const [first, second] = cluster.instances.map((address) => `http://${address}`);
check(cluster.instances.length === 2, `two instances behind the proxy (${cluster.instances.join(', ')})`);

/** A session of a demo account, made through the proxy. */
async function session(email) {
  const made = await fetch(`${base}/dev/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const cookie = (made.headers.get('set-cookie') ?? '').split(';')[0];
  return {
    ok: made.status === 200 && cookie.includes('='),
    headers: { cookie, 'x-mbo-client': 'cluster-check' },
  };
}

try {
  // --- shared: sessions, files, chat --------------------------------------------------------------------------------
  check((await fetch(`${base}/ready`)).status === 200, 'the proxy answers /ready');
  const admin = await session('admin@demo.example');
  check(admin.ok, 'a session is made through the proxy');
  const { headers } = admin;
  const upload = () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    return fetch(`${base}/merchant/api/v2/upload`, { method: 'POST', headers, body: form }).catch(() => ({
      status: 0,
      json: async () => ({}),
    }));
  };
  const download = (where, url) =>
    fetch(`${where}/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(url)}`, {
      headers,
    });

  const uploaded = await upload();
  const { url } = uploaded.status === 201 ? await uploaded.json() : { url: '' };
  check(uploaded.status === 201, 'a file is uploaded through the proxy (to the S3 bucket)');
  for (const instance of [first, second]) {
    const account = await call(instance, 'GET', '/merchant/api/v1/account', { headers });
    check(account.status === 200, `${instance}: the session made through the proxy is known here`);
    const file = await download(instance, url);
    const bytes = Buffer.from(await file.arrayBuffer());
    check(file.status === 200 && bytes.equals(PNG), `${instance}: the uploaded file is read back here`);
  }

  // A bank statement (resumable, tus) begun on one instance and finished on the other: the bytes wait in the bucket,
  // not on an instance's disk, so the second knows how far the first got and the file is whole.
  const statement = await statementAcross(first, second, headers);
  check(
    statement.begun,
    `a statement begun on one instance: the other knows it reached ${statement.offset} of ${statement.size} bytes`,
  );
  check(statement.whole, 'finished on the other instance, it is read back whole through the first');

  // Chat across instances: a socket on the second instance hears a message sent through the first.
  const chatAcross = async (label) => {
    const { body: tokenAnswer } = await call(first, 'GET', '/merchant/api/v1/support/chat-token', {
      headers,
    });
    const socket = new WebSocket(
      `${second.replace('http', 'ws')}/merchant/api/v1/support/chat/socket?token=${encodeURIComponent(tokenAnswer.token)}`,
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
    await pause(300);
    const sent = await call(first, 'POST', '/merchant/api/v1/support/chat/messages', {
      headers,
      body: { body },
    });
    const ok = sent.status < 300 && (await heard);
    socket.close();
    return ok;
  };
  check(
    await chatAcross('before'),
    'chat: a message sent through one instance reaches a socket on the other',
  );

  // --- shared: a code's wrong tries and the codes sent to an address ------------------------------------------------
  // Straight to the instances, alternately, each check from an address of its own (X-Forwarded-For: the instances
  // trust one proxy hop), so the flood limit of one does not spend another's.
  const from = (ip) => ({ 'x-forwarded-for': ip });
  const said = await lockoutAcross(base, first, second, from('10.37.0.1'));
  const invalid = 'invalid otp code';
  const locked = 'too many attempts to verify code';
  check(
    said === [invalid, invalid, 'max attempts reached', invalid, locked, 200, locked].join(', '),
    `lockout shared: wrong codes on both instances in turn — the third kills the code, the fifth locks the address, the right code is refused on the other (${said})`,
  );
  const spamEmail = `counted-${Date.now()}@example.com`;
  const sends = [];
  for (let i = 0; i < 6; i++) {
    const answer = await call([first, second][i % 2], 'POST', '/merchant/api/v2/auth/authenticate', {
      headers: from('10.37.0.2'),
      body: { email: spamEmail },
    });
    sends.push(answer.status === 200 ? 'sent' : answer.body.message);
  }
  check(
    sends.slice(0, 5).every((s) => s === 'sent') && sends[5] === 'too many attempts to send code',
    `code counter shared: five codes to one address over both instances, the sixth is refused ("${sends[5]}")`,
  );

  // --- shared: studio pointers ------------------------------------------------------------------------------------
  const ops = await session('ops@demo.example');
  const flowVersion = async (where) =>
    (await call(where, 'GET', '/merchant/api/v1/catalogue/flows/onboarding')).body.version;
  const publishLabel = async (label) => {
    const studio = '/merchant/api/v1/studio/flows/onboarding';
    const copy = await call(base, 'GET', `${studio}/working-copy`, { headers: ops.headers });
    const content = structuredClone(copy.body.content);
    content.texts.en['onboarding:fields.business_name.title'] = label;
    await call(base, 'PUT', `${studio}/working-copy`, {
      headers: ops.headers,
      body: { base_version: copy.body.base_version, content },
    });
    const published = await call(base, 'POST', `${studio}/publish`, { headers: ops.headers, body: {} });
    return published.status === 200 ? published.body.version : null;
  };
  const labelOn = async (where) => {
    const pointer = await call(where, 'GET', '/merchant/api/v1/catalogue/flows/onboarding');
    const manifest = await call(where, 'GET', pointer.body.manifest);
    return manifest.body.texts?.en?.['onboarding:fields.business_name.title'];
  };
  const v1 = await publishLabel('Trading name (cluster)');
  const seenOnBoth = await poll(
    async () => (await flowVersion(first)) === v1 && (await flowVersion(second)) === v1,
    5_000,
  );
  check(
    v1 !== null && seenOnBoth === true && (await labelOn(second)) === 'Trading name (cluster)',
    'studio pointer shared: a publish through the proxy is served by both instances',
  );

  // --- features that cross instances: each step on one instance, the next on the other (issue 53) --------------------
  // Connect a platform: the sandbox connector's consent page on one, its token taken by the other (the key is shared).
  const offers = await session('capital-offers@demo.example');
  const consent = await fetch(
    `${first}/merchant/sandbox/ecommerce/consent?merchant_id=mer-falcon-electronics&platform=woo_commerce&return_to=/finance/capital`,
    { headers: offers.headers },
  );
  const approve = /<a class="button primary" href="([^"]+)"/.exec(await consent.text())?.[1] ?? '';
  const publicToken = new URL(approve.replace(/&amp;/g, '&'), 'http://app.invalid').searchParams.get(
    'public_token',
  );
  const connected = await call(second, 'POST', '/merchant/api/v1/capital/ecommerce/connect', {
    headers: offers.headers,
    body: {
      platform: 'woo_commerce',
      merchant_id: 'mer-falcon-electronics',
      public_token: publicToken ?? '',
    },
  });
  check(
    connected.status === 200,
    `connect a platform: the consent page on one instance, the connect call on the other (${connected.status})`,
  );

  // Pay a link: sent through one instance, opened and paid on the other, paid as the first reads it.
  const customer = `+9665123${String(Date.now()).slice(-5)}`;
  const sentLink = await call(first, 'POST', '/merchant/api/v1/payment-links', {
    headers,
    body: {
      store_id: 'sto-riyadh-style-online',
      product: 'pay_later',
      amount: '180.00',
      customer_phone: customer,
      customer_name: 'Amal',
      order_reference: `CL-${Date.now()}`,
      items: [{ name: 'Scarf', quantity: 1, unit_price: '180.00' }],
    },
  });
  const sms = (await call(base, 'GET', '/dev/outbox')).body.find?.((m) => m.to === customer)?.body ?? '';
  const linkToken = /\/checkout\/pl\/([\w-]+)/.exec(sms)?.[1] ?? 'none';
  const opened = await fetch(`${second}/checkout/pl/${linkToken}`);
  const paid = await fetch(`${second}/checkout/pl/${linkToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  const linkNow = await call(
    first,
    'GET',
    `/merchant/api/v1/payment-links/${sentLink.body.payment_link?.id}`,
    {
      headers,
    },
  );
  check(
    sentLink.status === 200 &&
      opened.status === 200 &&
      paid.status === 303 &&
      linkNow.body.payment_link?.status === 'paid',
    `pay a link: sent on one instance, opened and paid on the other, paid on the first (${linkNow.body.payment_link?.status})`,
  );

  // Sign a contract: signed through one instance, signed as the other reads it.
  const stamp = Date.now();
  const loaded = await call(base, 'POST', '/dev/fixtures', {
    body: {
      accounts: [
        {
          id: `acc-cl-${stamp}`,
          email: `contract-${stamp}@example.com`,
          phone: `+96650${String(stamp).slice(-7)}`,
        },
      ],
      organizations: [
        {
          id: `org-cl-${stamp}`,
          name: 'Cluster Cafe',
          status: 'approved',
          business_profile_completed: true,
          business_profile: {
            display_name: 'Cluster Cafe',
            support_email: 'care@cluster.example',
            support_phone: '+966112345600',
            website: 'https://cluster.example',
          },
        },
      ],
      merchants: [
        { id: `mer-cl-${stamp}`, organization_id: `org-cl-${stamp}`, name: 'Cluster Cafe', country: 'SAU' },
      ],
      stores: [
        { id: `sto-cl-${stamp}`, merchant_id: `mer-cl-${stamp}`, name: 'Cluster Cafe', country: 'SAU' },
      ],
      permissions: [
        {
          account_id: `acc-cl-${stamp}`,
          merchant_id: `mer-cl-${stamp}`,
          role: 'workspace_admin',
          flags: { has_merchant_access: true, has_store_access: true, is_account_edit_allowed: true },
        },
      ],
    },
  });
  const signer = await session(`contract-${stamp}@example.com`);
  const signed = await call(first, 'POST', `/merchant/api/v1/stores/sto-cl-${stamp}/contract`, {
    headers: signer.headers,
    body: { accept: true },
  });
  const complete = await call(second, 'GET', `/merchant/api/v1/stores/sto-cl-${stamp}/contract`, {
    headers: signer.headers,
  });
  check(
    loaded.status === 200 && signed.status === 200 && complete.body.signed === true,
    `sign a contract: signed through one instance, signed as the other reads it (${signed.status}, ${complete.body.signed})`,
  );

  // The development clock: moved through one instance, the other follows (QA's clock is the cluster's).
  const clockBefore = (await call(second, 'GET', '/dev/clock')).body.offset_ms ?? 0;
  const moved = await call(first, 'POST', '/dev/clock', { body: { advance_ms: 60_000 } });
  const followed = await poll(
    async () => (await call(second, 'GET', '/dev/clock')).body.offset_ms === clockBefore + 60_000,
    5_000,
  );
  check(
    moved.status === 200 && followed === true,
    'the development clock: moved through one instance, the other follows',
  );

  // One step-up code spent once, whichever instances the calls reach at once.
  await call(first, 'POST', '/merchant/api/v1/auth/step-up', {
    headers,
    body: { purpose: 'api_key_reveal' },
  });
  const stepUpCode = await codeFor(base, '+966501234567');
  const reveals = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(
        i % 2 ? first : second,
        'POST',
        '/merchant/api/v1/application/merchant/mer-riyadh-style/api_keys/reveal',
        {
          headers,
          body: { environment: 'test', code: stepUpCode },
        },
      ),
    ),
  );
  const revealed = reveals.filter((r) => r.status === 200).length;
  check(
    revealed === 1,
    `one step-up code, ten calls at once over both instances: one secret shown (${revealed}; ${[...new Set(reveals.map((r) => r.body.message ?? 'ok'))].join(', ')})`,
  );

  // --- an instance killed in the middle of autosaves and a chat -------------------------------------------------
  const merchant = await newMerchant(base, 1);
  const saves = autosaver(base, merchant);
  const chat = chatClient(base, headers);
  await chat.opened();
  const sender = chatSender(base, headers, `kill check ${Date.now()}`);
  await pause(1_500);
  const victim = cluster.apps.find((app) => app.name === chat.state.servedBy) ?? cluster.apps[0];
  const connectionsBefore = chat.state.connections;
  const ackBefore = saves.state.acknowledged;
  await victim.kill('SIGKILL');
  const reconnected = await chat.connectedAgain(connectionsBefore);
  await pause(2_000);
  await saves.stop();
  await sender.stop();
  const stored = await saves.stored();
  check(
    saves.state.acknowledged > ackBefore && stored >= saves.state.acknowledged,
    `kill -9 ${victim.name} mid-autosave: saves go on through the other (${ackBefore} → ${saves.state.acknowledged} acknowledged, ${saves.state.retries} retried), none lost (stored ${stored})`,
  );
  check(
    reconnected && chat.state.servedBy !== victim.name,
    `kill -9 ${victim.name}: the chat socket reconnects to the other instance (${chat.state.servedBy})`,
  );
  const allHeard = await poll(
    async () => sender.state.acknowledged.every((body) => chat.state.bodies.has(body)),
    10_000,
  );
  const missing = sender.state.acknowledged.filter((body) => !chat.state.bodies.has(body));
  check(
    allHeard === true,
    `kill -9 ${victim.name}: every acknowledged chat message (${sender.state.acknowledged.length}, ${sender.state.retries} retried) reaches the reconnected socket${missing.length ? `; missing ${missing.join(', ')}` : ''}`,
  );

  // --- a publish while an instance is down reaches it when it comes back ---------------------------------------
  const v2 = await publishLabel('Trading name (while one was down)');
  await victim.start();
  const victimUrl = `http://${victim.address}`;
  check(
    v2 !== null &&
      (await flowVersion(victimUrl)) === v2 &&
      (await labelOn(victimUrl)) === 'Trading name (while one was down)',
    `studio: a publish made while ${victim.name} was down is served by it once started again`,
  );
  const rejoined = await poll(async () => {
    const served = new Set();
    for (let i = 0; i < 6; i++) served.add((await call(base, 'GET', '/ready')).headers.get('x-served-by'));
    return served.has(victim.name);
  }, 10_000);
  check(rejoined === true, `${victim.name} started again rejoins the balancer`);

  // --- the proxy cuts every WebSocket -----------------------------------------------------------------------------
  const beforeDrop = chat.state.connections;
  const dropSender = chatSender(base, headers, `drop check ${Date.now()}`, 150);
  await pause(500);
  await cluster.proxy.dropConnections();
  const backAfterDrop = await chat.connectedAgain(beforeDrop);
  await pause(1_000);
  await dropSender.stop();
  const heardAfterDrop = await poll(
    async () => dropSender.state.acknowledged.every((body) => chat.state.bodies.has(body)),
    10_000,
  );
  check(
    backAfterDrop && heardAfterDrop === true,
    `the proxy cuts the WebSockets: the chat reconnects after its last number and misses none of ${dropSender.state.acknowledged.length} messages`,
  );
  chat.close();

  // --- S3 down, then back -----------------------------------------------------------------------------------------
  // What the database says was uploaded: a refused upload leaves no row behind (the bytes are stored first).
  const filesStored = async () => {
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as count from files');
    await client.end();
    return rows[0].count;
  };
  const filesBefore = await filesStored();
  await cluster.s3.stop();
  const refused = await upload();
  const refusedBody = await refused.json().catch(() => ({}));
  check(
    refused.status === 503 && refusedBody.message === 'file storage is unavailable, try again',
    `S3 down: an upload answers 503 "${refusedBody.message}"`,
  );
  check(
    (await filesStored()) === filesBefore,
    'S3 down: the refused upload left nothing half-saved (no file row)',
  );
  check((await fetch(`${base}/ready`)).status === 200, 'S3 down: the instances stay in the balancer');
  await cluster.s3.start();
  check(
    (await upload()).status === 201 && (await filesStored()) === filesBefore + 1,
    'S3 back: uploads work again (one more file row)',
  );

  // --- PostgreSQL stopped while a merchant autosaves, then started again ---------------------------------------------
  const pgSaves = autosaver(base, merchant);
  await pause(500);
  cluster.postgres.stop();
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const answer = await call(base, 'GET', '/merchant/api/v1/account', { headers });
    statuses.push(`${answer.status} ${answer.body.message ?? ''}`.trim());
  }
  check(
    statuses.every((s) => s === '503 service unavailable, try again'),
    `PostgreSQL down: every request answers 503 "service unavailable, try again" (${[...new Set(statuses)].join('; ')})`,
  );
  check(exits.length === 0, 'PostgreSQL down: no instance exits');
  const ackWhileDown = pgSaves.state.acknowledged;
  cluster.postgres.start();
  const back = await poll(
    async () => (await call(base, 'GET', '/merchant/api/v1/account', { headers })).status === 200,
    15_000,
  );
  check(back === true, 'PostgreSQL back: the same session works again within 15 s');
  await poll(async () => pgSaves.state.acknowledged > ackWhileDown, 10_000);
  await pgSaves.stop();
  const storedAfter = await pgSaves.stored();
  check(
    pgSaves.state.acknowledged > ackWhileDown && storedAfter >= pgSaves.state.acknowledged,
    `PostgreSQL restarted mid-autosave: saves resume, none acknowledged is lost (${pgSaves.state.acknowledged} acknowledged, stored ${storedAfter})`,
  );
  // The hub's LISTEN connection comes back on its own (250 ms doubling to 5 s).
  const chatBack = await poll(() => chatAcross('after'), 20_000);
  check(chatBack === true, 'PostgreSQL back: chat reaches the other instance again');
  const kept = await download(base, url);
  check(kept.status === 200, 'PostgreSQL back: the file uploaded before is still there');

  // --- the sign-in flood limit is one count for the cluster ------------------------------------------------------
  const answers = [];
  for (let i = 0; i < 32; i++) {
    const answer = await call([first, second][i % 2], 'POST', '/merchant/api/v2/auth/verify', {
      headers: from('10.37.0.3'),
      body: {},
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
  check(false, `the check itself failed: ${error.stack ?? error.message}`);
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
