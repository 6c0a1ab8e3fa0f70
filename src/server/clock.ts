/** Time, injectable so tests can move it (code expiry, lockouts, dated banners). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
