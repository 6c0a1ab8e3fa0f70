/** The signed-in account (GET /merchant/api/v1/account, cached 300 s as spec §7 says). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SeenArea } from '../../domain/seenAreas';
import { api } from './client';
import { ACCOUNT_QUERY_KEY, fetchAccount, type Account } from './accountKey';

export { ACCOUNT_QUERY_KEY, fetchAccount, type Account };

/** The account through the query cache (shared by every screen); null when nobody is signed in. */
export function useAccount(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ACCOUNT_QUERY_KEY,
    enabled: options.enabled ?? true,
    staleTime: 300_000,
    retry: false,
    queryFn: fetchAccount,
  });
}

/** The provider's staff roles (accounts' `staff_role`): product ops (studio, status, chat), ads ops, and onboarding reviewers. */
export type StaffRole = 'ops' | 'ads_ops' | 'onboarding_reviewer';

/**
 * Where a member of the provider's staff without a merchant of their own starts, instead of the merchant shell:
 * product ops in the form studio, ads ops in the ads console; null for everyone else.
 */
export function staffHome(account: Account | null | undefined): string | null {
  if (!account || account.permissions.length > 0) return null;
  if (account.staff_role === 'ops') return '/studio';
  if (account.staff_role === 'ads_ops') return '/ops/ads';
  if (account.staff_role === 'onboarding_reviewer') return '/ops/review';
  return null;
}

/**
 * Marks an area with a "new" badge seen, for the account (POST /merchant/api/v1/account/seen): the cached
 * account says so at once, and the server remembers it for the person's other browsers (issue 56). A failed call
 * leaves the badge to go next time.
 */
export function useMarkSeen() {
  const client = useQueryClient();
  return useCallback(
    (area: SeenArea) => {
      const account = client.getQueryData<Account | null>(ACCOUNT_QUERY_KEY);
      if (!account || account.seen_areas.includes(area)) return;
      client.setQueryData<Account>(ACCOUNT_QUERY_KEY, {
        ...account,
        seen_areas: [...account.seen_areas, area],
      });
      api('POST', '/merchant/api/v1/account/seen', { area }).catch(() => undefined);
    },
    [client],
  );
}
