/**
 * The dashboard's calls: the onboarding gate's (onboarding spec §7: the first store — the one the shell works
 * with, from the shared stores query — and its organization's business profile, read together as one query the
 * four dashboard routes share), and the home's tiles, each its own query (docs/dashboard.md).
 */
import type { PayoutSummary } from '../../../contract/payouts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, retryUnless4xx } from '../../api/client';
import type { Static } from '../../../contract/common';
import type { Offers } from '../../../contract/capital';
import type { SalesSummary } from '../../../contract/payments';
import type { StatusMessageAnswer } from '../../../contract/remoteConfig';
import type { ApiKeys, RevealAnswer, RevealBody } from '../../../contract/merchants';
import { fetchStores, type Store } from '../../api/stores';
import { whenFlags } from '../../api/permissions';
import { hasSessionHint } from '../../api/accountKey';
import { ACTIVE_DISPUTES_QUERY } from '../../api/activeDisputes';
import { tzOffset } from '../../components/listText';
import type { ContractCompletion, OrganizationProfile, StoreContract } from '../../../contract/stores';

/** The organisation as the gate reads it (named for what the gate asks of it). */

export interface Onboarding {
  store: Store;
  organization: OrganizationProfile | null;
}

export const ONBOARDING_QUERY_KEY = ['dashboard-onboarding'];

export async function fetchOnboarding(client: QueryClient): Promise<Onboarding | null> {
  const store = (await fetchStores(client))[0];
  if (!store) return null;
  const organization = store.organization_id
    ? await api<OrganizationProfile>(
        'GET',
        `/merchant/api/v1/organizations/${encodeURIComponent(store.organization_id)}/business-profile`,
      )
    : null;
  return { store, organization };
}

export const saveBusinessProfile = (organizationId: string, profile: Record<string, string>) =>
  api<OrganizationProfile>(
    'PUT',
    `/merchant/api/v1/organizations/${encodeURIComponent(organizationId)}/business-profile`,
    profile,
  );

/** Signs the store's contract, then asks whether that completed the second record. */
export async function signContract(storeId: string) {
  const base = `/merchant/api/v1/stores/${encodeURIComponent(storeId)}/contract`;
  await api<StoreContract>('POST', base, { accept: true });
  return api<ContractCompletion>('GET', `${base}/complete`);
}

/** The home's sales tile: today and the last 7 days. */
const salesQuery = {
  queryKey: ['dashboard', 'sales'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<SalesSummary>('GET', `/merchant/api/v1/payments/summary?tz_offset=${tzOffset()}`, undefined, {
      signal,
    }),
  retry: retryUnless4xx,
};
export const useSales = (enabled: boolean) => useQuery({ ...salesQuery, enabled });

/** The last payout sent and the next one planned (docs/payouts.md). */
const payoutSummaryQuery = {
  queryKey: ['dashboard', 'payouts'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<PayoutSummary>('GET', '/merchant/api/v1/payouts/summary', undefined, { signal }),
  retry: retryUnless4xx,
};
export const usePayoutSummary = (enabled: boolean) => useQuery({ ...payoutSummaryQuery, enabled });

/**
 * The remote status message (spec §7, §8): asked at most once in 10 minutes, and given up after 60 seconds (a
 * message is never worth holding the home up).
 */
export const STATUS_MESSAGE_INTERVAL_MS = 600_000;
export const STATUS_MESSAGE_TIMEOUT_MS = 60_000;
const statusMessageQuery = {
  queryKey: ['remote-config', 'web_status_message'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<StatusMessageAnswer>('GET', '/merchant/api/v1/remote-config/web_status_message', undefined, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(STATUS_MESSAGE_TIMEOUT_MS)]),
    }).then((r) => r.web_status_message),
  staleTime: STATUS_MESSAGE_INTERVAL_MS,
  retry: false,
};
export const useStatusMessage = () =>
  useQuery({ ...statusMessageQuery, refetchInterval: STATUS_MESSAGE_INTERVAL_MS });

/** Capital's offers, for the home's banner (only where capital is seen). */
export const useCapitalOffers = (enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'capital-offers'],
    enabled,
    queryFn: ({ signal }) =>
      api<Static<typeof Offers>>('GET', '/merchant/api/v1/capital/offers', undefined, { signal }).then(
        (r) => r.items,
      ),
    retry: retryUnless4xx,
  });

const keysPath = (merchantId: string) =>
  `/merchant/api/v1/application/merchant/${encodeURIComponent(merchantId)}/api_keys`;

/** A merchant's API keys, secrets masked (workspace admins). */
const apiKeysQuery = (merchantId: string) => ({
  queryKey: ['dashboard', 'api-keys', merchantId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ApiKeys>('GET', keysPath(merchantId), undefined, { signal }),
  retry: retryUnless4xx,
});
export const useApiKeys = (merchantId: string, enabled: boolean) =>
  useQuery({ ...apiKeysQuery(merchantId), enabled });

/**
 * The gate's question, asked as soon as a dashboard screen's code has loaded (every one of them asks it first):
 * beside the shell's questions rather than after the shell has drawn (bench:home, docs/benchmarks.md).
 */
export function prefetchGate(client: QueryClient) {
  if (!hasSessionHint()) return; // nobody signed in: the shell goes to sign-in, nothing is asked (issue 56)
  void client.prefetchQuery({ queryKey: ONBOARDING_QUERY_KEY, queryFn: () => fetchOnboarding(client) });
}

/**
 * The home's questions, asked as soon as its code has loaded: the gate's and the status message's, then — once
 * the shell's permission flags say which tiles the member sees — the tiles' (sales, payouts, disputes, API
 * keys). The same keys and fetches as the components', so they find the answers (or the requests under way); a
 * failure is each component's to show (it asks again on mount). Only the home asks them: the business-profile
 * and contract screens draw none of it, and on a phone's network every call they do not need slows the ones
 * they do (issue 54).
 */
export function prefetchHome(client: QueryClient) {
  if (!hasSessionHint()) return;
  prefetchGate(client);
  void client.prefetchQuery(statusMessageQuery);
  void whenFlags(client)
    .then(async (flags) => {
      if (flags.is_order_view_allowed === true) void client.prefetchQuery(salesQuery);
      if (flags.is_payouts_allowed === true) void client.prefetchQuery(payoutSummaryQuery);
      if (flags.is_disputes_allowed === true) void client.prefetchQuery(ACTIVE_DISPUTES_QUERY);
      const first = flags.is_account_edit_allowed === true ? (await fetchStores(client))[0] : undefined;
      if (first) void client.prefetchQuery(apiKeysQuery(first.merchant_id));
    })
    .catch(() => undefined);
}

/** A fresh code to the member's own second factor, before a secret is shown. */

/** One secret key whole, with the code just sent (the code is used up). */
export const revealSecret = (merchantId: string, body: RevealBody) =>
  api<RevealAnswer>('POST', `${keysPath(merchantId)}/reveal`, body);
