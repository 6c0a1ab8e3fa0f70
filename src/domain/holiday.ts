/**
 * The holiday banner (shell spec §1, §9): shown on non-public pages until 4 April 2025. A dated setting: the
 * banner switches itself off after its last day (end of the day in Gulf time, UTC+3), so it is off today.
 */
export const HOLIDAY_BANNER = { lastDay: '2025-04-04', utcOffsetHours: 3 } as const;

export function isHolidayBannerOn(
  now: Date,
  setting: { lastDay: string; utcOffsetHours: number } = HOLIDAY_BANNER,
): boolean {
  const end = Date.parse(`${setting.lastDay}T23:59:59.999Z`) - setting.utcOffsetHours * 3_600_000;
  return now.getTime() <= end;
}
