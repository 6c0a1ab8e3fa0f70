/**
 * The split of a staged rollout (issue 61; domain/rollout.ts): over 10,000 subjects each share holds within a
 * documented tolerance, a subject always gets the same answer, widening keeps everyone who had the new version,
 * and each rollout draws its own subjects.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketOf, inRollout, shareProblem } from '../../src/domain/rollout';

/** 10,000 account ids shaped like ours (uuids), the same every run: a failure here is the hash's, never luck's. */
const SUBJECTS = Array.from({ length: 10_000 }, (_, i) =>
  createHash('sha256')
    .update(`subject ${i}`)
    .digest('hex')
    .slice(0, 32)
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
);
const VERSION = 'a'.repeat(64);
/**
 * The tolerance (docs/form-insights.md): four standard deviations of a binomial count over 10,000 subjects —
 * at most 200 subjects (2 points) at 50 %, 120 at 10 % — which an honest hash misses about once in 16,000 draws.
 */
const tolerance = (share: number) => 4 * Math.sqrt(SUBJECTS.length * (share / 100) * (1 - share / 100));

describe('the split by a stable hash', () => {
  it.each([1, 5, 10, 25, 50, 75, 99])(
    '%i %% of 10,000 subjects get the rollout, within tolerance',
    (share) => {
      const inside = SUBJECTS.filter((s) => inRollout(VERSION, share, s)).length;
      expect(Math.abs(inside - (SUBJECTS.length * share) / 100)).toBeLessThanOrEqual(tolerance(share));
    },
  );

  it('holds for sequential ids too (accounts numbered one after another)', () => {
    const numbered = Array.from({ length: 10_000 }, (_, i) => `acct_${i}`);
    const inside = numbered.filter((s) => inRollout(VERSION, 30, s)).length;
    expect(Math.abs(inside - 3000)).toBeLessThanOrEqual(tolerance(30));
  });

  it('gives a subject the same answer every time', () => {
    for (const subject of SUBJECTS.slice(0, 500)) {
      const first = bucketOf(VERSION, subject);
      expect(bucketOf(VERSION, subject)).toBe(first);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(first).toBeLessThan(BUCKETS);
    }
  });

  it('keeps every subject of a share when it widens', () => {
    const at10 = SUBJECTS.filter((s) => inRollout(VERSION, 10, s));
    expect(at10.every((s) => inRollout(VERSION, 50, s))).toBe(true);
    expect(SUBJECTS.filter((s) => inRollout(VERSION, 50, s)).every((s) => inRollout(VERSION, 100, s))).toBe(
      true,
    );
  });

  it('draws another share for another rollout (the same merchants are not always first)', () => {
    const first = new Set(SUBJECTS.filter((s) => inRollout(VERSION, 10, s)));
    const second = SUBJECTS.filter((s) => inRollout('b'.repeat(64), 10, s));
    const both = second.filter((s) => first.has(s)).length;
    // Independent draws: about 1 % of the subjects are in both, not 10 %.
    expect(both).toBeLessThan(200);
  });

  it.each([
    [0, 'share must be a whole percent from 1 to 100'],
    [101, 'share must be a whole percent from 1 to 100'],
    [12.5, 'share must be a whole percent from 1 to 100'],
    ['10', 'share must be a whole percent from 1 to 100'],
    [10, null],
    [100, null],
  ])('judges a share of %j', (share, problem) => {
    expect(shareProblem(share)).toBe(problem);
  });
});
