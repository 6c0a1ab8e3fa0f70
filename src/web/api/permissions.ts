/**
 * The permissions call (shell spec §7): the first membership's flags and role, cached five minutes. The shell
 * computes its permissions from them; a screen that needs one flag (disputes: may this member refund?) reads
 * the same query, never a copy of the shell's data.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { PermissionAnswer } from '../../contract/account';

export const PERMISSIONS_QUERY_KEY = ['permissions'] as const;

/** The query itself (a screen that starts it early, before its components ask: the home's prefetch). */
export const PERMISSIONS_URL = '/merchant/api/v1/auth/permissions';

export const PERMISSIONS_QUERY = {
  queryKey: PERMISSIONS_QUERY_KEY,
  staleTime: 300_000,
  queryFn: () => api<PermissionAnswer>('GET', PERMISSIONS_URL),
};

export const usePermissionFlags = (enabled = true) => useQuery({ ...PERMISSIONS_QUERY, enabled });

/**
 * The flags once the cache holds them, without asking for them: the shell asks (prefetchShell, once the account
 * says someone is signed in), and a screen starting its first questions early waits for that answer rather than
 * sending the same call a second time — or a first call, answered 401, for a visitor nobody signed in.
 */
export function whenFlags(client: QueryClient): Promise<PermissionAnswer> {
  const held = () => client.getQueryData<PermissionAnswer>(PERMISSIONS_QUERY_KEY);
  const now = held();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = client.getQueryCache().subscribe(() => {
      const flags = held();
      if (!flags) return;
      stop();
      resolve(flags);
    });
  });
}
