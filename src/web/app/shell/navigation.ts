/**
 * The sidebar's sections and items (shell spec §2.3) and the route each opens, with the computed permission
 * that shows it — the same rule gates the route (spec §2.7).
 */
import type { ComputedPermissions } from '../../../domain/permissions';
import type { ENTRY_SECTIONS } from '../../../engine/core/types';

export type Allow = (p: ComputedPermissions) => boolean;

export interface NavItem {
  id: string;
  path: string;
  allow: Allow;
  /** Badge rule: `new` until first visited (local flag), or none. */
  badge?: 'disputes' | 'capital' | 'support';
}

export interface NavSection {
  /** The same sections a catalogue flow's entry may join (flow.json `entry.section`). */
  id: (typeof ENTRY_SECTIONS)[number];
  items: NavItem[];
}

export const NAVIGATION: NavSection[] = [
  {
    id: 'general',
    items: [
      { id: 'legalEntities', path: '/legal-entities', allow: (p) => p.canViewStoreManagement },
      { id: 'dashboard', path: '/dashboard', allow: (p) => p.canViewDashboard },
      { id: 'orders', path: '/payments', allow: (p) => p.canViewOrders },
      { id: 'analytics', path: '/analytics', allow: (p) => p.canViewAnalytics },
      { id: 'ads', path: '/ads', allow: (p) => p.canViewAds },
      { id: 'disputes', path: '/disputes', allow: (p) => p.canViewDisputes, badge: 'disputes' },
      { id: 'locations', path: '/locations', allow: (p) => p.canViewLocations },
    ],
  },
  {
    id: 'finance',
    items: [
      { id: 'merchantWallet', path: '/finance/merchant-wallet', allow: (p) => p.canViewMerchantWallet },
      { id: 'payouts', path: '/finance/payouts', allow: (p) => p.isPayoutsAllowed },
      { id: 'capital', path: '/finance/capital', allow: (p) => p.canViewCapital, badge: 'capital' },
      { id: 'card', path: '/finance/card', allow: (p) => p.canViewCard },
    ],
  },
  { id: 'marketing', items: [{ id: 'marketing', path: '/marketing', allow: (p) => p.canViewMarketing }] },
  {
    id: 'businessProfile',
    items: [
      { id: 'stores', path: '/business-profile/stores', allow: (p) => p.isWorkspaceAdmin },
      { id: 'users', path: '/users', allow: (p) => p.isWorkspaceAdmin },
      { id: 'support', path: '/support', allow: (p) => p.canViewSupport, badge: 'support' },
    ],
  },
];

/** Root's redirect, in the spec's order (§2.6): create application, view application, dashboard, payments, else account. */
export function rootTarget(p: ComputedPermissions): string {
  if (p.canCreateApplication) return '/applications/new';
  if (p.canViewApplication) return '/applications';
  if (p.canViewDashboard) return '/dashboard';
  if (p.canViewOrders) return '/payments';
  return '/account';
}

export { legalEntityAlert } from '../../../domain/legalEntities';
