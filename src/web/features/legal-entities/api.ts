/** Legal entities' calls (onboarding spec §7 "Other") as react-query hooks. */
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client';
import type { LegalEntityStatus, OwnerRole } from '../../../domain/legalEntities';

const L = '/merchant/api/v1/legal-entities';

export interface LegalEntity {
  id: string;
  merchant_id: string;
  status: LegalEntityStatus;
  country: string;
  legal_company_name: string | null;
  iban: string | null;
  license_url: string | null;
  bank_name: string | null;
  legal_address: string | null;
  license_expiry_date: string | null;
}

/** One legal entity as its page reads it: with its legal information and how many owners it has. */
export type LegalEntityDetail = LegalEntity & { legal_info: Record<string, unknown>; owners_count: number };

export interface Owner {
  id: string;
  name: string;
  kind: 'individual' | 'company';
  nationality?: string;
  share: number;
  roles?: OwnerRole[];
}

const noRetryOn4xx = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export const useLegalEntities = (statuses: string[]) =>
  useQuery({
    queryKey: ['legal-entities', 'list', statuses],
    queryFn: () =>
      api<{ items: LegalEntity[] }>(
        'GET',
        statuses.length > 0 ? `${L}?status=${encodeURIComponent(statuses.join(','))}` : L,
      ).then((r) => r.items),
    retry: noRetryOn4xx,
  });

export const useLegalEntity = (id: string) =>
  useQuery({
    queryKey: ['legal-entities', 'detail', id],
    queryFn: () => api<LegalEntityDetail>('GET', `${L}/${encodeURIComponent(id)}`),
    retry: noRetryOn4xx,
  });

export const useOwners = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['legal-entities', 'owners', id],
    enabled,
    queryFn: () =>
      api<{ items: Owner[] }>('GET', `${L}/${encodeURIComponent(id)}/owners`).then((r) => r.items),
    retry: noRetryOn4xx,
  });
