/**
 * Runs once before the server tests. With PGlite it migrates one in-memory
 * database and dumps it; each test file then loads its own copy (about half a
 * second, against several seconds for a new database). With DATABASE_URL each
 * file gets its own PostgreSQL database instead (see ./database.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../../../src/server/db';
import { emptyCluster } from '../../../src/server/db/template';

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = path.resolve('.tmp', `pglite-template-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  // From the empty cluster the server's new databases start from (src/server/db/template.ts), not a new initdb.
  const client = new PGlite({ loadDataDir: await emptyCluster() });
  const database = await fromPglite(client);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
