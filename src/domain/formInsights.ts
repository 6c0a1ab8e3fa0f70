/**
 * Form insights' arithmetic (issue 61; docs/form-insights.md): a version's funnel by step from the counts the
 * database makes, and whether two versions' completion rates differ by more than noise. Pure: table-tested in
 * tests/unit/form-insights.test.ts.
 */

/** Drafts per step and kind, as the database counts them (distinct drafts). */
export interface StepCounts {
  step: string;
  /** Drafts that were shown the step. */
  reached: number;
  /** Drafts that completed it. */
  completed: number;
  /** Drafts whose last step shown is this one and that were not submitted. */
  left: number;
  /** Of those, the drafts said to be left here: untouched FORM_LEFT_DAYS days (`left` events). */
  abandoned: number;
  /** Seconds from the step's first showing to its first completion, over the drafts that did both. */
  medianSeconds: number | null;
  p90Seconds: number | null;
}

export interface FunnelStep extends StepCounts {
  /** Of the drafts started, the share that reached this step (0 to 1; null when none started). */
  reachedShare: number | null;
}

/**
 * The funnel in the version's step order: every step of the flow, one the counts do not name with zeros (a step no
 * draft reached is a finding too), and steps the counts name that the version lacks left out.
 */
export function funnel(
  steps: readonly string[],
  counts: readonly StepCounts[],
  started: number,
): FunnelStep[] {
  const byStep = new Map(counts.map((c) => [c.step, c]));
  return steps.map((step) => {
    const c = byStep.get(step) ?? {
      step,
      reached: 0,
      completed: 0,
      left: 0,
      abandoned: 0,
      medianSeconds: null,
      p90Seconds: null,
    };
    return { ...c, reachedShare: started > 0 ? Math.min(1, c.reached / started) : null };
  });
}

/** Submitted over started (null when none started). */
export const completionRate = (started: number, submitted: number) =>
  started > 0 ? Math.min(1, submitted / started) : null;

/** The two-sided 95 % critical value of the normal distribution. */
export const Z_95 = 1.959964;

export interface RateComparison {
  /** b's rate minus a's (null when either has no starts). */
  difference: number | null;
  /** The two-proportion z statistic (null when it cannot be made: no starts, or every draft alike). */
  z: number | null;
  /** |z| beyond the 95 % critical value: more than noise. */
  significant: boolean;
  /** The half-width of the difference's 95 % interval (unpooled), the test's margin; null as `difference`. */
  margin: number | null;
}

/**
 * Whether two versions' completion rates differ by more than noise: the two-proportion z-test (pooled standard
 * error) at 95 %, two-sided — the textbook test for two counts of successes out of trials, which ops can check by
 * hand. With fewer than 5 successes or failures on either side its normal approximation is poor: not significant.
 */
export function compareRates(
  a: { started: number; submitted: number },
  b: { started: number; submitted: number },
): RateComparison {
  const none = { difference: null, z: null, significant: false, margin: null };
  if (a.started <= 0 || b.started <= 0) return none;
  const pa = Math.min(1, a.submitted / a.started);
  const pb = Math.min(1, b.submitted / b.started);
  const difference = pb - pa;
  const margin = Z_95 * Math.sqrt((pa * (1 - pa)) / a.started + (pb * (1 - pb)) / b.started);
  const pooled =
    (Math.min(a.submitted, a.started) + Math.min(b.submitted, b.started)) / (a.started + b.started);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.started + 1 / b.started));
  if (se === 0) return { difference, z: null, significant: false, margin };
  const z = difference / se;
  const enough = [a, b].every((v) => Math.min(v.submitted, v.started - v.submitted) >= 5);
  return { difference, z, significant: enough && Math.abs(z) > Z_95, margin };
}

/** What a version's funnel needs for an alert: its starts, submits, and drafts completing each step. */
export interface FunnelTotals {
  started: number;
  submitted: number;
  steps: readonly { step: string; completed: number }[];
}

/**
 * Where b falls behind a: the step at which the gap between their shares of started drafts completing it grows
 * the most (the step merchants of b stop at more than those of a did). Steps only one version has are compared
 * with a share of 0 on the other side; null when b nowhere falls behind.
 */
export function whereItFalls(a: FunnelTotals, b: FunnelTotals): string | null {
  const share = (v: FunnelTotals, step: string) =>
    v.started > 0 ? Math.min(1, (v.steps.find((s) => s.step === step)?.completed ?? 0) / v.started) : 0;
  let worst: { step: string; growth: number } | null = null;
  let gapBefore = 0;
  for (const { step } of b.steps) {
    const gap = share(a, step) - share(b, step);
    const growth = gap - gapBefore;
    // Behind at this step, and more behind than at the one before (a float's dust is not a fall).
    if (gap > 1e-9 && growth > 1e-9 && (!worst || growth > worst.growth)) worst = { step, growth };
    gapBefore = gap;
  }
  return worst?.step ?? null;
}

/**
 * A version doing worse than the one before it (issue 61's alert): its completion rate below the other's by more
 * than the test's margin (compareRates: significant and negative), with the step where it falls behind.
 */
export function regression(
  before: FunnelTotals,
  after: FunnelTotals,
): { difference: number; margin: number; step: string | null } | null {
  const { difference, margin, significant } = compareRates(before, after);
  if (!significant || difference === null || margin === null || difference >= 0) return null;
  return { difference, margin, step: whereItFalls(before, after) };
}

/**
 * A percentile of values given as counts — `[value, how many]` in ascending order of value — exactly as
 * PostgreSQL's `percentile_cont` would answer over the values written out: the value at fractional rank
 * p × (n − 1), linear between the two ranks around it. Null with no values.
 */
export function percentileOfCounts(counts: readonly (readonly [number, number])[], p: number): number | null {
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = p * (total - 1);
  /** The value at a whole rank (0-based) of the values written out. */
  const at = (index: number) => {
    let seen = 0;
    for (const [value, n] of counts) {
      seen += n;
      if (index < seen) return value;
    }
    return counts.at(-1)![0];
  };
  const low = Math.floor(rank);
  const below = at(low);
  return below + (rank - low) * (at(Math.min(total - 1, low + 1)) - below);
}
