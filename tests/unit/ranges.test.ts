import { describe, expect, it } from 'vitest';
import { isBackwards } from '../../src/domain/ranges';

describe('a filter range the wrong way round (src/domain/ranges)', () => {
  it.each([
    ['2026-03-02', '2026-03-01', true],
    ['2026-03-01', '2026-03-01', false],
    ['2026-02-28', '2026-03-01', false],
    [null, '2026-03-01', false],
    ['2026-03-01', null, false],
  ] as const)('days from %s to %s: backwards %s', (from, to, expected) => {
    expect(isBackwards(from, to)).toBe(expected);
  });

  it.each([
    [12.5, 9, true],
    [9, 12.5, false],
    [0, 0, false],
    // An end that is not an amount (a half-typed "12.") judges nothing.
    [null, 0, false],
    [10, undefined, false],
  ] as const)('amounts from %s to %s: backwards %s', (min, max, expected) => {
    expect(isBackwards(min, max)).toBe(expected);
  });
});
