/**
 * Seconds left until a deadline, for resend controls. Counted from the clock, not by adding up ticks, so it
 * stays right when a background tab's timers are slowed (and when tests move the clock).
 */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(seconds: number): [left: number, restart: (forSeconds?: number) => void] {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const leftAt = (d: number) => Math.max(0, Math.ceil((d - Date.now()) / 1000));
  const [left, setLeft] = useState(() => leftAt(deadline));
  useEffect(() => {
    const timer = setInterval(() => {
      const next = leftAt(deadline);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  /** Counts down again: from `seconds`, or from `forSeconds` (a longer wait the server asked for). */
  const restart = useCallback(
    (forSeconds = seconds) => {
      setDeadline(Date.now() + forSeconds * 1000);
      setLeft(forSeconds);
    },
    [seconds],
  );
  return [left, restart];
}
