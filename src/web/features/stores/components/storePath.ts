/**
 * A store's address in the app.
 */
import { type StoreTab } from '../../../../domain/stores';

export const storePath = (id: string, tab: StoreTab = 'commissions') =>
  `/business-profile/stores/${encodeURIComponent(id)}/${tab}`;
