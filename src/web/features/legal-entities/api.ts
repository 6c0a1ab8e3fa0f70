/** Legal entities' calls (onboarding spec §7 "Other") as react-query hooks. */
import { useQuery } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api, retryUnless4xx } from '../../api/client';
import type {
  LegalEntities,
  LegalEntityDetail,
  LegalEntityListItem,
  Owner,
  Owners,
  RenewLicenceBody,
} from '../../../contract/legalEntities';
import type { RenewedLegalEntity } from '../../../contract/merchants';
import type { Static } from '../../../contract/common';

const L = '/merchant/api/v1/legal-entities';

export type { LegalEntityDetail, LegalEntityListItem, Owner };

export const useLegalEntities = (statuses: string[]) =>
  useQuery({
    queryKey: ['legal-entities', 'list', statuses],
    queryFn: () =>
      api<Static<typeof LegalEntities>>(
        'GET',
        statuses.length > 0 ? `${L}?status=${encodeURIComponent(statuses.join(','))}` : L,
      ).then((r) => r.items),
    retry: retryUnless4xx,
  });

export const useLegalEntity = (id: string) =>
  useQuery({
    queryKey: ['legal-entities', 'detail', id],
    queryFn: () => api<LegalEntityDetail>('GET', `${L}/${encodeURIComponent(id)}`),
    retry: retryUnless4xx,
  });

export const useOwners = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['legal-entities', 'owners', id],
    enabled,
    queryFn: () =>
      api<Static<typeof Owners>>('GET', `${L}/${encodeURIComponent(id)}/owners`).then((r) => r.items),
    retry: retryUnless4xx,
  });

/** Sends the merchant's renewed licence; the entity's pages read it again. */
export const useRenewLicence = (merchantId: string) =>
  useChange({
    send: (body: RenewLicenceBody) =>
      api<RenewedLegalEntity>(
        'POST',
        `/merchant/api/v1/merchant/${encodeURIComponent(merchantId)}/legal_entity`,
        body,
      ),
    refresh: [['legal-entities']],
  });
