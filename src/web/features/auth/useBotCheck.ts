/**
 * The bot check (ALTCHA proof of work): fetches a challenge, solves it in the browser and gives the token the
 * continue button waits for. `reset()` throws the token away and solves a fresh one (spec §8: after a
 * bad_request the widget resets). When the server has the check switched off it answers `disabled` and the
 * token is a placeholder.
 */
import { useCallback, useEffect, useState } from 'react';
import { authApi } from './api';
import type { BotChallenge } from '../../../domain/botCheck';

/**
 * Solves in a worker (the loop is synchronous: on the main thread it would hold typing up for the second it
 * takes a phone); where a worker cannot start, on the main thread.
 */
// The main thread's solver (SHA-256 from @noble/hashes, about 6 KiB gzip) is fetched only where the worker fails:
// every page that has workers would otherwise download the solver twice, once here and once in the worker.
const solveHere = (challenge: BotChallenge) =>
  import('../../../domain/botCheck').then((m) => m.solveBotCheck(challenge));

function solve(challenge: BotChallenge, signal: AbortSignal): Promise<string | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./botCheck.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return solveHere(challenge);
  }
  signal.addEventListener('abort', () => worker.terminate());
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ token?: string | null; error?: string }>) => {
      worker.terminate();
      if (event.data.error) reject(new Error(event.data.error));
      else resolve(event.data.token ?? null);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(solveHere(challenge));
    };
    worker.postMessage(challenge);
  });
}

export type BotCheckState = { status: 'solving' } | { status: 'ready'; token: string } | { status: 'failed' };

export function useBotCheck() {
  const [state, setState] = useState<BotCheckState>({ status: 'solving' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const abort = new AbortController();
    (async () => {
      try {
        const challenge = await authApi.botCheck();
        if (challenge.disabled) {
          if (!cancelled) setState({ status: 'ready', token: 'off' });
          return;
        }
        const token = await solve(challenge, abort.signal);
        if (cancelled) return;
        if (!token) throw new Error('no solution');
        setState({ status: 'ready', token });
      } catch {
        if (!cancelled) setState({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      abort.abort();
    };
  }, [round]);

  const reset = useCallback(() => {
    setState({ status: 'solving' });
    setRound((r) => r + 1);
  }, []);
  return { state, reset };
}
