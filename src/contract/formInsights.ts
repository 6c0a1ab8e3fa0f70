/**
 * The studio's form insights (issue 61; docs/form-insights.md): one flow version's starts, completions, funnel by
 * step, time per step and the fields whose messages merchants meet most — optionally for one language or device
 * class, and beside another version with whether their completion rates differ by more than noise.
 */
import { Type, Nullable, NullableNumber, OneOf, VersionId, type Static } from './common';
import { DEVICE_CLASSES } from '../domain/formEvents';
import { LANGUAGES } from '../domain/language';

export const InsightsQuery = Type.Object(
  {
    version: Type.Optional(VersionId),
    against: Type.Optional(VersionId),
    lang: Type.Optional(OneOf(LANGUAGES)),
    device: Type.Optional(OneOf(DEVICE_CLASSES)),
  },
  { additionalProperties: false },
);
export type InsightsQuery = Static<typeof InsightsQuery>;

export const InsightStep = Type.Object(
  {
    step: Type.String(),
    reached: Type.Integer({ description: 'drafts shown the step' }),
    reached_share: NullableNumber({
      description: 'of the drafts started, the share that reached it (0 to 1)',
    }),
    completed: Type.Integer({ description: 'drafts that completed it' }),
    left: Type.Integer({ description: 'drafts not submitted whose last step shown is this one' }),
    abandoned: Type.Integer({
      description: 'of those, drafts untouched FORM_LEFT_DAYS days and so said to be left here',
    }),
    median_seconds: NullableNumber({ description: 'median time from its first showing to its completion' }),
    p90_seconds: NullableNumber({ description: '90th percentile of that time' }),
  },
  { additionalProperties: false },
);

export const InsightField = Type.Object(
  {
    step: Type.String(),
    field: Type.String({ description: 'the field’s pointer, list positions as *' }),
    rule: Type.String({ description: 'the message’s key' }),
    text: Type.Object({ en: Type.String(), ar: Type.String() }, { additionalProperties: false }),
    shown: Type.Integer({ description: 'times shown' }),
    drafts: Type.Integer({ description: 'drafts it was shown in' }),
  },
  { additionalProperties: false },
);

export const InsightGroup = Type.Object(
  {
    lang: Nullable(Type.String()),
    device: Nullable(Type.String()),
    started: Type.Integer(),
    submitted: Type.Integer(),
  },
  { additionalProperties: false },
);

export const VersionInsights = Type.Object(
  {
    flow: Type.String(),
    version: Type.String(),
    started: Type.Integer(),
    submitted: Type.Integer(),
    abandoned: Type.Integer({ description: 'drafts said to be left: untouched FORM_LEFT_DAYS days' }),
    completion_rate: NullableNumber({ description: 'submitted over started' }),
    steps: Type.Array(InsightStep),
    fields: Type.Array(InsightField),
    groups: Type.Array(InsightGroup, { description: 'starts and submits by language and device' }),
  },
  { additionalProperties: false },
);
export type VersionInsights = Static<typeof VersionInsights>;

export const Insights = Type.Object(
  {
    current: VersionInsights,
    against: Nullable(VersionInsights),
    comparison: Nullable(
      Type.Object(
        {
          difference: NullableNumber({
            description: 'the current version’s completion rate minus the other’s',
          }),
          z: NullableNumber({ description: 'the two-proportion z statistic' }),
          margin: NullableNumber({ description: 'half-width of the difference’s 95 % interval' }),
          significant: Type.Boolean({ description: 'more than noise (95 %, two-sided)' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Insights = Static<typeof Insights>;

/** A flow whose newest version completes worse than the one before it, by more than the test's margin. */
export const InsightAlert = Type.Object(
  {
    flow: Type.String(),
    version: Type.String({ description: 'the newer version: a rollout’s, or the current one' }),
    against: Type.String({ description: 'the version before it' }),
    difference: Type.Number({ description: 'completion rate, newer minus before (negative)' }),
    margin: Type.Number({ description: 'the half-width of the difference’s 95 % interval' }),
    step: Nullable(Type.String({ description: 'the step where the newer version falls behind' })),
  },
  { additionalProperties: false },
);
export type InsightAlert = Static<typeof InsightAlert>;
export const InsightAlerts = Type.Object(
  { alerts: Type.Array(InsightAlert) },
  { additionalProperties: false },
);
