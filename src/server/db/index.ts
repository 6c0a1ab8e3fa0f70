/**
 * Opens the database: PGlite (embedded Postgres, files under DATA_DIR) by
 * default, or a PostgreSQL server through node-postgres when DATABASE_URL is
 * set. Both take the same table definitions and the same migrations, so
 * there is one SQL dialect from a laptop to a cluster.
 */
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { fromRoot } from '../paths';
import path from 'node:path';
import { type PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { groupSync, syncFileSystem } from './groupSync';
import { openHere, openPgliteDir } from './template';
import { openPgliteThread } from './pgliteThread';
import { withReadCache, type ReadCacheStats } from './readCache';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a real query; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Embedded with DB_SYNC=on: resolves once every write committed before the call is on disk (groupSync.ts).
   * Absent when the database makes its own writes durable (PostgreSQL) or DB_SYNC is off.
   */
  sync?: () => Promise<void>;
  /** Embedded with the read cache on (DB_READ_CACHE, readCache.ts): how it is doing. */
  readCache?: () => ReadCacheStats;
  /**
   * PostgreSQL `LISTEN`: the handler gets each payload `pg_notify(channel, …)` sends after its transaction
   * commits, from this process or any other on the same database (live chat across instances, docs/chat.md).
   * @returns - stops listening
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other process on the same database runs work of that name: PostgreSQL's advisory lock
   * (held by one connection for the duration), so N instances started together migrate, load the catalogue and
   * seed the demo one after another, never twice at once. The embedded database has one process: it just runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** The advisory lock every instance takes to start (migrations, then the catalogue and the demo): one at a time. */
export const START_LOCK = 'mbo:start';

/** The names of the application's tables. */
const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

export const migrationsFolder = fromRoot('src/server/db/migrations');

export class DataDirError extends Error {
  override name = 'DataDirError';
}

/**
 * Makes sure DATA_DIR exists and can be written, with a one-line reason when not.
 * @param dataDir - the configured directory
 * @returns - its absolute path
 */
export function prepareDataDir(dataDir: string): string {
  const absolute = path.resolve(dataDir);
  if (existsSync(absolute) && !statSync(absolute).isDirectory()) {
    throw new DataDirError(`DATA_DIR "${dataDir}" is not a directory`);
  }
  try {
    mkdirSync(absolute, { recursive: true });
  } catch (error) {
    throw new DataDirError(
      `DATA_DIR "${dataDir}" cannot be created: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  try {
    accessSync(absolute, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new DataDirError(
      `DATA_DIR "${dataDir}" is not readable and writable: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return absolute;
}

/**
 * Wraps an open PGlite instance (file, memory or loaded from a dump) and applies migrations.
 * @param options - readCache: answer repeated reads from memory (on unless turned off; readCache.ts)
 */
export async function fromPglite(client: PGlite, options: { readCache?: boolean } = {}): Promise<Database> {
  const cache = options.readCache === false ? undefined : withReadCache(client, TABLES);
  const db = drizzlePglite(cache?.client ?? client, { schema });
  await migratePglite(db, { migrationsFolder });
  // The embedded database runs no autovacuum, so nothing else gathers the planner's statistics: without them a
  // query of a 200,000-row table may sort every row instead of reading an index (bench:orders). Cheap at start.
  await client.exec('analyze');
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    ...(cache ? { readCache: cache.stats } : {}),
    // PGlite delivers NOTIFY to its own listeners (one process owns the embedded database).
    listen: (channel, handler) => client.listen(channel, handler),
    exclusive: (_name, work) => work(),
  };
}

/** How long a lost LISTEN waits before connecting again: doubling from 250 ms, at most 5 s. */
const LISTEN_RETRY_MS = { first: 250, most: 5000 };

/**
 * LISTEN on a connection of its own (it holds it), made again whenever it is lost — a PostgreSQL restart or
 * failover ends it, and without this the chat of other instances would go quiet for good. The first connection
 * must succeed (the server's start); the later ones are retried until the returned stop is called.
 */
async function listenAlways(databaseUrl: string, channel: string, handler: (payload: string) => void) {
  let stopped = false;
  let current: pg.Client | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const again = () => {
    if (stopped) return;
    clearTimeout(timer);
    const wait = Math.min(LISTEN_RETRY_MS.most, LISTEN_RETRY_MS.first * 2 ** attempt++);
    timer = setTimeout(() => void open().catch(again), wait);
    timer.unref();
  };
  const open = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.on('end', () => {
      if (current === client) current = null;
      again();
    });
    current = client;
    attempt = 0;
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end();
  };
}

/** Runs `work` holding PostgreSQL's session-level advisory lock of `name` on a connection of its own. */
async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch((error: Error) => {
        // A connection that cannot unlock is closed instead: PostgreSQL releases its locks with it.
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

/** Connects to PostgreSQL and applies migrations (one instance at a time: START_LOCK). */
export async function fromPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // A pool error (server restart, dropped connection) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  await withAdvisoryLock(pool, START_LOCK, () => migratePg(db, { migrationsFolder }));
  return {
    exclusive: (name, work) => withAdvisoryLock(pool, name, work),
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    listen: (channel, handler) => listenAlways(databaseUrl, channel, handler),
  };
}

/**
 * Takes DATA_DIR's lock: the embedded database allows one process at a time,
 * so a second server or a CLI on the same directory stops with a clear line
 * instead of corrupting it. A lock left by a process that no longer runs is taken over.
 * @returns - a function that releases the lock
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'pglite.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new DataDirError(`DATA_DIR "${dir}" is in use by another process (pid ${pid}); stop it first`);
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens the configured database and applies pending migrations.
 * @param options - DATABASE_URL, or the DATA_DIR holding the PGlite files
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Embedded only: flush the file system before a write is acknowledged (DB_SYNC). */
  sync?: boolean;
  /** Embedded only: answer repeated reads from memory (DB_READ_CACHE; on unless false). */
  readCache?: boolean;
  /** Embedded only: run PGlite on a thread of its own (DB_THREAD; on unless false; pgliteThread.ts). */
  thread?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl);
  const dir = prepareDataDir(options.dataDir);
  const unlock = lockDataDir(dir);
  try {
    // A new DATA_DIR starts from a copy of an empty cluster (template.ts: about 1 s against initdb's 6–15 s).
    const client = await openPgliteDir(
      path.join(dir, 'pglite'),
      undefined,
      options.thread === false ? openHere : openPgliteThread,
    );
    const database = await fromPglite(client, { readCache: options.readCache !== false });
    // One flush at start: a machine without `sync` stops here with the reason, not at the first write.
    const sync = options.sync ? groupSync(() => syncFileSystem(dir)) : undefined;
    if (sync) await sync();
    return {
      ...database,
      ...(sync ? { sync } : {}),
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
