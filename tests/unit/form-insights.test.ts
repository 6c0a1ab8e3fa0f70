/** Form insights' arithmetic (src/domain/formInsights.ts): the funnel in the version's order, and the z-test. */
import { describe, expect, it } from 'vitest';
import {
  compareRates,
  completionRate,
  funnel,
  percentileOfCounts,
  regression,
  whereItFalls,
  Z_95,
} from '../../src/domain/formInsights';

const counts = (step: string, reached: number, completed = 0, left = 0) => ({
  step,
  reached,
  completed,
  left,
  abandoned: 0,
  medianSeconds: null,
  p90Seconds: null,
});

describe('the funnel', () => {
  it('follows the version’s steps, fills a step nobody reached with zeros, leaves out steps the version lacks', () => {
    const steps = funnel(
      ['a', 'b', 'c'],
      [counts('b', 5, 2, 3), counts('a', 10, 8, 2), counts('gone', 4)],
      10,
    );
    expect(steps.map((s) => [s.step, s.reached, s.completed, s.left, s.reachedShare])).toEqual([
      ['a', 10, 8, 2, 1],
      ['b', 5, 2, 3, 0.5],
      ['c', 0, 0, 0, 0],
    ]);
  });

  it('has no share when nothing started, and never a share above 1 (a draft started before the window)', () => {
    expect(funnel(['a'], [counts('a', 3)], 0)[0]!.reachedShare).toBeNull();
    expect(funnel(['a'], [counts('a', 3)], 2)[0]!.reachedShare).toBe(1);
    expect(completionRate(0, 0)).toBeNull();
    expect(completionRate(8, 2)).toBe(0.25);
  });
});

describe('two versions compared (two-proportion z-test, 95 %, two-sided)', () => {
  it.each([
    // a: started, submitted; b: started, submitted; z by hand; significant?
    [1000, 500, 1000, 560, 2.6881, true], // pooled p = .53, se = √(.53 × .47 × 2/1000) = .022320
    [1000, 500, 1000, 520, 0.8945, false],
    [200, 100, 200, 80, -2.0101, true],
    [40, 20, 40, 30, 2.3094, true],
  ])('%i/%i against %i/%i: z %f, significant %s', (as, asub, bs, bsub, z, significant) => {
    const result = compareRates({ started: as, submitted: asub }, { started: bs, submitted: bsub });
    expect(result.difference).toBeCloseTo(bsub / bs - asub / as, 10);
    expect(result.z).toBeCloseTo(z, 3);
    expect(result.significant).toBe(significant);
    expect(Math.abs(result.z!) > Z_95).toBe(significant);
  });

  it('says nothing of counts too small for the test, or with nothing to compare', () => {
    // 4 of 5 against 0 of 5: a large z, but fewer than 5 successes: the normal approximation does not hold.
    expect(compareRates({ started: 5, submitted: 4 }, { started: 5, submitted: 0 }).significant).toBe(false);
    expect(compareRates({ started: 0, submitted: 0 }, { started: 10, submitted: 5 })).toEqual({
      difference: null,
      z: null,
      significant: false,
      margin: null,
    });
    // Everyone submitted on both sides: no spread, no z.
    expect(compareRates({ started: 10, submitted: 10 }, { started: 10, submitted: 10 })).toMatchObject({
      difference: 0,
      z: null,
      significant: false,
    });
  });

  it('gives the difference’s 95 % margin (unpooled)', () => {
    const { margin } = compareRates({ started: 1000, submitted: 500 }, { started: 1000, submitted: 560 });
    expect(margin).toBeCloseTo(Z_95 * Math.sqrt(0.25 / 1000 + (0.56 * 0.44) / 1000), 10);
  });
});

describe('the alert: a version doing worse than the one before it', () => {
  /** A funnel: started, submitted, and drafts completing each of steps a, b, c. */
  const totals = (started: number, submitted: number, [a, b, c]: number[]) => ({
    started,
    submitted,
    steps: [
      { step: 'a', completed: a! },
      { step: 'b', completed: b! },
      { step: 'c', completed: c! },
    ],
  });

  it.each([
    // before, after, the step where after falls behind (null: nowhere)
    [totals(1000, 500, [900, 700, 500]), totals(1000, 400, [900, 600, 400]), 'b'],
    [totals(1000, 500, [900, 700, 500]), totals(1000, 400, [800, 600, 400]), 'a'],
    [totals(1000, 500, [900, 700, 500]), totals(1000, 300, [880, 690, 300]), 'c'],
    [totals(1000, 500, [900, 700, 500]), totals(1000, 500, [900, 700, 500]), null],
    // Doing better everywhere: nowhere behind.
    [totals(1000, 500, [900, 700, 500]), totals(1000, 600, [950, 800, 600]), null],
  ])('finds where the second falls behind: %#', (before, after, step) => {
    expect(whereItFalls(before, after)).toBe(step);
  });

  it('flags a fall beyond the margin, with its step; not a fall within noise, nor a rise', () => {
    const before = totals(1000, 500, [900, 700, 500]);
    const worse = regression(before, totals(1000, 400, [900, 600, 400]));
    expect(worse).toMatchObject({ step: 'b' });
    expect(worse!.difference).toBeCloseTo(-0.1, 10);
    expect(worse!.margin).toBeGreaterThan(0);
    expect(worse!.margin).toBeLessThan(0.1);
    // 2 points down over 1,000 drafts each is within the margin (about 4.4 points): no alert.
    expect(regression(before, totals(1000, 480, [900, 690, 480]))).toBeNull();
    expect(regression(before, totals(1000, 600, [950, 800, 600]))).toBeNull();
    // Too few drafts to tell.
    expect(regression(totals(4, 4, [4, 4, 4]), totals(4, 0, [0, 0, 0]))).toBeNull();
  });
});

describe('percentiles from counts (as percentile_cont over the values written out)', () => {
  it.each([
    // counts, p, expected
    [
      [
        [30, 1],
        [60, 1],
        [120, 1],
      ],
      0.5,
      60,
    ],
    [
      [
        [30, 1],
        [60, 1],
        [120, 1],
      ],
      0.9,
      108,
    ], // rank 1.8: 60 + 0.8 × 60
    [
      [
        [39, 1],
        [50, 1],
      ],
      0.5,
      44.5,
    ],
    [
      [
        [39, 1],
        [50, 1],
      ],
      0.9,
      48.9,
    ],
    [
      [
        [10, 3],
        [20, 1],
      ],
      0.5,
      10,
    ], // 10, 10, 10, 20: rank 1.5 between two tens
    [
      [
        [10, 3],
        [20, 1],
      ],
      0.9,
      17,
    ], // rank 2.7: 10 + 0.7 × 10
    [[[5, 1]], 0.9, 5],
    [[], 0.5, null],
  ] as [[number, number][], number, number | null][])('%j at %f → %s', (counts, p, expected) => {
    const value = percentileOfCounts(counts, p);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 10);
  });
});
