/**
 * The open disputes' count for the sidebar's badge (and, of them, those waiting for the merchant: the home's tile) (shell spec §2.3; cached 300 s, onboarding spec §9). Here and
 * not in features/disputes: the shell shows it, and the shell imports no feature. The disputes screens refresh
 * it by the same key after a refund or a challenge.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { ACTIVE_DISPUTES_CACHE_MS } from '../../domain/disputes';
import type { ActiveDisputes } from '../../contract/disputes';

export const ACTIVE_DISPUTES_KEY = ['disputes', 'active'] as const;

/** The query, for the hook and for starting it early (the home's prefetch: the disputes tile). */
export const ACTIVE_DISPUTES_QUERY = {
  queryKey: ACTIVE_DISPUTES_KEY,
  queryFn: () => api<ActiveDisputes>('GET', '/merchant/api/v1/disputes/active'),
  staleTime: ACTIVE_DISPUTES_CACHE_MS,
  retry: false,
} as const;

export const useActiveDisputes = (enabled: boolean) => useQuery({ ...ACTIVE_DISPUTES_QUERY, enabled });
