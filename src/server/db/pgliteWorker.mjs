// The embedded database's own thread (issue 37): PGlite — PostgreSQL compiled to WebAssembly — runs here, so its
// work (about 40 % of the server's CPU under load: WebAssembly, wire-protocol parsing, file calls) no longer waits
// in line with the HTTP, validation and rules of the request thread, and the two use two cores. The request
// thread's side is ./pgliteThread.ts; this file is plain JavaScript so that every way the server runs (built,
// through tsx, under Vitest) starts it with Node alone.
//
// workerData: { dir, loadDataDir?: ArrayBuffer } — the data directory, and a dump to start a new one from.
// Messages in:  { id, op: 'query' | 'exec' | 'begin' | 'end' | 'listen' | 'unlisten' | 'close', tx?, … }
// Messages out: { ready: true } | { failed: error } once; { id, ok: true, value } | { id, ok: false, error } per
//               message; { notify: channel, payload } for each NOTIFY on a channel listened to.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** An error as data: its message and every field PostgreSQL gave it (code, constraint, detail, …). */
function serialise(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

const identity = (value) => value;

/**
 * Query options as PGlite takes them. Functions cannot cross threads: the type parsers asked for are applied on
 * the request thread, so here those types are handed over as PostgreSQL's text.
 */
function options(given) {
  if (!given) return undefined;
  const { parserTypes, ...rest } = given;
  return parserTypes
    ? { ...rest, parsers: Object.fromEntries(parserTypes.map((oid) => [oid, identity])) }
    : rest;
}

/** Open transactions by number: the PGlite transaction, and how to end it (commit or not). */
const transactions = new Map();
let nextTransaction = 1;
const ROLLBACK = Symbol('rollback');
/** Channels listened to, and how to stop. */
const listening = new Map();

let client;
let opened = false;
try {
  const { dir, loadDataDir } = workerData;
  client = new PGlite(dir, loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {});
  await client.waitReady;
  opened = true;
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: serialise(error) });
  parentPort.close();
}

/**
 * Starts a transaction and answers with its number once BEGIN has run (or with BEGIN's error); it ends on an
 * 'end' message, which PGlite's own transaction turns into COMMIT or ROLLBACK.
 */
function begin(reply, fail) {
  const number = nextTransaction++;
  let end;
  const ended = new Promise((resolve) => (end = resolve));
  let entered = false;
  client
    .transaction(async (tx) => {
      entered = true;
      transactions.set(number, { tx, end });
      reply(number);
      if (!(await ended)) throw ROLLBACK;
    })
    .then(
      () => transactions.get(number)?.done?.({ ok: true }),
      (error) => {
        if (!entered) fail(error);
        else transactions.get(number)?.done?.(error === ROLLBACK ? { ok: true } : { ok: false, error });
      },
    )
    .finally(() => transactions.delete(number));
}

async function handle(message) {
  const on = message.tx === undefined ? client : transactions.get(message.tx)?.tx;
  if (!on) throw new Error(`transaction ${message.tx} is not open`);
  switch (message.op) {
    case 'query':
      return on.query(message.sql, message.params, options(message.options));
    case 'exec':
      return on.exec(message.sql, options(message.options));
    case 'end': {
      const open = transactions.get(message.tx);
      const outcome = new Promise((resolve) => (open.done = resolve));
      open.end(message.commit);
      const { ok, error } = await outcome;
      if (!ok) throw error;
      return null;
    }
    case 'listen': {
      if (!listening.has(message.channel)) {
        const stop = await client.listen(message.channel, (payload) =>
          parentPort.postMessage({ notify: message.channel, payload }),
        );
        listening.set(message.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      const stop = listening.get(message.channel);
      listening.delete(message.channel);
      await stop?.();
      return null;
    }
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

if (opened) {
  parentPort.on('message', (message) => {
    const reply = (value) => parentPort.postMessage({ id: message.id, ok: true, value });
    const fail = (error) => parentPort.postMessage({ id: message.id, ok: false, error: serialise(error) });
    if (message.op === 'begin') {
      begin(reply, fail);
      return;
    }
    handle(message).then((value) => {
      reply(value);
      if (message.op === 'close') parentPort.close();
    }, fail);
  });
}
