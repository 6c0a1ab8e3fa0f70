// The clients the cluster checks (scripts/clusterCheck.mjs) run while they break things: they behave as the web
// app does — an autosave queue that keeps the latest answer and tries again until the server acknowledges it, a
// chat socket that reconnects with the last number it saw (`after`), a sender that retries a message until it is
// acknowledged, a bank statement sent over tus to one instance and finished on the other — and they keep what the
// server acknowledged, so a check can count what was lost.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const APPLICATION = '/partners/application/api/v1/application';

/** A POST or GET as JSON; never throws (a network failure is status 0). */
export async function call(base, method, url, { headers = {}, body } = {}) {
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { text };
    }
    return { status: res.status, body: json, headers: res.headers };
  } catch (error) {
    return { status: 0, body: { message: error.message }, headers: new Headers() };
  }
}

/** The newest code the (development) outbox holds for an address. */
export async function codeFor(base, to) {
  const { body } = await call(base, 'GET', '/dev/outbox');
  const message = Array.isArray(body) ? body.find((m) => m.to === to) : undefined;
  if (!message) throw new Error(`no code was sent to ${to}`);
  return message.code;
}

/**
 * A new merchant signed up through `base` (both factors; the bot check off), with an onboarding application: its
 * bearer token (and the header carrying it) and the application's id. The cluster check and bench:api use it.
 */
export async function newMerchant(base, n) {
  const email = `cluster-${n}-${Date.now()}@example.com`;
  const phone = `+96650${String(4000000 + n)}`;
  const started = await call(base, 'POST', '/merchant/api/v2/auth/authenticate', { body: { email } });
  const verify = await fetch(`${base}/merchant/api/v2/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: started.body.session_id, code: await codeFor(base, email) }),
  });
  const cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0];
  const headers = { cookie };
  await call(base, 'POST', '/merchant/api/v2/auth/challenge/setup', { headers, body: { phone } });
  const done = await call(base, 'POST', '/merchant/api/v2/auth/challenge/verify', {
    headers,
    body: { code: await codeFor(base, phone) },
  });
  const auth = { authorization: `Bearer ${done.body.auth_token}` };
  const application = await call(base, 'POST', APPLICATION, { headers: auth, body: {} });
  if (application.status !== 201) throw new Error(`no application: ${application.status}`);
  return { token: done.body.auth_token, headers: auth, applicationId: application.body.id };
}

/**
 * Autosaves the application's business name, numbered, one save at a time as the web app's queue does: a save
 * that fails (no answer, 502/503) is sent again after 100 ms with the newest answer. `acknowledged` is the number
 * of the newest save the server answered 200.
 */
export function autosaver(base, merchant) {
  const state = { acknowledged: 0, attempts: 0, retries: 0, running: true };
  const answers = (n) => ({
    first_name: 'Mariam',
    last_name: 'Al Falasi',
    email: 'mariam@example.com',
    phone: '+971501234567',
    business_name: `Cluster shop ${n}`,
    country_of_main_operations: 'ARE',
    annual_volume: 'less_than_1m',
  });
  const loop = (async () => {
    let n = 0;
    while (state.running) {
      n += 1;
      for (;;) {
        state.attempts += 1;
        const saved = await call(base, 'PUT', `${APPLICATION}/${merchant.applicationId}`, {
          headers: merchant.headers,
          body: answers(n),
        });
        if (saved.status === 200) {
          state.acknowledged = n;
          break;
        }
        state.retries += 1;
        await pause(100);
      }
      await pause(20);
    }
  })();
  return {
    state,
    async stop() {
      state.running = false;
      await loop;
    },
    /** The number stored now (read through `base`). */
    async stored() {
      const read = await call(base, 'GET', APPLICATION, { headers: merchant.headers });
      return Number(/(\d+)$/.exec(String(read.body.business_name ?? ''))?.[1] ?? 0);
    },
  };
}

/**
 * A chat socket through `base` that reconnects (a fresh token, `after` = the newest number it has seen) 200 ms
 * after any close, as the web app's does. `servedBy` is the instance of the socket now open (the proxy's
 * x-served-by on the upgrade answer).
 */
export function chatClient(base, headers) {
  const state = { bodies: new Set(), lastSeq: 0, connections: 0, servedBy: null, open: false };
  let closed = false;
  let socket = null;
  const wsBase = base.replace(/^http/, 'ws');
  let opened;
  const firstOpen = new Promise((resolve) => (opened = resolve));
  const connect = async () => {
    if (closed) return;
    const token = await call(base, 'GET', '/merchant/api/v1/support/chat-token', { headers });
    if (token.status !== 200) {
      await pause(200);
      return connect();
    }
    const after = state.lastSeq > 0 ? `&after=${state.lastSeq}` : '';
    socket = new WebSocket(
      `${wsBase}/merchant/api/v1/support/chat/socket?token=${encodeURIComponent(token.body.token)}${after}`,
    );
    socket.on('upgrade', (response) => (state.servedBy = response.headers['x-served-by'] ?? null));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'state' && frame.head_seq !== undefined && state.lastSeq === 0)
        state.lastSeq = frame.head_seq;
      if (frame.type === 'state' && !state.open) {
        state.open = true;
        state.connections += 1;
        opened();
      }
      if (frame.type === 'message') {
        state.bodies.add(frame.message.body);
        state.lastSeq = Math.max(state.lastSeq, frame.message.seq);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      state.open = false;
      state.servedBy = null;
      setTimeout(() => void connect(), 200);
    });
  };
  void connect();
  return {
    state,
    /** Resolves once the first connection has its state frame. */
    opened: () => firstOpen,
    /** Resolves once the client is connected again (after a drop). */
    async connectedAgain(previous, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (state.open && state.connections > previous) return true;
        await pause(50);
      }
      return false;
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}

/**
 * Sends numbered chat messages through `base` every `everyMs`, each retried until the server acknowledges it (2xx)
 * — a retried send may be stored twice, never lost. `acknowledged` holds the bodies the server acknowledged.
 */
export function chatSender(base, headers, label, everyMs = 300) {
  const state = { acknowledged: [], retries: 0, running: true };
  const loop = (async () => {
    let n = 0;
    while (state.running) {
      n += 1;
      const body = `${label} ${n}`;
      for (;;) {
        const sent = await call(base, 'POST', '/merchant/api/v1/support/chat/messages', {
          headers: { ...headers, 'x-mbo-client': 'cluster-check' },
          body: { body },
        });
        if (sent.status >= 200 && sent.status < 300) break;
        state.retries += 1;
        await pause(sent.status === 429 ? 1_000 : 100);
      }
      state.acknowledged.push(body);
      await pause(everyMs);
    }
  })();
  return {
    state,
    async stop() {
      state.running = false;
      await loop;
    },
  };
}

/** Polls `what` every 100 ms until it answers truthy or the time is up; answers its last value. */
export async function poll(what, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await what().catch(() => undefined);
    if (value || Date.now() > until) return value;
    await pause(100);
  }
}

/**
 * A 20 MB bank statement over tus as the upload widget sends it: created and its first 40 % sent to `first`, how far
 * it got asked of `second`, the rest sent to `second`, the stored file read back through `first`.
 * @returns - whether the second knew the first's offset (`begun`, `offset`, `size`) and the file came back whole
 */
export async function statementAcross(first, second, headers) {
  const R = '/merchant/api/v1/uploads/resumable';
  const size = 20_000_000;
  const statement = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
  const tus = (extra = {}) => ({ ...headers, 'tus-resumable': '1.0.0', ...extra });
  const created = await fetch(`${first}${R}`, {
    method: 'POST',
    headers: tus({ 'upload-length': String(size), 'upload-metadata': `filename ${btoa('statement.pdf')}` }),
  });
  const id = (created.headers.get('location') ?? '').split('/').at(-1);
  const part = Math.floor(size * 0.4);
  const patch = (where, from, to) =>
    fetch(`${where}${R}/${id}`, {
      method: 'PATCH',
      headers: tus({ 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' }),
      body: statement.subarray(from, to),
    });
  const begun = await patch(first, 0, part);
  const head = await fetch(`${second}${R}/${id}`, { method: 'HEAD', headers: tus() });
  const offset = Number(head.headers.get('upload-offset'));
  const finished = await patch(second, offset, size);
  const stored = finished.status === 200 ? await finished.json() : {};
  const back = stored.url
    ? await fetch(
        `${first}/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(stored.url)}`,
        { headers },
      )
    : undefined;
  const whole = back?.status === 200 && Buffer.from(await back.arrayBuffer()).equals(statement);
  return { begun: created.status === 201 && begun.status === 204 && offset === part, offset, size, whole };
}

/**
 * Wrong codes for one sign-in on both instances in turn: a code dies after its third wrong try (on whichever
 * instance), is replaced at once, and the address locks at its fifth wrong try overall, so the right code is then
 * refused on the other instance too. Answers what each call said, comma-separated (the cluster check compares it).
 */
export async function lockoutAcross(base, first, second, headers) {
  const lockEmail = `locked-${Date.now()}@example.com`;
  const started = await call(first, 'POST', '/merchant/api/v2/auth/authenticate', {
    headers,
    body: { email: lockEmail },
  });
  const verifyOn = (target, code) =>
    call(target, 'POST', '/merchant/api/v2/auth/verify', {
      headers,
      body: { session_id: started.body.session_id, code },
    });
  const wrongFor = (right) => (right === '000000' ? '111111' : '000000');
  const tries = [];
  const firstCode = await codeFor(base, lockEmail);
  for (let i = 0; i < 3; i++)
    tries.push((await verifyOn([first, second][i % 2], wrongFor(firstCode))).body.message);
  const resent = await call(first, 'POST', '/merchant/api/v2/auth/authenticate', {
    headers,
    body: { email: lockEmail, session_id: started.body.session_id },
  });
  const right = await codeFor(base, lockEmail);
  for (let i = 0; i < 2; i++)
    tries.push((await verifyOn([second, first][i % 2], wrongFor(right))).body.message);
  const afterLock = await verifyOn(second, right);
  return [...tries, resent.status, afterLock.body.message].join(', ');
}
