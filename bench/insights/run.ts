/**
 * `npm run bench:insights` (issue 61): the studio's insights of a flow with BENCH_EVENTS form events (default
 * 1,000,000) answer in ≤ 300 ms p95, on the embedded database and on PostgreSQL; and recording the events a save
 * carries adds ≤ 1 ms p95 to that save. A goal counts on the median of 3 runs (docs/benchmarks.md).
 *
 * - **Insights.** The real app (buildApp). Onboarding's current version gets the events, written by one
 *   statement per 100,000 (generate_series: a loader in JavaScript would measure itself) and then rolled up as
 *   the server rolls up what it writes (repositories/formInsightRollups.ts rebuild), spread as merchants
 *   spread them: every draft started, each reaching 1 to 9 steps, all but its last completed, a message now and
 *   then, one in nine submitted, a third in Arabic, a third on a phone, over four weeks. Then each insight call is
 *   asked through HTTP on loopback as the studio asks it, BENCH_SAMPLES times (default 20): the version alone, by
 *   language, by device, and beside another version.
 * - **Recording.** A merchant's onboarding saves that move on from a step (each writes a `step_completed` event),
 *   BENCH_SAVES of them (default 200): the time the save spent recording (the sink's insert, timed inside the save),
 *   and — side by side, alternating — the whole save's time with recording on and off.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a server where the bench may create and drop a database); without it that half
 * is skipped, saying so.
 */
import { sql } from 'drizzle-orm';
import { accounts } from '../../src/server/db/schema';
import { createFormEventRepository } from '../../src/server/repositories/formEvents';
import { benchApp } from '../support/benchApp';
import { percentile } from '../support/percentile';
import { signIn } from '../support/signIn';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const SAVES = Number(process.env.BENCH_SAVES ?? 200);
const INSIGHTS_GOAL_MS = 300;
const RECORD_GOAL_MS = 1;
/** Events a draft makes on average in the spread below (1 start, 5 steps shown, 4 completed, 1.25 messages, …). */
const PER_DRAFT = 11.4;
const CHUNK = 100_000;

type App = Awaited<ReturnType<typeof benchApp>>;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/** Writes about EVENTS events for a version of onboarding; answers how many were written. */
async function writeEvents(db: App['db'], version: string, steps: string[]) {
  const drafts = Math.round(EVENTS / PER_DRAFT);
  const stepList = sql.raw(`array[${steps.map((s) => `'${s.replace(/[^a-z0-9-]/g, '')}'`).join(',')}]`);
  const perChunk = Math.round(CHUNK / PER_DRAFT);
  for (let from = 1; from <= drafts; from += perChunk) {
    const to = Math.min(drafts, from + perChunk - 1);
    await db.execute(sql`
      insert into form_events (at, flow, version, draft_id, kind, step, field, rule, lang, device, demo)
      select now() - (d.n % 28) * interval '1 day' + e.i * interval '95 seconds' + e.o * interval '30 seconds',
        'onboarding', ${version}, 'bench-' || d.n, e.kind,
        case when e.i > 0 then (${stepList})[e.i] end,
        case when e.kind = 'message_shown' then '/first_name' end,
        case when e.kind = 'message_shown' then 'validation:error.required' end,
        case when d.n % 3 = 0 then 'ar' else 'en' end,
        (array['phone', 'desktop', 'tablet'])[1 + (d.n / 3) % 3],
        true
      from (select g as n, 1 + (g * 7919) % 9 as depth from generate_series(${from}::int, ${to}::int) g) d
      cross join lateral (
        select 'started' as kind, 1 as i, 0 as o
        union all select 'step_shown', s, 1 from generate_series(1, d.depth) s
        union all select 'step_completed', s, 2 from generate_series(1, d.depth - 1) s
        union all select 'message_shown', s, 3 from generate_series(1, d.depth) s where (d.n + s) % 4 = 0
        union all select 'submitted', 0, 4 where d.depth = 9
      ) e`);
  }
  // What the server keeps with every write, made for these in one go.
  await createFormEventRepository(db).rebuild();
  await db.execute(sql`analyze`);
  const rows = (await db.execute(sql`select count(*) as n from form_events`)) as unknown as {
    rows: { n: unknown }[];
  };
  return Number(rows.rows[0]!.n);
}

async function insights(app: App, label: string) {
  const ops = { id: 'acc-bench-ops', email: 'ops@bench.example', phone: '+966500009997' };
  await app.db.insert(accounts).values({ ...ops, staffRole: 'ops' });
  const token = await signIn(app.address, ops);
  const get = async (path: string) => {
    const res = await fetch(`${app.address}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ version: string; versions?: { id: string }[] }>;
  };
  const { version } = await get('/merchant/api/v1/catalogue/flows/onboarding');
  const started = performance.now();
  const steps = app.app.services.flows;
  const flow = await steps.current('onboarding');
  const written = await writeEvents(
    app.db,
    version,
    flow!.content.flow.steps.map((s) => s.id),
  );
  console.log(
    `${label}: ${written.toLocaleString('en')} events written and rolled up in ${Math.round(performance.now() - started)} ms`,
  );
  const other = (await get('/merchant/api/v1/studio/flows/onboarding/versions')) as unknown as {
    versions: { id: string }[];
  };
  const against = other.versions.find((v) => v.id !== version)?.id ?? version;
  const base = '/merchant/api/v1/studio/flows/onboarding/insights';
  const queries: [string, string][] = [
    ['the version', base],
    ['in Arabic', `${base}?lang=ar`],
    ['on a phone', `${base}?device=phone`],
    ['beside another version', `${base}?against=${against}`],
  ];
  await get(base); // warm: the first call compiles what the rest reuse
  for (const [name, path] of queries) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const t0 = performance.now();
      await get(path);
      times.push(performance.now() - t0);
    }
    const p95 = percentile(times, 95);
    console.log(
      `${label}  insights, ${name.padEnd(24)} p50 ${ms(percentile(times, 50)).padStart(8)}  p95 ${ms(p95).padStart(8)}  goal ≤ ${INSIGHTS_GOAL_MS} ms: ${p95 <= INSIGHTS_GOAL_MS ? 'met' : 'NOT met'}`,
    );
  }
}

async function recording(app: App, label: string) {
  const merchant = { id: 'acc-bench-saver', email: 'saver@bench.example', phone: '+966500009996' };
  await app.db.insert(accounts).values(merchant);
  const token = await signIn(app.address, merchant);
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${app.address}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-mbo-client': 'bench',
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: number }>;
  };
  const { id } = await call('POST', '/partners/application/api/v1/application', {});
  const basic = {
    first_name: 'Bench',
    last_name: 'Saver',
    email: 'saver@bench.example',
    phone: '+966500009996',
    business_name: 'Bench Trading',
    country_of_main_operations: 'SAU',
    annual_volume: 'less_than_1m',
  };
  const save = () => call('PUT', `/partners/application/api/v1/application/${id}?from=basic-info`, basic);
  const sink = app.app.services.formEvents.sink;
  const record = sink.record.bind(sink);
  const recordTimes: number[] = [];
  let recordingOn = true;
  // The sink the drafts service holds, timed where the save awaits it; off, it records nothing.
  sink.record = async (events, meta) => {
    if (!recordingOn) return;
    const t0 = performance.now();
    await record(events, meta);
    recordTimes.push(performance.now() - t0);
  };
  for (let i = 0; i < 20; i += 1) await save(); // warm
  recordTimes.length = 0;
  const on: number[] = [];
  const off: number[] = [];
  for (let i = 0; i < SAVES; i += 1) {
    recordingOn = i % 2 === 0;
    const t0 = performance.now();
    await save();
    (recordingOn ? on : off).push(performance.now() - t0);
  }
  sink.record = record;
  const p95 = percentile(recordTimes, 95);
  console.log(
    `${label}  recording per save        p50 ${ms(percentile(recordTimes, 50)).padStart(8)}  p95 ${ms(p95).padStart(8)}  goal ≤ ${RECORD_GOAL_MS} ms: ${p95 <= RECORD_GOAL_MS ? 'met' : 'NOT met'}`,
  );
  console.log(
    `${label}  the save, recording on    p50 ${ms(percentile(on, 50)).padStart(8)}  p95 ${ms(percentile(on, 95)).padStart(8)}  (off: p50 ${ms(percentile(off, 50))}, p95 ${ms(percentile(off, 95))})`,
  );
}

async function run(label: string, databaseUrl?: string) {
  // The server's own setting outside tests: events written behind the save.
  const app = await benchApp(
    'insights',
    { AUTH_RATE_LIMIT: '100000', FORM_EVENTS_FLUSH_MS: '250' },
    { databaseUrl },
  );
  try {
    await recording(app, label);
    await insights(app, label);
  } finally {
    await app.close();
  }
}

await run('embedded  ');
const url = process.env.BENCH_DATABASE_URL;
if (url) await run('postgresql', url);
else
  console.log(
    'postgresql: skipped — set BENCH_DATABASE_URL to a server where the bench may create a database',
  );
