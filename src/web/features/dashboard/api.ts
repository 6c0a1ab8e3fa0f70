/**
 * The dashboard onboarding gate's calls (onboarding spec §7): the first store (the one the shell works with,
 * from the shared stores query) and its organization's business profile, read together as one query the four
 * dashboard routes share.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { fetchStores, type Store } from '../../api/stores';
import type { ContractCompletion, OrganizationProfile, StoreContract } from '../../../contract/stores';

/** The organisation as the gate reads it (named for what the gate asks of it). */
export type BusinessProfile = OrganizationProfile;

export interface Onboarding {
  store: Store;
  organization: BusinessProfile | null;
}

export const ONBOARDING_QUERY_KEY = ['dashboard-onboarding'];

export async function fetchOnboarding(client: QueryClient): Promise<Onboarding | null> {
  const store = (await fetchStores(client))[0];
  if (!store) return null;
  const organization = store.organization_id
    ? await api<BusinessProfile>(
        'GET',
        `/merchant/api/v1/organizations/${encodeURIComponent(store.organization_id)}/business-profile`,
      )
    : null;
  return { store, organization };
}

export const saveBusinessProfile = (organizationId: string, profile: Record<string, string>) =>
  api<BusinessProfile>(
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
