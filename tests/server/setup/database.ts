/**
 * A fresh database for one test file: a copy of the migrated PGlite template,
 * or, when DATABASE_URL is set, a new PostgreSQL database created and migrated
 * for this file and dropped after it.
 *
 * `thread`: the PGlite copy runs on a thread of its own, as `npm start` runs it
 * (db/pgliteThread.ts). Requests then interleave their statements as they do in
 * the product, which tests of parallel calls need: on this thread PGlite answers
 * each request's statements so promptly that races hardly ever show.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, fromPostgres, type Database } from '../../../src/server/db';
import { openPgliteThread } from '../../../src/server/db/pgliteThread';

export async function createTestDatabase(options: { thread?: boolean } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    if (options.thread) return fromPglite(await openPgliteThread('memory://', template));
    const client = new PGlite({ loadDataDir: template });
    await client.waitReady;
    return fromPglite(client);
  }
  const name = `mbo_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await fromPostgres(testUrl.toString());
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
