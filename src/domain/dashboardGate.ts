/**
 * The dashboard onboarding gate (onboarding spec §2), as one rule for the four dashboard routes. Pure: the
 * screens hand it what the business-profile call says about the first store's organization.
 *
 * - A store in Kuwait goes to the blocked notice (and only such a store sees it).
 * - Index needs the organization approved and the second onboarding record completed, else business-profile.
 * - Contract needs the organization approved (else business-profile); once completed, on to the dashboard.
 * - Business-profile, once approved: completed → dashboard; contract signed → contract (to complete it).
 */
export type DashboardPage = 'index' | 'business-profile' | 'contract' | 'kuwait-blocked-notice';

export interface OnboardingState {
  country: string;
  approved: boolean;
  signed: boolean;
  completed: boolean;
}

const PATH: Record<DashboardPage, string> = {
  index: '/dashboard',
  'business-profile': '/dashboard/business-profile',
  contract: '/dashboard/contract',
  'kuwait-blocked-notice': '/dashboard/kuwait-blocked-notice',
};

/** Where a page sends the merchant instead (null: the page shows). */
export function dashboardRedirect(page: DashboardPage, state: OnboardingState): string | null {
  const kuwait = state.country === 'KWT';
  if (page === 'kuwait-blocked-notice') return kuwait ? null : PATH.index;
  if (kuwait) return PATH['kuwait-blocked-notice'];
  if (page === 'index') return state.approved && state.completed ? null : PATH['business-profile'];
  if (page === 'contract') {
    if (!state.approved) return PATH['business-profile'];
    return state.completed ? PATH.index : null;
  }
  if (state.approved && state.completed) return PATH.index;
  if (state.approved && state.signed) return PATH.contract;
  return null;
}
