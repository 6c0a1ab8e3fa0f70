/**
 * The embedded database on a thread of its own (issue 37, db/pgliteThread.ts): what crosses between the threads —
 * rows in both shapes with the caller's type parsers, PostgreSQL's errors with their fields, transactions that
 * commit or roll back, NOTIFY — and the whole server's database (openDatabase) running on it, on disk.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/server/db';
import { isUniqueViolation } from '../../src/server/db/errors';
import { openPgliteThread } from '../../src/server/db/pgliteThread';
import { merchants } from '../../src/server/db/schema';
import { emptyCluster } from '../../src/server/db/template';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mbo-thread-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const TIMESTAMPTZ = 1184;

describe('PGlite on its own thread', () => {
  let client: PGlite;
  const dir = path.join(freshDir(), 'pglite');

  it('opens a new directory from the empty cluster and answers rows as objects or arrays', async () => {
    client = await openPgliteThread(dir, await emptyCluster());
    await client.exec(`create table things (id int primary key, name text not null unique, at timestamptz)`);
    await client.query(`insert into things values (1, 'one', '2026-11-28T10:00:00Z'), (2, 'two', null)`);
    const objects = await client.query<{ id: number; name: string }>(
      'select id, name from things order by id',
    );
    expect(objects.rows).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    const arrays = await client.query('select id, name from things where id = $1', [2], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[2, 'two']]);
    expect(arrays.fields.map((field) => field.name)).toEqual(['id', 'name']);
  });

  it('runs the caller’s type parsers on this side, and leaves nulls alone', async () => {
    const parsed = await client.query<{ at: unknown }>('select at from things order by id', [], {
      parsers: { [TIMESTAMPTZ]: (text: string) => `parsed:${text}` },
    });
    expect(parsed.rows[0]!.at).toMatch(/^parsed:2026-11-28 10:00:00/);
    expect(parsed.rows[1]!.at).toBeNull();
    // Without parsers, PGlite's own: a Date.
    const plain = await client.query<{ at: unknown }>('select at from things where id = 1');
    expect(plain.rows[0]!.at).toBeInstanceOf(Date);
  });

  it('gives PostgreSQL’s errors back with their fields', async () => {
    const error = await client.query(`insert into things values (3, 'one', null)`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key' });
    await expect(client.query('select * from nowhere')).rejects.toMatchObject({ code: '42P01' });
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    const value = await client.transaction(async (tx) => {
      await tx.query(`insert into things values (10, 'ten', null)`);
      // The transaction sees its own write.
      return (await tx.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n;
    });
    expect(value).toBe(3);
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into things values (11, 'eleven', null)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A statement failing inside: the transaction is rolled back and the error reaches the caller.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into things values (12, 'twelve', null)`);
        await tx.query(`insert into things values (13, 'twelve', null)`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = await client.query<{ id: number }>('select id from things order by id');
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2, 10]);
  });

  it('runs a statement from outside after an open transaction, never inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = client.transaction(async (tx) => {
      await tx.query(`insert into things values (20, 'twenty', null)`);
      await held;
      await tx.query(`delete from things where id = 20`);
    });
    const outside = client.query<{ n: number }>('select count(*)::int as n from things where id = 20');
    setTimeout(release, 50);
    await inside;
    expect((await outside).rows[0]!.n).toBe(0);
  });

  it('delivers NOTIFY to each listener until it stops listening', async () => {
    const heard: string[] = [];
    const alsoHeard: string[] = [];
    const stop = await client.listen('news', (payload) => heard.push(payload));
    const stopToo = await client.listen('news', (payload) => alsoHeard.push(payload));
    await client.query(`select pg_notify('news', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await client.query(`select pg_notify('news', 'second')`);
    await expect.poll(() => alsoHeard).toEqual(['first', 'second']);
    await stopToo();
    await client.query(`select pg_notify('news', 'third')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['first']);
    expect(alsoHeard).toEqual(['first', 'second']);
  });

  it('closes: later calls fail with a clear error, and the data is on disk for the next open', async () => {
    await client.close();
    await expect(client.query('select 1')).rejects.toThrow(/embedded database's thread stopped/);
    const again = await openPgliteThread(dir);
    expect((await again.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n).toBe(3);
    await again.close();
  });

  it('reports a directory PGlite cannot open, and nothing keeps running', async () => {
    const file = path.join(freshDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(openPgliteThread(file)).rejects.toThrow();
  });
});

describe('the server’s embedded database on its thread', () => {
  it('migrates, reads through the read cache, and writes on disk', async () => {
    const dataDir = freshDir();
    const database = await openDatabase({ dataDir, thread: true });
    try {
      await database.db.insert(merchants).values({ id: 'thread-m1', name: 'Thread Shop', country: 'SAU' });
      const read = () =>
        database.db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, 'thread-m1'));
      expect(await read()).toEqual([{ name: 'Thread Shop' }]);
      expect(await read()).toEqual([{ name: 'Thread Shop' }]);
      expect(database.readCache?.().hits).toBeGreaterThan(0);
      await database.db.update(merchants).set({ name: 'Renamed Shop' }).where(eq(merchants.id, 'thread-m1'));
      expect(await read()).toEqual([{ name: 'Renamed Shop' }]);
      // drizzle's timestamps arrive through its own parsers, as strings it maps to dates.
      const [row] = await database.db.select({ at: merchants.createdAt }).from(merchants).limit(1);
      expect(row!.at).toBeInstanceOf(Date);
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await database.close();
    }
    const reopened = await openDatabase({ dataDir, thread: true });
    try {
      const [row] = await reopened.db
        .select({ name: merchants.name })
        .from(merchants)
        .where(eq(merchants.id, 'thread-m1'));
      expect(row).toEqual({ name: 'Renamed Shop' });
    } finally {
      await reopened.close();
    }
  });
});
