/**
 * `npm run bench:disputes`: the CSV export of 10,000 disputes (issue 18: under 2 s on this machine). The app is
 * the real one (buildApp, the embedded database in a fresh directory), a merchant with BENCH_DISPUTES disputes
 * (default 10,000) loaded as a fixture, and the export asked for through HTTP on loopback as the browser does;
 * the answer is read to its end. Also the time to the first byte (streaming: the first rows leave before the
 * last are read) and a list page for comparison. Figures, not a test: BENCH_ROUNDS rounds (default 3), medians.
 */
import { benchApp } from '../support/benchApp';
import { signIn } from '../support/signIn';

const COUNT = Number(process.env.BENCH_DISPUTES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const { address, close } = await benchApp('disputes');
  try {
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${address}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-mbo-client': 'bench',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const account = { id: 'acc-bench', email: 'bench@example.com', phone: '+966500009999' };
    const disputes = Array.from({ length: COUNT }, (_, i) => ({
      id: `dsp-bench-${i}`,
      merchant_id: 'mer-bench',
      order_id: `ORD-${100000 + i}`,
      status: ['pending', 'approved', 'declined', 'cancelled', 'arbitration'][i % 5],
      type: 'not_delivered',
      amount: 10 + (i % 500),
      customer_name: `Customer ${i}`,
      created_at: `today-${i % 365}d`,
    }));
    let started = performance.now();
    const loaded = await post('/dev/fixtures', {
      accounts: [account],
      merchants: [{ id: 'mer-bench', name: 'Bench', country: 'SAU' }],
      permissions: [
        {
          account_id: 'acc-bench',
          merchant_id: 'mer-bench',
          role: 'workspace_admin',
          flags: { has_merchant_access: true, is_disputes_allowed: true, is_dispute_refund_allowed: true },
        },
      ],
      disputes,
    });
    if (!loaded.ok) throw new Error(`fixture: ${loaded.status} ${await loaded.text()}`);
    console.log(`${COUNT} disputes loaded in ${Math.round(performance.now() - started)} ms`);

    const token = await signIn(address, account);

    const total: number[] = [];
    const first: number[] = [];
    const list: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      started = performance.now();
      const res = await post('/merchant/api/v1/disputes/export', {}, token);
      const reader = res.body!.getReader();
      let firstAt = 0;
      let text = '';
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        if (!firstAt) firstAt = performance.now() - started;
        text += decoder.decode(value, { stream: true });
      }
      total.push(performance.now() - started);
      first.push(firstAt);
      rows = text.trim().split('\n').length - 1;
      bytes = text.length;
      started = performance.now();
      await fetch(`${address}/merchant/api/v1/disputes?page_size=20`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json());
      list.push(performance.now() - started);
    }
    if (rows !== COUNT) throw new Error(`the export had ${rows} rows, not ${COUNT}`);
    console.log(
      `\nexport of ${rows} disputes (${(bytes / 1e6).toFixed(1)} MB of CSV), medians of ${ROUNDS}:`,
    );
    console.log(
      `  whole answer  ${Math.round(median(total))} ms   (goal: under 2000 ms) — ${median(total) < 2000 ? 'met' : 'NOT met'}`,
    );
    console.log(`  first byte    ${Math.round(median(first))} ms`);
    console.log(`  a list page   ${Math.round(median(list))} ms   (20 disputes, for comparison)`);
  } finally {
    await close();
  }
}

await main();
