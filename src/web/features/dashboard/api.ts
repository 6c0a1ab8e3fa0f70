/**
 * The dashboard onboarding gate's calls (onboarding spec §7): the first store (the one the shell works with)
 * and its organization's business profile, read together as one query the four dashboard routes share.
 */
import { api } from '../../api/client';

export interface Store {
  id: string;
  name: string;
  country: string;
  organization_id: string | null;
}

export interface BusinessProfile {
  id: string;
  name: string;
  status: string;
  approved: boolean;
  profile: Record<string, string> | null;
  contract_signed: boolean;
  completed: boolean;
}

export interface Onboarding {
  store: Store;
  organization: BusinessProfile | null;
}

export const ONBOARDING_QUERY_KEY = ['dashboard-onboarding'];

export async function fetchOnboarding(): Promise<Onboarding | null> {
  const { items } = await api<{ items: Store[] }>('GET', '/merchant/api/v1/stores');
  const store = items[0];
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
  await api('POST', base, { accept: true });
  return api<{ completed: boolean }>('GET', `${base}/complete`);
}
