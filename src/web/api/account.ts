/** The signed-in account (GET /merchant/api/v1/account, cached 300 s as spec §7 says). */
import { useQuery } from '@tanstack/react-query';
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

/** The provider's ops staff without a merchant of their own: their home is the form studio, not the merchant shell. */
export function isStaffWithoutMerchant(account: Account | null | undefined): boolean {
  return account?.staff_role === 'ops' && account.permissions.length === 0;
}
