/**
 * What the signed-in shell knows: the account, its permission flags, experiments, the first store's products,
 * the application and the legal entity — and from them the computed permissions (src/domain/permissions.ts).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PERMISSIONS_QUERY, PERMISSIONS_URL, usePermissionFlags } from '../../api/permissions';
import { ACCOUNT_QUERY_KEY, fetchAccount, useAccount } from '../../api/account';
import { hasSessionHint } from '../../api/accountKey';
import { experimentsQuery, useExperiments } from '../../api/experiments';
import { api } from '../../api/client';
import { fetchStores } from '../../api/stores';
import { APPLICATION_QUERY_KEY, APPLICATION_URL, fetchApplication } from '../../api/application';
import { LEGAL_ENTITIES_QUERY, LEGAL_ENTITIES_URL, useLegalEntities } from '../../api/legalEntities';
import { computePermissions, type ComputedPermissions } from '../../../domain/permissions';
import { alertEntity } from '../../../domain/legalEntities';
import { availableProductsPath } from '../../../domain/firstAnswers';
import type { LegalEntityAlert } from '../../../contract/legalEntities';

export interface ShellData {
  permissions: ComputedPermissions;
  experiments: string[];
  /** What the shell reads of a legal entity: every member gets these (docs/legal-entities.md). */
  legalEntity: LegalEntityAlert | null;
  applicationStatus: string | null;
}

const FIVE_MINUTES = 300_000;

const applicationQuery = {
  queryKey: APPLICATION_QUERY_KEY,
  staleTime: FIVE_MINUTES,
  queryFn: fetchApplication,
};

/** The first store's payment products (the dashboard's gate, §6): the shell waits for them. */
const firstStoreProducts = (client: QueryClient) => ({
  queryKey: ['first-store-products'],
  staleTime: FIVE_MINUTES,
  queryFn: async () => {
    const first = (await fetchStores(client))[0];
    if (!first) return [];
    return (await api<{ items: string[] }>('GET', availableProductsPath(first.id))).items;
  },
});

/**
 * Starts the shell's questions as soon as its code is loaded, all at once, rather than each when the component
 * that needs it first renders (bench:home, docs/benchmarks.md: the account was asked ~400 ms after the scripts ran
 * at 4x CPU, the rest after it). The same keys and fetches as the hooks below, so they find the answers.
 *
 * The flags, the application and the legal entities need nothing of the account's answer, so they are asked
 * beside it rather than after it — one round trip less before the shell draws on a phone's network (issue 54) —
 * but quietly, and kept only once the account says someone is signed in: nobody signed in is the account's to
 * say (it answers null, and the app goes to sign-in), not three 401s ending a session that never was. The
 * experiments need the account's id; the first store's products follow the flags (the shell waits for them where
 * the member has store access).
 */
export function prefetchShell(client: QueryClient) {
  // Nobody signed in (no session cookie's twin): the account answers null without a call, and nothing else is asked.
  if (!hasSessionHint()) {
    void client.prefetchQuery({
      queryKey: ACCOUNT_QUERY_KEY,
      queryFn: fetchAccount,
      staleTime: FIVE_MINUTES,
    });
    return;
  }
  const quietly = <T>(path: string) => {
    const asked = api<T>('GET', path, undefined, { quiet401: true });
    asked.catch(() => undefined);
    return asked;
  };
  const flags = quietly<Awaited<ReturnType<typeof PERMISSIONS_QUERY.queryFn>>>(PERMISSIONS_URL);
  const application = quietly<Awaited<ReturnType<typeof fetchApplication>>>(APPLICATION_URL);
  const legalEntities = quietly<Awaited<ReturnType<typeof LEGAL_ENTITIES_QUERY.queryFn>>>(LEGAL_ENTITIES_URL);
  void client
    .fetchQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: fetchAccount, staleTime: FIVE_MINUTES, retry: false })
    .then((account) => {
      if (!account) return;
      void client
        .fetchQuery({ ...PERMISSIONS_QUERY, queryFn: () => flags })
        .then((answer) => {
          if (answer.has_store_access === true) void client.prefetchQuery(firstStoreProducts(client));
        })
        .catch(() => undefined);
      void client.prefetchQuery(experimentsQuery(account.id));
      void client.prefetchQuery({ ...applicationQuery, queryFn: () => application });
      void client.prefetchQuery({ ...LEGAL_ENTITIES_QUERY, queryFn: () => legalEntities });
    })
    .catch(() => undefined);
}

export function useShell(): {
  isPending: boolean;
  isError?: boolean;
  /** The first failed question's error (a network's failure draws its own page). */
  error?: unknown;
  retry?: () => void;
  data?: ShellData;
} {
  const account = useAccount();
  const signedIn = Boolean(account.data);
  const flags = usePermissionFlags(signedIn);
  const experiments = useExperiments();
  const client = useQueryClient();
  const storeAccess = flags.data?.has_store_access === true;
  const products = useQuery({ ...firstStoreProducts(client), enabled: storeAccess });
  const application = useQuery({ ...applicationQuery, enabled: signedIn });
  const legalEntities = useLegalEntities(signedIn);

  const queries = [flags, experiments, products, application, legalEntities];
  if (queries.some((q) => q.isError))
    return {
      isPending: false,
      isError: true,
      error: queries.find((q) => q.isError)?.error,
      retry: () => queries.forEach((q) => q.isError && void q.refetch()),
    };
  const pending =
    account.isPending ||
    flags.isPending ||
    experiments.isPending ||
    (storeAccess && products.isPending) ||
    application.isPending ||
    legalEntities.isPending;
  if (pending || !account.data || !flags.data || !experiments.data) return { isPending: true };
  return {
    isPending: false,
    data: {
      permissions: computePermissions({
        flags: flags.data,
        experiments: experiments.data,
        role: flags.data.role,
        application: application.data ?? null,
        firstStoreProducts: storeAccess ? (products.data ?? []) : null,
        merchantCountry: account.data.permissions[0]?.merchant_country ?? null,
      }),
      experiments: experiments.data,
      // The alert's entity: the first ARE one by priority pending_info, suspending, suspended (onboarding §4).
      legalEntity: alertEntity(legalEntities.data?.items ?? []),
      applicationStatus: application.data?.status ?? null,
    },
  };
}
