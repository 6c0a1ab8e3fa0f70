/**
 * The embedded database's read cache (src/server/db/readCache.ts): repeated reads come from memory, and no
 * write — builder or raw SQL, before, during or after a read, in a transaction or not — leaves an old answer in
 * use. The rest of the server suite runs with it on too. PostgreSQL is never wrapped, so these are skipped there.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { meta } from '../../src/server/db/schema';
import { withReadCache } from '../../src/server/db/readCache';
import { createTestDatabase } from './setup/database';

const embedded = !process.env.DATABASE_URL;
const database = await createTestDatabase();
afterAll(() => database.close());
const { db } = database;

const read = async (key: string) =>
  (await db.select().from(meta).where(eq(meta.key, key)).limit(1))[0]?.value;
const stats = () => database.readCache!();

describe.skipIf(!embedded)('the read cache of the embedded database', () => {
  beforeEach(async () => {
    await db.delete(meta).where(sql`${meta.key} like 'rc-%'`);
    await db.insert(meta).values({ key: 'rc-a', value: { n: 1 } });
  });

  it('answers the same read from memory the second time, with the same rows', async () => {
    expect(await read('rc-a')).toEqual({ n: 1 });
    const before = stats();
    expect(await read('rc-a')).toEqual({ n: 1 });
    expect(stats().hits).toBe(before.hits + 1);
    expect(stats().misses).toBe(before.misses);
  });

  it.each([
    [
      'an update',
      () =>
        db
          .update(meta)
          .set({ value: { n: 2 } })
          .where(eq(meta.key, 'rc-a')),
    ],
    ['a raw SQL update', () => db.execute(sql`update meta set value = '{"n":2}' where key = 'rc-a'`)],
    [
      'an insert that replaces',
      () =>
        db
          .insert(meta)
          .values({ key: 'rc-a', value: { n: 2 } })
          .onConflictDoUpdate({ target: meta.key, set: { value: { n: 2 } } }),
    ],
    [
      'a transaction',
      () =>
        db.transaction(async (tx) => {
          await tx
            .update(meta)
            .set({ value: { n: 2 } })
            .where(eq(meta.key, 'rc-a'));
        }),
    ],
  ])('shows what %s wrote at the next read', async (_, write) => {
    await read('rc-a');
    await read('rc-a');
    await write();
    expect(await read('rc-a')).toEqual({ n: 2 });
  });

  it('shows a deleted row as gone, and a row inserted after an empty answer', async () => {
    expect(await read('rc-new')).toBeUndefined();
    await db.insert(meta).values({ key: 'rc-new', value: 1 });
    expect(await read('rc-new')).toBe(1);
    await db.delete(meta).where(eq(meta.key, 'rc-new'));
    expect(await read('rc-new')).toBeUndefined();
  });

  it('does not keep a read that a write overtook while it ran', async () => {
    // Sent together: the read runs first and answers {n: 1}; the write is sent before that answer is back.
    const [first] = await Promise.all([
      read('rc-a'),
      db
        .update(meta)
        .set({ value: { n: 3 } })
        .where(eq(meta.key, 'rc-a')),
    ]);
    expect(first).toEqual({ n: 1 });
    expect(await read('rc-a')).toEqual({ n: 3 });
  });

  it('keeps answers of other tables when one table is written', async () => {
    await read('rc-a');
    await db.execute(sql`update "outbox" set "body" = "body" where false`);
    const before = stats();
    await read('rc-a');
    expect(stats().hits).toBe(before.hits + 1);
  });

  it('gives every caller its own copy: changing an answer does not change the stored one', async () => {
    const value = (await read('rc-a')) as { n: number };
    value.n = 99;
    const again = (await read('rc-a')) as { n: number };
    expect(again).toEqual({ n: 1 });
    again.n = 98;
    expect(await read('rc-a')).toEqual({ n: 1 });
  });

  it('inside a transaction reads what the transaction wrote, not the stored answer', async () => {
    await read('rc-a');
    await db.transaction(async (tx) => {
      await tx
        .update(meta)
        .set({ value: { n: 4 } })
        .where(eq(meta.key, 'rc-a'));
      expect((await tx.select().from(meta).where(eq(meta.key, 'rc-a')))[0]?.value).toEqual({ n: 4 });
    });
    expect(await read('rc-a')).toEqual({ n: 4 });
  });

  it('keeps the stored answer when a transaction is rolled back', async () => {
    await read('rc-a');
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(meta)
          .set({ value: { n: 5 } })
          .where(eq(meta.key, 'rc-a'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await read('rc-a')).toEqual({ n: 1 });
  });

  it('never keeps a read that depends on the time', async () => {
    const now = () => db.execute(sql`select now() as t, key from meta where key = 'rc-a'`);
    await now();
    const before = stats();
    await now();
    expect(stats().hits).toBe(before.hits);
  });
});

describe('the read cache on its own', () => {
  it('keeps at most maxEntries answers, the least recently used leaving first', async () => {
    const client = new PGlite();
    await client.exec(`create table t (id text primary key); insert into t values ('1'), ('2'), ('3')`);
    const cache = withReadCache(client, ['t'], { maxEntries: 2 });
    const get = (id: string) => cache.client.query(`select * from "t" where id = $1`, [id]);
    await get('1');
    await get('2');
    await get('1'); // 1 is now the most recently used
    await get('3'); // 2 leaves
    const before = cache.stats();
    await get('1');
    await get('3');
    expect(cache.stats().hits).toBe(before.hits + 2);
    await get('2');
    expect(cache.stats().misses).toBe(before.misses + 1);
    expect(cache.stats().entries).toBe(2);
    await client.close();
  });

  it('drops an answer when a write sent before the read is run after it (any order the database chooses)', async () => {
    // A stand-in database that runs reads at once and writes a moment later.
    let value = 1;
    const stand = {
      query: async (text: string) => {
        if (text.startsWith('select')) return { rows: [{ v: value }], fields: [] };
        await new Promise((resolve) => setTimeout(resolve, 20));
        value = 2;
        return { rows: [], fields: [], affectedRows: 1 };
      },
    } as unknown as PGlite;
    const cache = withReadCache(stand, ['t']);
    const get = async () => (await cache.client.query<{ v: number }>(`select v from "t"`)).rows[0]!.v;
    const write = cache.client.query(`update "t" set v = 2`);
    expect(await get()).toBe(1); // ran before the write
    await write;
    expect(await get()).toBe(2);
  });

  it('does not keep long answers', async () => {
    const client = new PGlite();
    await client.exec(`create table t (id int primary key); insert into t select generate_series(1, 60)`);
    const cache = withReadCache(client, ['t']);
    await cache.client.query(`select * from "t"`);
    await cache.client.query(`select * from "t"`);
    expect(cache.stats().hits).toBe(0);
    expect(cache.stats().skipped).toBe(2);
    await client.close();
  });

  it('treats a statement it cannot read the tables of as a write to every table', async () => {
    const client = new PGlite();
    await client.exec(`create table t (id text primary key, v int); insert into t values ('1', 1)`);
    const cache = withReadCache(client, ['t']);
    const get = async () =>
      (await cache.client.query<{ v: number }>(`select v from "t" where id = '1'`)).rows[0]!.v;
    expect(await get()).toBe(1);
    await cache.client.query(`update t set v = 2`); // unquoted: no known table named
    expect(await get()).toBe(2);
    await cache.client.exec(`update t set v = 3`);
    expect(await get()).toBe(3);
    await client.close();
  });
});
