/**
 * The store an offer is for, by name (capital spec §2 Offer page store switcher).
 */
import { useStores } from '../../../api/stores';
import type { Offer } from '../../../../domain/capital/types';

/** A store's name for an offer's store id (the merchant's name while the stores load or for an unknown one). */
export function useStoreName(offers: readonly Offer[] | undefined) {
  const stores = useStores();
  return (storeId: string | null) =>
    stores.data?.find((s) => s.id === storeId)?.name ??
    offers?.find((o) => o.store_id === storeId)?.merchant_name;
}
