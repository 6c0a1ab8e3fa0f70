/** Form events (db/schema.ts formEvents; services/formEvents.ts): written in batches, removed by age. */
import { lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { formEvents } from '../db/schema';
import type { FormEventInput } from '../../domain/formEvents';
import type { StepCounts } from '../../domain/formInsights';

/** Drafts said to be left per statement (services/formEvents.ts sweep runs it until fewer come back). */
export const LEFT_BATCH = 1000;

/** Which events an insight reads: one flow version, and optionally one language or device class. */
export interface InsightScope {
  flow: string;
  version: string;
  lang?: string;
  device?: string;
}

/** Both drivers answer a raw statement with its rows under `rows`; counts may come as text (bigint). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function createFormEventRepository(db: Db) {
  return {
    ...upkeep(db),
    /** Stores events, one statement for the batch. */
    async insert(events: readonly (FormEventInput & { at: Date; demo?: boolean })[]) {
      if (events.length === 0) return;
      await db.insert(formEvents).values(
        events.map((e) => ({
          at: e.at,
          flow: e.flow,
          version: e.version,
          draftId: e.draft,
          kind: e.kind,
          step: e.step,
          field: e.field,
          rule: e.rule,
          lang: e.lang,
          device: e.device,
          demo: e.demo ?? false,
        })),
      );
    },

    /** A version's figures (docs/form-insights.md): distinct drafts by kind, the funnel's counts, its fields. */
    async insights(scope: InsightScope) {
      const where = scopeSql(scope);
      const [kinds, left, times, fields, groups] = await Promise.all([
        db.execute(sql`
          select kind, step, count(distinct draft_id) as drafts from form_events
          where ${where} and kind in ('started', 'step_shown', 'step_completed', 'submitted', 'left')
          group by kind, step`),
        // A draft's last step shown, for the drafts not submitted: where they stopped.
        db.execute(sql`
          select step, count(*) as drafts from (
            select distinct on (draft_id) draft_id, step from form_events
            where ${where} and kind = 'step_shown' order by draft_id, at desc, id desc
          ) last
          where not exists (
            select 1 from form_events s
            where s.flow = ${scope.flow} and s.draft_id = last.draft_id and s.kind = 'submitted'
          )
          group by step`),
        db.execute(sql`
          with shown as (
            select draft_id, step, min(at) as at from form_events
            where ${where} and kind = 'step_shown' group by draft_id, step
          ), done as (
            select draft_id, step, min(at) as at from form_events
            where ${where} and kind = 'step_completed' group by draft_id, step
          )
          select shown.step,
            percentile_cont(0.5) within group (order by extract(epoch from done.at - shown.at)) as median,
            percentile_cont(0.9) within group (order by extract(epoch from done.at - shown.at)) as p90
          from shown join done on done.draft_id = shown.draft_id and done.step = shown.step
          where done.at >= shown.at
          group by shown.step`),
        db.execute(sql`
          select step, field, rule, count(*) as shown, count(distinct draft_id) as drafts from form_events
          where ${where} and kind = 'message_shown'
          group by step, field, rule order by shown desc, step, field, rule limit 20`),
        db.execute(sql`
          select lang, device,
            count(distinct draft_id) filter (where kind = 'started') as started,
            count(distinct draft_id) filter (where kind = 'submitted') as submitted
          from form_events
          where ${where} and kind in ('started', 'submitted')
          group by lang, device`),
      ]);
      const kindRows = rowsOf<{ kind: string; step: string | null; drafts: unknown }>(kinds);
      /** Distinct drafts of a kind, at one step or at all (a draft starts or is submitted once). */
      const count = (kind: string, step?: string) =>
        kindRows
          .filter((r) => r.kind === kind && (step === undefined || r.step === step))
          .reduce((sum, r) => sum + (num(r.drafts) ?? 0), 0);
      const leftBy = new Map(
        rowsOf<{ step: string; drafts: unknown }>(left).map((r) => [r.step, num(r.drafts)!]),
      );
      const timeBy = new Map(
        rowsOf<{ step: string; median: unknown; p90: unknown }>(times).map((r) => [r.step, r]),
      );
      const stepsNamed = new Set([
        ...kindRows.flatMap((r) => (r.step === null ? [] : [r.step])),
        ...leftBy.keys(),
      ]);
      const steps: StepCounts[] = [...stepsNamed].map((step) => ({
        step,
        reached: count('step_shown', step),
        completed: count('step_completed', step),
        left: leftBy.get(step) ?? 0,
        abandoned: count('left', step),
        medianSeconds: num(timeBy.get(step)?.median),
        p90Seconds: num(timeBy.get(step)?.p90),
      }));
      const started = count('started');
      const submitted = count('submitted');
      return {
        started,
        submitted,
        abandoned: count('left'),
        steps,
        fields: rowsOf<{ step: string; field: string; rule: string; shown: unknown; drafts: unknown }>(
          fields,
        ).map((r) => ({
          step: r.step,
          field: r.field,
          rule: r.rule,
          shown: num(r.shown)!,
          drafts: num(r.drafts)!,
        })),
        groups: rowsOf<{ lang: string | null; device: string | null; started: unknown; submitted: unknown }>(
          groups,
        ).map((r) => ({
          lang: r.lang,
          device: r.device,
          started: num(r.started)!,
          submitted: num(r.submitted)!,
        })),
      };
    },

    /** A version's starts, submits and drafts completing each step: what an alert compares (domain/formInsights.ts). */
    async totals(scope: InsightScope) {
      const rows = rowsOf<{ kind: string; step: string | null; drafts: unknown }>(
        await db.execute(sql`
          select kind, step, count(distinct draft_id) as drafts from form_events
          where ${scopeSql(scope)} and kind in ('started', 'step_completed', 'submitted')
          group by kind, step`),
      );
      const of = (kind: string) => rows.filter((r) => r.kind === kind);
      const total = (kind: string) => of(kind).reduce((sum, r) => sum + (num(r.drafts) ?? 0), 0);
      return {
        started: total('started'),
        submitted: total('submitted'),
        completed: new Map(of('step_completed').map((r) => [r.step!, num(r.drafts)!])),
      };
    },
  };
}

/** The hourly sweep's statements: drafts said to be left, events past their retention removed. */
function upkeep(db: Db) {
  return {
    /**
     * Says up to LEFT_BATCH drafts are left: each draft not submitted, untouched since `before`, and not said to be
     * left yet gets a `left` event at the step, language and device of its last event (none: the form's first
     * step is unknown here, so null). One statement; answers how many it wrote.
     */
    async insertLeft(before: Date, now: Date): Promise<number> {
      const result = await db.execute(sql`
        insert into form_events (at, flow, version, draft_id, kind, step, field, rule, lang, device, demo)
        select ${now}, d.flow, d.version, d.id, 'left', last.step, null, null, last.lang, last.device, false
        from drafts d
        left join lateral (
          select e.step, e.lang, e.device from form_events e
          where e.draft_id = d.id and e.step is not null
          order by e.at desc, e.id desc limit 1
        ) last on true
        where d.status = 'draft' and d.updated_at < ${before}
          and not exists (select 1 from form_events l where l.draft_id = d.id and l.kind = 'left')
        limit ${LEFT_BATCH}
        returning id`);
      return rowsOf(result).length;
    },

    /** Removes the events older than `before`; answers how many went. */
    async removeBefore(before: Date): Promise<number> {
      const gone = await db
        .delete(formEvents)
        .where(lt(formEvents.at, before))
        .returning({ id: formEvents.id });
      return gone.length;
    },
  };
}

function scopeSql(scope: InsightScope): SQL {
  const parts = [sql`flow = ${scope.flow}`, sql`version = ${scope.version}`];
  if (scope.lang !== undefined) parts.push(sql`lang = ${scope.lang}`);
  if (scope.device !== undefined) parts.push(sql`device = ${scope.device}`);
  return sql.join(parts, sql` and `);
}

export type FormEventRepository = ReturnType<typeof createFormEventRepository>;
