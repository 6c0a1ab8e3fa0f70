/**
 * A store's calls (onboarding spec §7 "Stores"; docs/stores.md) as react-query hooks. The list is the shell's
 * stores query (one fetch for all); each tab's data loads when its tab opens. Signing the contract refreshes the
 * store, its contract and the list.
 */
import { useQuery } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api, retryUnless4xx } from '../../api/client';
import { STORES_QUERY_KEY } from '../../api/stores';
import type {
  Commissions,
  ContractCompletion,
  Schedules,
  StoreContract,
  StoreDetail,
} from '../../../contract/stores';
import type { Static } from '../../../contract/common';

const S = '/merchant/api/v1/stores';
const path = (id: string, rest = '') => `${S}/${encodeURIComponent(id)}${rest}`;

export type { StoreDetail };

export type Contract = StoreContract;

export const storeKeys = {
  detail: (id: string) => ['store', id] as const,
  part: (id: string, part: string) => ['store', id, part] as const,
};

export const useStore = (id: string) =>
  useQuery({
    queryKey: storeKeys.detail(id),
    queryFn: () => api<StoreDetail>('GET', path(id)),
    retry: retryUnless4xx,
  });

export const useCommissions = (id: string) =>
  useQuery({
    queryKey: storeKeys.part(id, 'commissions'),
    queryFn: () => api<Static<typeof Commissions>>('GET', path(id, '/commissions')),
    retry: retryUnless4xx,
  });

export const useSchedules = (id: string) =>
  useQuery({
    queryKey: storeKeys.part(id, 'schedules'),
    queryFn: () => api<Static<typeof Schedules>>('GET', path(id, '/schedules')),
    retry: retryUnless4xx,
  });

export const useContract = (id: string) =>
  useQuery({
    queryKey: storeKeys.part(id, 'contract'),
    queryFn: () => api<Contract>('GET', path(id, '/contract')),
    retry: retryUnless4xx,
  });

/** Signs the store's contract, then asks for its completion (what a signing service's return would do). */
export const useSignContract = (id: string) =>
  useChange({
    send: async () => {
      const contract = await api<Contract>('POST', path(id, '/contract'), { accept: true });
      await api<ContractCompletion>('GET', path(id, '/contract/complete'));
      return contract;
    },
    keep: (client, contract) => {
      client.setQueryData(storeKeys.part(id, 'contract'), contract);
      // The store itself, not its tabs (the contract's is in place).
      void client.invalidateQueries({ queryKey: storeKeys.detail(id), exact: true });
    },
    refresh: [STORES_QUERY_KEY],
  });
