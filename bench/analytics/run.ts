/**
 * `npm run bench:analytics` (issue 36): with BENCH_ORDERS orders (default 200,000) for one merchant on the embedded
 * database, a year of daily GMV (the analytics page's call: a year by day with the year before beside it, by store
 * and product) answers in ≤ 150 ms p95. The app is the real one (buildApp, a fresh data directory), the orders made
 * by the fixtures' generator over two years (so the year before has orders too), the calls made over HTTP on
 * loopback, one at a time. Each round asks a new question (another end day: the read cache would answer a repeated
 * one). The ended days' sums are kept (docs/analytics.md "How it stays fast"): "the first time" asks each round in
 * a time zone not asked before, so it sums two years of orders every round. Figures, not a test: BENCH_ROUNDS rounds (default 20) of each kind.
 */
import { benchMerchant } from '../support/benchMerchant';
import { percentile } from '../support/percentile';

const COUNT = Number(process.env.BENCH_ORDERS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

async function main() {
  const { address, token, close } = await benchMerchant({
    name: 'analytics',
    count: COUNT,
    days: 730,
    flags: { is_analytics_allowed: true, is_dispute_refund_allowed: true },
  });
  try {
    const get = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(`${address}${url}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, body };
    };
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const kinds: [string, (i: number) => string, number | null][] = [
      ['a year by day (goal)', (i) => `from=${day(364 + i)}&to=${day(i)}`, 150],
      ['a year by month', (i) => `from=${day(364 + i)}&to=${day(i)}&granularity=month`, null],
      ['a year, the first time', (i) => `from=${day(364 + i)}&to=${day(i)}&tz_offset=${240 + i}`, null],
      ['30 days by day', (i) => `from=${day(29 + i)}&to=${day(i)}`, null],
      [
        'a year, one store',
        (i) => `from=${day(364 + i)}&to=${day(i)}&store_ids=sto-bench-${'abc'[i % 3]}`,
        null,
      ],
    ];
    // The merchant's days in its country's time zone are summed once, on the first call (measured apart below).
    await get(`/merchant/api/v1/analytics?from=${day(364)}&to=${day(0)}`);
    console.log(`\nthe analytics call (${ROUNDS} different ones of each kind, after a first call):`);
    for (const [name, query, goal] of kinds) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1)
        times.push((await get(`/merchant/api/v1/analytics?${query(i)}`)).ms);
      const p95 = percentile(times, 95);
      console.log(
        `  ${name.padEnd(24)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms${
          goal ? ` — goal ≤ ${goal} ms: ${p95 <= goal ? 'met' : 'NOT met'}` : ''
        }`,
      );
    }
  } finally {
    await close();
  }
}

await main();
