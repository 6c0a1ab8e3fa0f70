/**
 * A new embedded database starts from a copy of an empty one. PGlite's own start on an empty directory runs
 * PostgreSQL's initdb in WebAssembly: 6.6 s on a quiet development machine, 15 s and more on a busy one, for every
 * fresh DATA_DIR — a newcomer's first `npm start`, each end-to-end server, every start-up and CLI test. Loading a
 * dump of a just-initialised cluster takes about 1 s. The dump is made once per PGlite version (in memory, where
 * initdb is also a little quicker) and kept under node_modules/.cache; migrations are applied afterwards as on
 * any start, so the copy holds nothing of ours and an upgrade of PGlite makes a new one.
 *
 * The disk is only a cache (as catalogue/checks/guards.ts's): a file that cannot be read or written changes
 * nothing but the time taken, and a damaged one is made again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fromRoot } from '../paths';
import { PGlite } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);

/** PGlite's version, from its package.json (which its `exports` do not list, so found beside its entry). */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const CACHE_DIR = fromRoot('node_modules/.cache/merchant-back-office');

/** Where the empty cluster of this PGlite version is kept. */
export function templateFile(): string {
  return path.join(CACHE_DIR, `pglite-${pgliteVersion()}-empty.tar`);
}

/** The dump being read or made, by cache file. */
const made = new Map<string, Promise<Blob>>();

/**
 * The dump of an empty, just-initialised cluster: from the cache, else made now (and cached when it can be).
 * @param file - the cache file (tests name their own)
 */
export function emptyCluster(file = templateFile()): Promise<Blob> {
  let dump = made.get(file);
  if (dump) return dump;
  dump = (async () => {
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not made yet (or unreadable): made below.
    }
    const client = new PGlite();
    await client.waitReady;
    const fresh = await client.dumpDataDir('none');
    await client.close();
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Written aside and renamed: two processes making it at once never leave half a file to the other.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await fresh.arrayBuffer()));
      renameSync(partial, file);
    } catch {
      // A read-only install: made again at the next new database.
    }
    return fresh;
  })();
  made.set(file, dump);
  dump.catch(() => made.delete(file));
  return dump;
}

/** Opens PGlite on a directory, from a dump when given: on this thread, or on one of its own (pgliteThread.ts). */
export type OpenPglite = (dir: string, loadDataDir?: Blob) => Promise<PGlite>;

/** PGlite on this thread. */
export const openHere: OpenPglite = async (dir, loadDataDir) => {
  const client = new PGlite(dir, loadDataDir ? { loadDataDir } : {});
  await client.waitReady;
  return client;
};

/**
 * Opens the embedded database in `dir`: as it is when it holds anything, else (a new DATA_DIR) as a copy of the
 * empty cluster. A copy that does not open (a damaged cache file) is dropped, and the database made the slow way.
 * @param open - where PGlite runs: this thread by default
 */
export async function openPgliteDir(
  dir: string,
  template = templateFile(),
  open: OpenPglite = openHere,
): Promise<PGlite> {
  const isNew = !existsSync(dir) || readdirSync(dir).length === 0;
  if (isNew) {
    try {
      return await open(dir, await emptyCluster(template));
    } catch {
      made.delete(template);
      rmSync(template, { force: true });
      // Only what the failed copy wrote: the directory was empty or absent.
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return open(dir);
}
