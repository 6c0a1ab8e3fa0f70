/**
 * The start lock (issue 37): N instances started together on one PostgreSQL migrate, load the catalogue and seed
 * the demo one at a time (`Database.exclusive`, PostgreSQL's advisory lock). The embedded database has one process
 * and just runs the work. The PostgreSQL cases run when DATABASE_URL is set (`.ci/run` does).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPostgres, START_LOCK, type Database } from '../../src/server/db';
import { createTestDatabase } from './setup/database';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('exclusive work', () => {
  it('runs the work and answers its value; a failure reaches the caller and frees the lock', async () => {
    const database = await createTestDatabase();
    try {
      expect(await database.exclusive('test:value', async () => 42)).toBe(42);
      await expect(
        database.exclusive('test:value', async () => {
          throw new Error('the work failed');
        }),
      ).rejects.toThrow('the work failed');
      expect(await database.exclusive('test:value', async () => 'again')).toBe('again');
    } finally {
      await database.close();
    }
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('on PostgreSQL, two instances', () => {
  const name = `mbo_lock_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (query: string, database?: string) => {
    const where = new URL(url!);
    if (database) where.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: where.toString() });
    await client.connect();
    const { rows } = await client.query(query);
    await client.end();
    return rows as Record<string, unknown>[];
  };
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('started together on an empty database migrate once, one after the other', async () => {
    await admin(`create database ${name}`);
    const testUrl = new URL(url!);
    testUrl.pathname = `/${name}`;
    // Without the lock both would run the first migration at once and one would fail ("already exists").
    opened.push(...(await Promise.all([fromPostgres(testUrl.toString()), fromPostgres(testUrl.toString())])));
    const applied = await admin('select count(*)::int as count from drizzle.__drizzle_migrations', name);
    const files = await admin(
      'select count(distinct hash)::int as count from drizzle.__drizzle_migrations',
      name,
    );
    // Each migration recorded once (a race would have failed one start, or recorded one twice).
    expect(applied[0]!.count).toBeGreaterThan(20);
    expect(applied[0]!.count).toBe(files[0]!.count);
  });

  it('never run the same named work at once: the second waits for the first', async () => {
    const [first, second] = opened;
    const events: string[] = [];
    const slow = first!.exclusive(START_LOCK, async () => {
      events.push('first starts');
      await pause(300);
      events.push('first ends');
    });
    await pause(50);
    const quick = second!.exclusive(START_LOCK, async () => {
      events.push('second runs');
    });
    await Promise.all([slow, quick]);
    expect(events).toEqual(['first starts', 'first ends', 'second runs']);
  });
});
