/**
 * Signed in or not, for the whole app: logout (spec §4: clears local and session storage and every cached
 * answer), and a 401 from any call ending the session in the app too. The signed-in pages' data cache
 * (react-query) lives with those pages (shell/signedInQueryClient.ts), so the sign-in page carries none of it: the
 * cache registers here to be cleared.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, onUnauthorized } from '../api/client';
import { LANGUAGE_STORAGE_KEY } from '../../domain/language';
import { useNotifications } from '../components/notificationStore';
import { analytics } from '../analytics';
import { signal } from '../signal';

const localStateCleared = signal();

/** Called when the local state is cleared (the signed-in pages' cache registers here). */
export const onLocalStateCleared = localStateCleared.listen;

/**
 * Clears what this browser holds for the account. The language choice and the session-replay consent stay: they
 * belong to the person at this browser, and sign-in is one of the recorded pages (spec §1).
 */
export function clearLocalState() {
  try {
    // The consent's key written out (localFlags.ts LOCAL_FLAGS.replayConsent; a test holds them equal): importing
    // that module would put it on every page's first load.
    const kept = [LANGUAGE_STORAGE_KEY, 'tby:md:replay-consent'].map(
      (key) => [key, window.localStorage.getItem(key)] as const,
    );
    window.localStorage.clear();
    window.sessionStorage.clear();
    kept.forEach(([key, value]) => value !== null && window.localStorage.setItem(key, value));
  } catch {
    // Storage blocked: nothing to clear.
  }
  localStateCleared.fire();
  useNotifications.getState().clear();
  analytics.reset(); // spec: logout resets analytics
}

/** Logs out on the server (unless it already ended the session) and clears everything local. */
export async function logout(options: { server?: boolean } = {}) {
  if (options.server !== false) {
    try {
      await api('POST', '/merchant/api/v1/auth/logout', {}, { quiet401: true });
    } catch {
      // Offline or already signed out: the local state goes anyway.
    }
  }
  clearLocalState();
}

/**
 * Keeps the app's idea of the session in step with the server's: a 401 anywhere flags the user for server
 * logout (spec §2.7, §4) — the server already ended the session — so the app goes to `logout/server`, which
 * clears everything local without asking the server again, then to sign-in with the way back.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(
    () =>
      onUnauthorized(() => {
        if (here.startsWith('/auth') || here.startsWith('/logout')) return;
        void navigate(`/logout/server?redirect=${encodeURIComponent(here)}`, { replace: true });
      }),
    [navigate, here],
  );
  return null;
}
