/**
 * Signed in or not, for the whole app: logout (spec §4: clears local and session storage and every cached
 * answer), and a 401 from any call ending the session in the app too. The gate of signed-in pages is
 * RequireAuth.tsx (loaded with those pages, so the sign-in page does not carry react-query's hooks).
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY } from '../api/accountKey';
import { api, onUnauthorized } from '../api/client';
import { LANGUAGE_STORAGE_KEY } from '../../domain/language';
import { useNotifications } from '../components/notificationStore';

/** Clears what this browser holds for the account. The language choice stays: it belongs to the person. */
export function clearLocalState(queryClient: QueryClient) {
  try {
    const language = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (language) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: nothing to clear.
  }
  queryClient.clear();
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, null);
  useNotifications.getState().clear();
}

/** Logs out on the server (unless it already ended the session) and clears everything local. */
export async function logout(queryClient: QueryClient, options: { server?: boolean } = {}) {
  if (options.server !== false) {
    try {
      await api('POST', '/merchant/api/v1/auth/logout', {}, { quiet401: true });
    } catch {
      // Offline or already signed out: the local state goes anyway.
    }
  }
  clearLocalState(queryClient);
}

/** Keeps the app's idea of the session in step with the server's: a 401 anywhere signs the app out. */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized(() => {
        if (queryClient.getQueryData(ACCOUNT_QUERY_KEY)) clearLocalState(queryClient);
      }),
    [queryClient],
  );
  return null;
}
