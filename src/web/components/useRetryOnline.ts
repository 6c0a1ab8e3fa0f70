import { useEffect, useRef } from 'react';

/** Calls `retry` when the browser comes back online (the latest one passed, without re-listening each render). */
export function useRetryOnline(retry: (() => void) | undefined) {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  const listening = retry !== undefined;
  useEffect(() => {
    if (!listening) return;
    const online = () => latest.current?.();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [listening]);
}
