import { describe, expect, it } from 'vitest';
import { isHolidayBannerOn } from '../../src/domain/holiday';

describe('holiday banner (shell spec §1: until 4 April 2025)', () => {
  it.each([
    ['2025-03-20T10:00:00Z', true],
    ['2025-04-04T20:59:59Z', true], // 23:59:59 in Riyadh
    ['2025-04-04T21:00:01Z', false],
    ['2026-11-22T10:00:00Z', false], // today: off
  ])('at %s it is %s', (at, on) => {
    expect(isHolidayBannerOn(new Date(at))).toBe(on);
  });
});
