/**
 * The dashboard's onboarding screens (onboarding spec §2 "Dashboard onboarding gate"): every dashboard route
 * first asks the gate (src/domain/dashboardGate.ts) with the first store's organization, then shows:
 * - business-profile: "under review" until ops approve; then the profile form (display name, support e-mail and
 *   phone, website), which leads to the contract;
 * - contract: the agreement to accept and sign; signing completes the second record and opens the dashboard;
 * - kuwait-blocked-notice: why a Kuwaiti store cannot use the dashboard;
 * - index: the home (DashboardHome: sales, disputes, notices, capital, API keys; docs/dashboard.md).
 *
 * One file per screen; this index is the area's lazy chunk.
 */
import { prefetchGate, prefetchHome } from '../api';
export { BusinessProfilePage } from './BusinessProfilePage';
export { ContractPage } from './ContractPage';
export { DashboardIndex } from './DashboardIndex';
export { KuwaitBlockedNotice } from './KuwaitBlockedNotice';

/** Each screen's first questions, asked when its code loads (api/firstQuestions.ts). */
export const firstQuestions = {
  DashboardIndex: prefetchHome,
  BusinessProfilePage: prefetchGate,
  ContractPage: prefetchGate,
  KuwaitBlockedNotice: prefetchGate,
};
