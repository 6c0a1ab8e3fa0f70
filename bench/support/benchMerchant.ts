/**
 * The benchmarks' merchant: the real app (buildApp on a fresh data directory, the embedded database) listening on
 * loopback, one merchant with three Saudi stores and `count` orders made by the fixtures' generator over `days`,
 * and a signed-in member with the flags asked for. `close` stops it all and removes the directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { signIn } from './signIn';

export async function benchMerchant(options: {
  name: string;
  count: number;
  days: number;
  flags: Record<string, boolean>;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `mbo-bench-${options.name}-`));
  const database = await openDatabase({ dataDir });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATA_DIR: dataDir, DATABASE_URL: '' }),
    database,
    logger: false,
  });
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const account = { id: 'acc-bench', email: 'bench@example.com', phone: '+966500009999' };
    const started = performance.now();
    const loaded = await fetch(`${address}/dev/fixtures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mbo-client': 'bench' },
      body: JSON.stringify({
        accounts: [account],
        merchants: [{ id: 'mer-bench', name: 'Bench', country: 'SAU' }],
        stores: ['a', 'b', 'c'].map((s) => ({
          id: `sto-bench-${s}`,
          merchant_id: 'mer-bench',
          name: `Bench ${s}`,
          country: 'SAU',
          available_products: ['pay_later', 'installments'],
        })),
        permissions: [
          {
            account_id: 'acc-bench',
            merchant_id: 'mer-bench',
            role: 'workspace_admin',
            flags: { has_merchant_access: true, ...options.flags },
          },
        ],
        order_generators: [
          { merchant_id: 'mer-bench', count: options.count, days: options.days, seed: 1, prefix: 'BN' },
        ],
      }),
    });
    if (!loaded.ok) throw new Error(`fixture: ${loaded.status} ${await loaded.text()}`);
    console.log(
      `${options.count.toLocaleString('en')} orders loaded in ${Math.round(performance.now() - started)} ms`,
    );
    return { address, token: await signIn(address, account), close };
  } catch (error) {
    await close();
    throw error;
  }
}
