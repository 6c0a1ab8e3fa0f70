/**
 * Stores (onboarding spec §2 "Stores: list, store detail with tabs (commissions, contract, available products,
 * schedules)"; shell spec §2.6 `business-profile/stores/{merchantId}/{tab}`; docs/stores.md). The address's
 * `{merchantId}` carries the store's id (a merchant's stores are what this page lists) and `{tab}` the open tab.
 * Workspace admins only (the route's gate; the calls answer 403 to anybody else).
 *
 * One file per screen; this index is the area's lazy chunk.
 */
export { StoreDetailPage } from './StoreDetailPage';
export { StoresList } from './StoresList';
