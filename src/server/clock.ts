/** Time, injectable so tests can move it (code expiry, lockouts, dated banners). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock QA can move forward (outside production, `POST /dev/clock`): code expiry, lockouts, resend waits. */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
  offsetMs(): number;
}

export function adjustableClock(base: Clock): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
