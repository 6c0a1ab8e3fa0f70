/**
 * The permissions call (shell spec §7): the first membership's flags and role, cached five minutes. The shell
 * computes its permissions from them; a screen that needs one flag (disputes: may this member refund?) reads
 * the same query, never a copy of the shell's data.
 */
import { useQuery } from '@tanstack/react-query';
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
