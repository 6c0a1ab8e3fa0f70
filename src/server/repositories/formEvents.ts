/** Form events (db/schema.ts formEvents; services/formEvents.ts): written in batches, removed by age. */
import { lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { formEvents } from '../db/schema';
import type { DeviceClass, FormEventInput } from '../../domain/formEvents';
import { percentileOfCounts, type StepCounts } from '../../domain/formInsights';
import { rebuild, rollUp } from './formInsightRollups';

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
    /**
     * Stores events and rolls them into the insights' rollups (formInsightRollups.ts), in one transaction.
     * @param options.rollUp - false: the caller makes the rollups once after many batches (`rebuild`: the demo)
     */
    async insert(
      events: readonly (FormEventInput & { at: Date; demo?: boolean })[],
      options: { rollUp?: boolean } = {},
    ) {
      if (events.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.insert(formEvents).values(
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
        if (options.rollUp !== false) await rollUp(tx, events);
      });
    },

    /** The rollups made again from every stored event (formInsightRollups.ts). */
    rebuild: () => rebuild(db),

    /** Whether events are stored that the rollups have not seen (a database from before them). */
    async rollupsMissing(): Promise<boolean> {
      const result = await db.execute(sql`
        select exists (select 1 from form_events) and not exists (select 1 from form_draft_marks) as missing`);
      return rowsOf<{ missing: boolean }>(result)[0]?.missing === true;
    },

    /**
     * A version's figures (docs/form-insights.md) from the rollups: drafts by kind and step, where drafts stopped,
     * the seconds per step, the fields' messages, starts and submits by language and device.
     */
    async insights(scope: InsightScope) {
      const where = scopeSql(scope);
      const [kinds, left, times, fields, groups] = await Promise.all([
        db.execute(sql`
          select kind, step, sum(drafts) as drafts from form_insight_counts
          where ${where} and kind in ('started', 'step_shown', 'step_completed', 'submitted', 'left')
          group by kind, step`),
        // Each draft's last step shown, for the drafts not submitted: where they stopped.
        db.execute(sql`
          select step, count(*) as drafts from form_draft_last
          where ${where} and not submitted and step is not null group by step`),
        db.execute(sql`
          select step, seconds, sum(drafts) as drafts from form_step_times where ${where}
          group by step, seconds order by step, seconds`),
        db.execute(sql`
          select step, field, rule, sum(events) as shown, sum(drafts) as drafts from form_insight_counts
          where ${where} and kind = 'message_shown'
          group by step, field, rule order by shown desc, step, field, rule limit 20`),
        db.execute(sql`
          select lang, device,
            sum(drafts) filter (where kind = 'started') as started,
            sum(drafts) filter (where kind = 'submitted') as submitted
          from form_insight_counts
          where ${where} and kind in ('started', 'submitted')
          group by lang, device`),
      ]);
      const kindRows = rowsOf<{ kind: string; step: string; drafts: unknown }>(kinds);
      /** Distinct drafts of a kind, at one step or at all (a draft starts or is submitted once). */
      const count = (kind: string, step?: string) =>
        kindRows
          .filter((r) => r.kind === kind && (step === undefined || r.step === step))
          .reduce((sum, r) => sum + (num(r.drafts) ?? 0), 0);
      const leftBy = new Map(
        rowsOf<{ step: string; drafts: unknown }>(left).map((r) => [r.step, num(r.drafts)!]),
      );
      const secondsBy = new Map<string, [number, number][]>();
      for (const r of rowsOf<{ step: string; seconds: unknown; drafts: unknown }>(times))
        secondsBy.set(r.step, [...(secondsBy.get(r.step) ?? []), [num(r.seconds)!, num(r.drafts)!]]);
      const stepsNamed = new Set([
        ...kindRows.flatMap((r) => (r.step === '' ? [] : [r.step])),
        ...leftBy.keys(),
      ]);
      const steps: StepCounts[] = [...stepsNamed].map((step) => ({
        step,
        reached: count('step_shown', step),
        completed: count('step_completed', step),
        left: leftBy.get(step) ?? 0,
        abandoned: count('left', step),
        medianSeconds: percentileOfCounts(secondsBy.get(step) ?? [], 0.5),
        p90Seconds: percentileOfCounts(secondsBy.get(step) ?? [], 0.9),
      }));
      return {
        started: count('started'),
        submitted: count('submitted'),
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
        groups: rowsOf<{ lang: string; device: string; started: unknown; submitted: unknown }>(groups).map(
          (r) => ({
            lang: r.lang || null,
            device: r.device || null,
            started: num(r.started) ?? 0,
            submitted: num(r.submitted) ?? 0,
          }),
        ),
      };
    },

    /** A version's starts, submits and drafts completing each step: what an alert compares (domain/formInsights.ts). */
    async totals(scope: InsightScope) {
      const rows = rowsOf<{ kind: string; step: string; drafts: unknown }>(
        await db.execute(sql`
          select kind, step, sum(drafts) as drafts from form_insight_counts
          where ${scopeSql(scope)} and kind in ('started', 'step_completed', 'submitted')
          group by kind, step`),
      );
      const of = (kind: string) => rows.filter((r) => r.kind === kind);
      const total = (kind: string) => of(kind).reduce((sum, r) => sum + (num(r.drafts) ?? 0), 0);
      return {
        started: total('started'),
        submitted: total('submitted'),
        completed: new Map(of('step_completed').map((r) => [r.step, num(r.drafts)!])),
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
    async insertLeft(
      before: Date,
      now: Date,
      insert: (events: (FormEventInput & { at: Date })[]) => Promise<void>,
    ): Promise<number> {
      const found = rowsOf<{
        id: string;
        flow: string;
        version: string;
        step: string | null;
        lang: string | null;
        device: DeviceClass | null;
      }>(
        await db.execute(sql`
          select d.id, d.flow, d.version, last.step, last.lang, last.device
          from drafts d
          left join lateral (
            select e.step, e.lang, e.device from form_events e
            where e.draft_id = d.id and e.step is not null
            order by e.at desc, e.id desc limit 1
          ) last on true
          where d.status = 'draft' and d.updated_at < ${before}
            and not exists (select 1 from form_events l where l.draft_id = d.id and l.kind = 'left')
          limit ${LEFT_BATCH}`),
      );
      await insert(
        found.map((d) => ({
          at: now,
          flow: d.flow,
          version: d.version,
          draft: d.id,
          kind: 'left',
          step: d.step,
          field: null,
          rule: null,
          lang: d.lang,
          device: d.device,
        })),
      );
      return found.length;
    },

    /** Removes the events older than `before`, and what the rollups keep of them; answers how many events went. */
    async removeBefore(before: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(formEvents)
          .where(lt(formEvents.at, before))
          .returning({ id: formEvents.id });
        const day = before.toISOString().slice(0, 10);
        await tx.execute(sql`delete from form_insight_counts where day < ${day}`);
        await tx.execute(sql`delete from form_step_times where day < ${day}`);
        await tx.execute(sql`delete from form_draft_marks where at < ${before}`);
        await tx.execute(sql`delete from form_draft_last where at < ${before}`);
        return gone.length;
      });
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
