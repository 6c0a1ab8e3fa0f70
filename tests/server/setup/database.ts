/**
 * A fresh database for one test file: a copy of the migrated PGlite template,
 * or, when DATABASE_URL is set, a new PostgreSQL database created and migrated
 * for this file and dropped after it.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, fromPostgres, type Database } from '../../../src/server/db';

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = readFileSync(inject('pgliteTemplate'));
    const client = new PGlite({ loadDataDir: new Blob([template]) });
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
