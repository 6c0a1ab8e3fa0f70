/**
 * The benchmarks' merchant: the real app (buildApp on a fresh data directory, the embedded database) listening on
 * loopback, one merchant with three Saudi stores and `count` orders made by the fixtures' generator over `days`,
 * and a signed-in member with the flags asked for. `close` stops it all and removes the directory.
 */
import { benchApp } from './benchApp';
import { signIn } from './signIn';

export async function benchMerchant(options: {
  name: string;
  count: number;
  days: number;
  flags: Record<string, boolean>;
}) {
  const { address, close } = await benchApp(options.name);
  try {
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
