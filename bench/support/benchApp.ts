/**
 * The benchmarks' app: the real one (buildApp, the embedded database in a fresh data directory, bot check off)
 * listening on loopback, with `env` over its settings. `close` stops it and removes the directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';

export async function benchApp(name: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `mbo-bench-${name}-`));
  const database = await openDatabase({ dataDir });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATA_DIR: dataDir, DATABASE_URL: '', ...env }),
    database,
    logger: false,
  });
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { address: await app.listen({ port: 0, host: '127.0.0.1' }), db: database.db, close };
  } catch (error) {
    await close();
    throw error;
  }
}
