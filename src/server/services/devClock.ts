/**
 * The development clock every instance shares (outside production; `POST /dev/clock`, docs/scaling.md). QA moves
 * the server's time forward to expire codes or reach a payout day; with the offset kept in each process, moving it
 * through the balancer moved one instance of two, and the next request could land on the other, an hour behind
 * (issue 53, finding 5). The offset lives in the database; every instance reads it as it starts and hears each
 * move at once (NOTIFY), so `now()` stays a plain read of memory. Time only moves forward, so a late or repeated
 * notice can never move an instance back.
 */
import type { AdjustableClock } from '../clock';
import type { Database } from '../db';
import { DEV_CLOCK_NOTIFY, type SettingsRepository } from '../repositories/settings';

export function createDevClock(deps: {
  clock: AdjustableClock;
  settings: SettingsRepository;
  listen: Database['listen'];
}) {
  const { clock } = deps;
  /** Moves this process's clock to an offset it heard of, never back. */
  const follow = (offset: number) => {
    if (Number.isSafeInteger(offset) && offset > clock.offsetMs()) clock.advance(offset - clock.offsetMs());
  };
  let stop: (() => Promise<void>) | undefined;
  return {
    /** Reads the shared offset and follows every later move (the server's start). */
    async start() {
      stop = await deps.listen(DEV_CLOCK_NOTIFY, (payload) => follow(Number(payload)));
      follow(await deps.settings.devClockOffset());
    },
    /** Moves every instance's clock forward by `ms`; answers the new offset. */
    async advance(ms: number): Promise<number> {
      const offset = await deps.settings.advanceDevClock(ms);
      follow(offset);
      return clock.offsetMs();
    },
    async close() {
      await stop?.();
    },
  };
}

export type DevClock = ReturnType<typeof createDevClock>;
