/**
 * The account's stores (`GET /merchant/api/v1/stores`), read by the shell (the first store's products) and by
 * the dashboard's onboarding gate (the first store's country and organization) under one query key, so the list
 * is fetched once.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { Store, Stores } from '../../contract/stores';
import type { Static } from '../../contract/common';

export type { Store };

export const STORES_QUERY_KEY = ['stores'];
const FIVE_MINUTES = 5 * 60 * 1000;

const STORES_QUERY = {
  queryKey: STORES_QUERY_KEY,
  queryFn: async () => (await api<Static<typeof Stores>>('GET', '/merchant/api/v1/stores')).items,
  staleTime: FIVE_MINUTES,
};

/** The stores, from the cache when fresh. */
export function fetchStores(client: QueryClient): Promise<Store[]> {
  return client.fetchQuery(STORES_QUERY);
}

/** The stores as a screen reads them (the same query, so the list is fetched once for all). */
export const useStores = () => useQuery({ ...STORES_QUERY, retry: false });
