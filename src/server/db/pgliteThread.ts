/**
 * The embedded database on a thread of its own (issue 37's load goal; DB_THREAD, on by default).
 *
 * Under load a third to a half of the server's CPU was PGlite's (WebAssembly, wire-protocol parsing, file calls),
 * run on the same thread as HTTP, validation and the form rules, so every request waited for every query of every
 * other request, and one core did it all. Here PGlite runs in a worker thread (./pgliteWorker.mjs) and this
 * object stands in for it: the few methods drizzle, the read cache and the server call — `query`, `exec`,
 * `transaction`, `listen`, `close` — each a message to that thread and its answer back (about 50 µs, against a
 * query's 300–500 µs of work that now runs beside the request thread instead of on it).
 *
 * What crosses: SQL, parameters and rows are structured-cloned (strings, numbers, booleans, dates, bytes, JSON).
 * Type parsers are functions, which cannot cross: the worker returns those types as PostgreSQL's text and the
 * parsers asked for run here. An error comes back with PostgreSQL's fields (`code`, `constraint`, `detail`, …), so
 * isUniqueViolation and the rest read it as before. A transaction is a number the worker holds open (PGlite's own
 * transaction, so BEGIN/COMMIT/ROLLBACK and its lock are PGlite's) until this side says commit or roll back.
 *
 * If the thread dies (a WebAssembly abort), every waiting call fails and the process stops with one line, as it
 * would have with PGlite on the request thread: a supervisor (npm start, an orchestrator) starts it again.
 */
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { fromRoot } from '../paths';

/** Plain JavaScript so the same file runs built, through tsx and under Vitest (no TypeScript loader in a worker). */
const WORKER_FILE = fromRoot('src/server/db/pgliteWorker.mjs');

type Parsers = NonNullable<QueryOptions['parsers']>;

interface Reply {
  id?: number;
  ok?: boolean;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
  ready?: true;
  failed?: Record<string, unknown> & { message: string };
  notify?: string;
  payload?: string;
}

/** An error from the worker, with PostgreSQL's fields on it again. */
function revive(data: Record<string, unknown> & { message: string }): Error {
  const { message, name, ...fields } = data;
  const error = Object.assign(new Error(message), fields);
  if (typeof name === 'string') error.name = name;
  return error;
}

/** The options to send, and the parsers to run here on the answer. */
function split(given?: QueryOptions): { options?: Record<string, unknown>; parsers?: Parsers } {
  if (!given) return {};
  const { parsers, ...rest } = given;
  // Anything else that is a function (onNotice) stays here: nothing of ours passes one.
  const options = Object.fromEntries(Object.entries(rest).filter(([, value]) => typeof value !== 'function'));
  if (!parsers || Object.keys(parsers).length === 0) return { options };
  return { options: { ...options, parserTypes: Object.keys(parsers).map(Number) }, parsers };
}

/** Runs the parsers asked for on the columns of their types. */
function parse<T>(result: Results<T>, parsers: Parsers | undefined, rowMode?: string): Results<T> {
  if (!parsers) return result;
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, parser: parsers[field.dataTypeID] }))
    .filter((column) => column.parser);
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown[]) {
    for (const { index, name, parser } of columns) {
      const cells = row as Record<string | number, unknown>;
      const key = rowMode === 'array' ? index : name;
      if (cells[key] !== null && cells[key] !== undefined) cells[key] = parser!(cells[key] as string);
    }
  }
  return result;
}

/**
 * Starts the worker on `dir` (from `loadDataDir`, a dump, when the directory is new) and resolves once PGlite is
 * ready there; rejects with PGlite's own error when it cannot open. Drizzle, the read cache and the server use
 * the answer as the PGlite it stands in for.
 */
export async function openPgliteThread(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const dump = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(WORKER_FILE, {
    workerData: { dir, loadDataDir: dump },
    ...(dump ? { transferList: [dump] } : {}),
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closing = false;
  let gone: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) =>
      reject(new Error(`the embedded database's thread stopped (exit ${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (message: Reply) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (message.ready) resolve();
      else {
        void worker.terminate();
        reject(revive(message.failed ?? { message: 'the embedded database did not open' }));
      }
    });
  });

  worker.on('message', (message: Reply) => {
    if (message.notify !== undefined) {
      for (const handler of handlers.get(message.notify) ?? []) handler(message.payload ?? '');
      return;
    }
    const call = waiting.get(message.id!);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.ok) call.resolve(message.value);
    else call.reject(revive(message.error ?? { message: 'the embedded database failed' }));
  });
  const stop = (error: Error) => {
    gone = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => {
    stop(new Error(`the embedded database's thread stopped (exit ${code})`));
    if (!closing) {
      process.stderr.write(`the embedded database's thread stopped unexpectedly (exit ${code}); stopping\n`);
      process.exit(70);
    }
  });

  const send = <T>(message: Record<string, unknown>): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const runner = (tx?: number) => ({
    query: async <T>(sql: string, params?: unknown[], given?: QueryOptions): Promise<Results<T>> => {
      const { options, parsers } = split(given);
      const result = await send<Results<T>>({ op: 'query', sql, params, options, tx });
      return parse(result, parsers, given?.rowMode);
    },
    exec: async (sql: string, given?: QueryOptions): Promise<Results[]> => {
      const { options, parsers } = split(given);
      const results = await send<Results[]>({ op: 'exec', sql, options, tx });
      return results.map((result) => parse(result, parsers, given?.rowMode));
    },
  });

  const client = {
    ...runner(),
    waitReady: Promise.resolve(),
    get closed() {
      return closing;
    },
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = await send<number>({ op: 'begin' });
      let value: T;
      try {
        value = await callback({
          ...runner(tx),
          rollback: () => Promise.reject(new Error('rollback: throw from the transaction instead')),
          get closed() {
            return false;
          },
        } as unknown as Transaction);
      } catch (error) {
        await send({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'end', tx, commit: true });
      return value;
    },
    async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await send({ op: 'listen', channel });
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await send({ op: 'unlisten', channel });
        }
      };
    },
    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      await send({ op: 'close' }).catch(() => undefined);
      await exited;
    },
  };
  return client as unknown as PGlite;
}
