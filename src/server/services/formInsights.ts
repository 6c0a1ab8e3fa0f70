/**
 * The studio's form insights (issue 61; docs/form-insights.md): a flow version's figures from its form events, in
 * the version's step order, the fields' messages worded as that version words them, and — asked beside another
 * version — whether their completion rates differ by more than noise (domain/formInsights.ts).
 */
import type { FlowSource } from '../../catalogue/serverFlowSource';
import type { FlowVersion } from '../../catalogue/version';
import type { Insights, InsightsQuery, VersionInsights } from '../../contract/formInsights';
import { compareRates, completionRate, funnel } from '../../domain/formInsights';
import type { FormEventRepository } from '../repositories/formEvents';
import { notFound } from '../errors';

export function createFormInsightsService(deps: { repository: FormEventRepository; flows: FlowSource }) {
  const { repository, flows } = deps;

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
  };
}

export type FormInsightsService = ReturnType<typeof createFormInsightsService>;
