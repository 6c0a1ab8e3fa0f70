import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteDir } from '../../src/server/db/template';

/** A new DATA_DIR starts from a kept copy of an empty cluster (src/server/db/template.ts). */
// Each test makes a cluster the slow way once (initdb: 5–15 s on a busy machine).
describe('a new embedded database', { timeout: 90_000 }, () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-template-'));
  const template = path.join(cacheDir, 'empty.tar');

  it('is made once into the cache, then every new directory starts from it and keeps what it is given', async () => {
    const first = path.join(cacheDir, 'first');
    const client = await openPgliteDir(first, template);
    expect(existsSync(template)).toBe(true);
    await client.exec('create table kept (n int); insert into kept values (7)');
    await client.close();

    // The same directory again is opened as it is (its data, not a copy of the empty cluster).
    const again = await openPgliteDir(first, template);
    expect((await again.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 7 }]);
    await again.close();

    // Another new directory is a copy of the empty cluster: nothing of the first one's.
    const second = await openPgliteDir(path.join(cacheDir, 'second'), template);
    expect((await second.query(`select 1 from pg_tables where tablename = 'kept'`)).rows).toEqual([]);
    await second.close();
  });

  it('is made the slow way when the kept copy is damaged, and the damaged copy is dropped', async () => {
    // A file this process has not read yet (what it has read, it keeps in memory).
    const damaged = path.join(cacheDir, 'damaged.tar');
    writeFileSync(damaged, 'not a tar file');
    const client = await openPgliteDir(path.join(cacheDir, 'third'), damaged);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.close();
    // The damaged file was dropped: the next new database makes and keeps a good one (as in the test above).
    expect(existsSync(damaged)).toBe(false);
  });
});
