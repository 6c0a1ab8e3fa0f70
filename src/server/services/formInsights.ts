/**
 * The studio's form insights (issue 61; docs/form-insights.md): a flow version's figures from its form events, in
 * the version's step order, the fields' messages worded as that version words them, and — asked beside another
 * version — whether their completion rates differ by more than noise (domain/formInsights.ts).
 */
import type { FlowSource } from '../../catalogue/serverFlowSource';
import type { FlowVersion } from '../../catalogue/version';
import type { InsightAlert, Insights, InsightsQuery, VersionInsights } from '../../contract/formInsights';
import {
  compareRates,
  completionRate,
  funnel,
  regression,
  type FunnelTotals,
} from '../../domain/formInsights';
import type { FormEventRepository } from '../repositories/formEvents';
import { notFound } from '../errors';

export function createFormInsightsService(deps: {
  repository: FormEventRepository;
  flows: FlowSource;
  /** The version a flow's pointer moved to a version from (the alert's "version before"). */
  movedFrom: (flow: string, to: string) => Promise<string | null>;
}) {
  const { repository, flows } = deps;

  /** A version's funnel totals in its step order (what an alert compares). */
  async function totalsOf(flow: string, version: FlowVersion): Promise<FunnelTotals> {
    const { started, submitted, completed } = await repository.totals({ flow, version: version.id });
    const steps = version.content.flow.steps.map((s) => ({
      step: s.id,
      completed: completed.get(s.id) ?? 0,
    }));
    return { started, submitted, steps };
  }

  async function versionOf(flow: string, id: string | undefined): Promise<FlowVersion> {
    const version = id === undefined ? await flows.current(flow) : await flows.get(flow, id);
    if (!version) throw notFound(id === undefined ? 'flow not found' : `flow ${flow} has no version ${id}`);
    return version;
  }

  async function of(version: FlowVersion, query: InsightsQuery): Promise<VersionInsights> {
    const figures = await repository.insights({
      flow: version.flow,
      version: version.id,
      lang: query.lang,
      device: query.device,
    });
    const texts = version.content.texts;
    return {
      flow: version.flow,
      version: version.id,
      started: figures.started,
      submitted: figures.submitted,
      abandoned: figures.abandoned,
      completion_rate: completionRate(figures.started, figures.submitted),
      steps: funnel(
        version.content.flow.steps.map((s) => s.id),
        figures.steps,
        figures.started,
      ).map((s) => ({
        step: s.step,
        reached: s.reached,
        reached_share: s.reachedShare,
        completed: s.completed,
        left: s.left,
        abandoned: s.abandoned,
        median_seconds: s.medianSeconds,
        p90_seconds: s.p90Seconds,
      })),
      fields: figures.fields.map((f) => ({
        ...f,
        // The rule's words as this version shows them (the key itself where a language has none).
        text: { en: texts.en?.[f.rule] ?? f.rule, ar: texts.ar?.[f.rule] ?? f.rule },
      })),
      groups: figures.groups,
    };
  }

  return {
    /** A flow's insights: its current version (or `version`), beside `against` when asked. */
    async insights(flow: string, query: InsightsQuery): Promise<Insights> {
      const current = await of(await versionOf(flow, query.version), query);
      if (query.against === undefined) return { current, against: null, comparison: null };
      const against = await of(await versionOf(flow, query.against), query);
      const { difference, z, margin, significant } = compareRates(against, current);
      return { current, against, comparison: { difference, z, margin, significant } };
    },

    /**
     * The flows whose newest version does worse than the one before it (domain/formInsights.ts regression): a
     * rollout's version against the current one while a rollout is under way, else the current version against
     * the one its pointer moved from.
     */
    async alerts(): Promise<InsightAlert[]> {
      const found = await Promise.all(
        (await flows.flows()).map(async (flow): Promise<InsightAlert | null> => {
          const current = await flows.current(flow);
          if (!current) return null;
          const rollout = await flows.rollout?.(flow);
          const [before, after] = rollout
            ? [current, rollout.version]
            : [await flows.get(flow, (await deps.movedFrom(flow, current.id)) ?? ''), current];
          if (!before) return null;
          const fell = regression(await totalsOf(flow, before), await totalsOf(flow, after));
          return fell && { flow, version: after.id, against: before.id, ...fell };
        }),
      );
      return found.filter((a): a is InsightAlert => a !== null);
    },
  };
}

export type FormInsightsService = ReturnType<typeof createFormInsightsService>;
