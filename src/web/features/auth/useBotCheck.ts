/**
 * The bot check (ALTCHA proof of work): fetches a challenge, solves it in the browser and gives the token the
 * continue button waits for. `reset()` throws the token away and solves a fresh one (spec §8: after a
 * bad_request the widget resets). When the server has the check switched off it answers `disabled` and the
 * token is a placeholder.
 */
import { useCallback, useEffect, useState } from 'react';
import { authApi } from './api';
import { solveBotCheck } from '../../../domain/botCheck';

export type BotCheckState = { status: 'solving' } | { status: 'ready'; token: string } | { status: 'failed' };

export function useBotCheck() {
  const [state, setState] = useState<BotCheckState>({ status: 'solving' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const challenge = await authApi.botCheck();
        if (challenge.disabled) {
          if (!cancelled) setState({ status: 'ready', token: 'off' });
          return;
        }
        const token = await solveBotCheck(challenge);
        if (cancelled) return;
        if (!token) throw new Error('no solution');
        setState({ status: 'ready', token });
      } catch {
        if (!cancelled) setState({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [round]);

  const reset = useCallback(() => {
    setState({ status: 'solving' });
    setRound((r) => r + 1);
  }, []);
  return { state, reset };
}
