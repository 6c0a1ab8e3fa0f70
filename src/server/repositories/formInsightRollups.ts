/**
 * Form insights' rollups (issue 61; db/schema.ts formDraftMarks, formInsightCounts, formStepTimes, formDraftLast):
 * kept in the transaction that writes form events, so the studio's insights add up a few hundred rows rather than
 * scanning every event — 1,000,000 events read like 1,000 (bench:insights).
 *
 * - A draft's **mark** is the first time it met a counted thing (`started`, `shown:<step>`, `completed:<step>`,
 *   `message:<step>:<field>:<rule>`, `submitted`, `left`): an event whose mark is new adds a draft to its count,
 *   every event adds an event — so "distinct drafts" is a sum over days, languages and devices.
 * - A step's **time** is counted when its first completion comes after its first showing: whole seconds between
 *   them, one row per second seen (percentiles are worked out from those counts exactly as percentile_cont would
 *   over the seconds: domain/formInsights.ts percentileOfCounts).
 * - A draft's **last step shown** and whether it was **submitted**: where drafts stop.
 *
 * `rebuild` makes them all again from the events (after the migration that added them, and for the benchmark's
 * events written straight into the table).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { formDraftLast, formDraftMarks, formInsightCounts, formStepTimes } from '../db/schema';
import type { FormEventInput } from '../../domain/formEvents';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type StoredEvent = FormEventInput & { at: Date };

/** What an event counts as for its draft (null: a kind the insights do not count, such as a refusal). */
export function markOf(e: Pick<FormEventInput, 'kind' | 'step' | 'field' | 'rule'>): string | null {
  switch (e.kind) {
    case 'started':
    case 'submitted':
    case 'left':
      return e.kind;
    case 'step_shown':
      return `shown:${e.step}`;
    case 'step_completed':
      return `completed:${e.step}`;
    case 'message_shown':
      return `message:${e.step}:${e.field}:${e.rule}`;
    default:
      return null;
  }
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** A map's values in the order of its keys (every writer upserts rows in one order). */
const inKeyOrder = <T>(rows: Map<string, T>) =>
  [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
const keyOf = (...parts: (string | null)[]) => JSON.stringify(parts);

/** Rolls a batch of events (already stored) into the rollups, in the caller's transaction. */
export async function rollUp(tx: Tx, events: readonly StoredEvent[]) {
  // Each (draft, mark) once, at its earliest in the batch: the event that may be the draft's first.
  const firsts = new Map<string, StoredEvent>();
  for (const e of events) {
    const mark = markOf(e);
    if (mark === null) continue;
    const key = keyOf(e.draft, mark);
    const seen = firsts.get(key);
    if (!seen || e.at < seen.at) firsts.set(key, e);
  }
  if (firsts.size === 0) return;
  const inserted = await tx
    .insert(formDraftMarks)
    // In key order, as every writer does: two instances writing the same drafts wait on each other, never deadlock.
    .values(inKeyOrder(firsts).map((e) => ({ draftId: e.draft, mark: markOf(e)!, at: e.at })))
    .onConflictDoNothing()
    .returning({ draftId: formDraftMarks.draftId, mark: formDraftMarks.mark });
  const fresh = new Set(inserted.map((r) => keyOf(r.draftId, r.mark)));

  const counts = new Map<string, typeof formInsightCounts.$inferInsert>();
  for (const e of events) {
    const mark = markOf(e);
    if (mark === null) continue;
    const row = {
      flow: e.flow,
      version: e.version,
      day: dayOf(e.at),
      lang: e.lang ?? '',
      device: e.device ?? '',
      kind: e.kind,
      step: e.step ?? '',
      field: e.field ?? '',
      rule: e.rule ?? '',
    };
    const key = keyOf(...Object.values(row));
    const count = counts.get(key) ?? { ...row, events: 0, drafts: 0 };
    count.events += 1;
    const first = keyOf(e.draft, mark);
    if (fresh.has(first) && firsts.get(first) === e) count.drafts += 1;
    counts.set(key, count);
  }
  await tx
    .insert(formInsightCounts)
    .values(inKeyOrder(counts))
    .onConflictDoUpdate({
      target: [
        formInsightCounts.flow,
        formInsightCounts.version,
        formInsightCounts.day,
        formInsightCounts.lang,
        formInsightCounts.device,
        formInsightCounts.kind,
        formInsightCounts.step,
        formInsightCounts.field,
        formInsightCounts.rule,
      ],
      set: {
        events: sql`${formInsightCounts.events} + excluded.events`,
        drafts: sql`${formInsightCounts.drafts} + excluded.drafts`,
      },
    });
  await stepTimes(tx, firsts, fresh);
  await lastSteps(tx, events);
}

/** The first completions in the batch, each against its step's first showing (stored now or before). */
async function stepTimes(tx: Tx, firsts: Map<string, StoredEvent>, fresh: Set<string>) {
  const completions = [...firsts.entries()]
    .filter(([key, e]) => e.kind === 'step_completed' && fresh.has(key))
    .map(([, e]) => e);
  if (completions.length === 0) return;
  // One parameter, however many: a list of row constructors that long overflows PGlite's stack.
  const wanted = JSON.stringify(completions.map((e) => ({ draft_id: e.draft, mark: `shown:${e.step}` })));
  const shown = (
    (await tx.execute(sql`
      select m.draft_id, m.mark, m.at from form_draft_marks m
      join json_to_recordset(${wanted}::json) as w(draft_id text, mark text)
        on w.draft_id = m.draft_id and w.mark = m.mark`)) as unknown as {
      rows: { draft_id: string; mark: string; at: Date | string }[];
    }
  ).rows;
  const shownAt = new Map(shown.map((r) => [keyOf(r.draft_id, r.mark), new Date(r.at)]));
  const times = new Map<string, typeof formStepTimes.$inferInsert>();
  for (const e of completions) {
    const from = shownAt.get(keyOf(e.draft, `shown:${e.step}`));
    if (!from || e.at < from) continue;
    const row = {
      flow: e.flow,
      version: e.version,
      day: dayOf(e.at),
      lang: e.lang ?? '',
      device: e.device ?? '',
      step: e.step ?? '',
      seconds: Math.floor((e.at.getTime() - from.getTime()) / 1000),
    };
    const key = keyOf(...Object.values(row).map(String));
    const time = times.get(key) ?? { ...row, drafts: 0 };
    time.drafts += 1;
    times.set(key, time);
  }
  if (times.size === 0) return;
  await tx
    .insert(formStepTimes)
    .values(inKeyOrder(times))
    .onConflictDoUpdate({
      target: [
        formStepTimes.flow,
        formStepTimes.version,
        formStepTimes.day,
        formStepTimes.lang,
        formStepTimes.device,
        formStepTimes.step,
        formStepTimes.seconds,
      ],
      set: { drafts: sql`${formStepTimes.drafts} + excluded.drafts` },
    });
}

/** Each draft's latest step shown in the batch (kept when it is later than the one stored), and its submit. */
async function lastSteps(tx: Tx, events: readonly StoredEvent[]) {
  const latest = new Map<string, StoredEvent>();
  for (const e of events) {
    if (e.kind !== 'step_shown') continue;
    const seen = latest.get(e.draft);
    // Of two at the same instant, the later in the batch (as a later id would be).
    if (!seen || e.at >= seen.at) latest.set(e.draft, e);
  }
  if (latest.size > 0)
    await tx
      .insert(formDraftLast)
      .values(
        inKeyOrder(latest).map((e) => ({
          draftId: e.draft,
          flow: e.flow,
          version: e.version,
          lang: e.lang ?? '',
          device: e.device ?? '',
          step: e.step,
          at: e.at,
        })),
      )
      .onConflictDoUpdate({
        target: formDraftLast.draftId,
        set: {
          step: sql`excluded.step`,
          at: sql`excluded.at`,
          lang: sql`excluded.lang`,
          device: sql`excluded.device`,
        },
        setWhere: sql`excluded.at >= ${formDraftLast.at}`,
      });
  // One row per draft: an upsert may not touch a row twice.
  const submitted = [
    ...new Map(events.filter((e) => e.kind === 'submitted').map((e) => [e.draft, e])).values(),
  ];
  if (submitted.length > 0)
    await tx
      .insert(formDraftLast)
      .values(
        submitted.map((e) => ({
          draftId: e.draft,
          flow: e.flow,
          version: e.version,
          lang: e.lang ?? '',
          device: e.device ?? '',
          step: null,
          at: e.at,
          submitted: true,
        })),
      )
      .onConflictDoUpdate({ target: formDraftLast.draftId, set: { submitted: true } });
}

/** The rollups made again from every stored event, in one transaction (set-based: some seconds a million). */
export async function rebuild(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from form_draft_marks`);
    await tx.execute(sql`delete from form_insight_counts`);
    await tx.execute(sql`delete from form_step_times`);
    await tx.execute(sql`delete from form_draft_last`);
    await tx.execute(sql`
      create temporary table ranked on commit drop as
      select m.*, row_number() over (partition by m.draft_id, m.mark order by m.at, m.id) as nth
      from (
        select e.*, case e.kind
          when 'started' then 'started' when 'submitted' then 'submitted' when 'left' then 'left'
          when 'step_shown' then 'shown:' || e.step when 'step_completed' then 'completed:' || e.step
          when 'message_shown' then 'message:' || e.step || ':' || e.field || ':' || e.rule end as mark
        from form_events e
      ) m
      where m.mark is not null`);
    // The joins below go by draft and mark: without these a million events take a nested loop for ever.
    await tx.execute(sql`create index on ranked (draft_id, mark)`);
    await tx.execute(sql`analyze ranked`);
    await tx.execute(sql`
      insert into form_draft_marks (draft_id, mark, at) select draft_id, mark, at from ranked where nth = 1`);
    await tx.execute(sql`
      insert into form_insight_counts (flow, version, day, lang, device, kind, step, field, rule, events, drafts)
      select flow, version, (at at time zone 'UTC')::date, coalesce(lang, ''), coalesce(device, ''), kind,
        coalesce(step, ''), coalesce(field, ''), coalesce(rule, ''), count(*), count(*) filter (where nth = 1)
      from ranked group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
    await tx.execute(sql`
      insert into form_step_times (flow, version, day, lang, device, step, seconds, drafts)
      select c.flow, c.version, (c.at at time zone 'UTC')::date, coalesce(c.lang, ''), coalesce(c.device, ''),
        c.step, floor(extract(epoch from c.at - s.at))::int, count(*)
      from ranked c join ranked s on s.draft_id = c.draft_id and s.mark = 'shown:' || c.step and s.nth = 1
      where c.nth = 1 and c.kind = 'step_completed' and c.at >= s.at
      group by 1, 2, 3, 4, 5, 6, 7`);
    await tx.execute(sql`
      insert into form_draft_last (draft_id, flow, version, lang, device, step, at, submitted)
      select distinct on (draft_id) draft_id, flow, version, coalesce(lang, ''), coalesce(device, ''), step, at,
        exists (select 1 from ranked s where s.draft_id = ranked.draft_id and s.kind = 'submitted')
      from ranked where kind = 'step_shown' order by draft_id, at desc, id desc`);
    await tx.execute(sql`
      insert into form_draft_last (draft_id, flow, version, lang, device, step, at, submitted)
      select draft_id, flow, version, coalesce(lang, ''), coalesce(device, ''), null, at, true
      from ranked where kind = 'submitted' and nth = 1
      on conflict (draft_id) do nothing`);
  });
}
