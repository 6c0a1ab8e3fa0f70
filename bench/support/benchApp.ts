/**
 * The benchmarks' app: the real one (buildApp, the embedded database in a fresh data directory, bot check off)
 * listening on loopback, with `env` over its settings — or on a fresh database of a PostgreSQL server. `close`
 * stops it and removes the directory (and the database).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';

export async function benchApp(
  name: string,
  env: Record<string, string> = {},
  /** A PostgreSQL server instead of the embedded database: a fresh database on it, dropped at `close`. */
  options: { databaseUrl?: string } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `mbo-bench-${name}-`));
  const server = options.databaseUrl ? await freshPostgres(options.databaseUrl, name) : undefined;
  const database = await openDatabase({ dataDir, databaseUrl: server?.url });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATA_DIR: dataDir, DATABASE_URL: '', ...env }),
    database,
    logger: false,
  });
  const close = async () => {
    await app.close();
    await database.close();
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { address: await app.listen({ port: 0, host: '127.0.0.1' }), db: database.db, app, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A new database on a PostgreSQL server, and the way to drop it. */
async function freshPostgres(url: string, name: string) {
  const database = `mbo_bench_${name.replace(/\W/g, '_')}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}`);
  const at = new URL(url);
  at.pathname = `/${database}`;
  return { url: at.toString(), drop: () => admin(`drop database if exists ${database} with (force)`) };
}
