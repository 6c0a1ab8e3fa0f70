/**
 * Payouts (shell spec §2.6 `finance/payouts`, `payments/{paymentId}/payouts`; docs/payouts.md): completed payouts
 * and one payout, upcoming payouts per merchant, how reports work, and one payment's payouts.
 * One file per screen; this index is the area's lazy chunk.
 */
import { prefetchPayouts } from '../api';
export { CompletedPayouts } from './CompletedPayouts';
export { UpcomingPayouts } from './UpcomingPayouts';
export { HowReportsWork } from './HowReportsWork';
export { PaymentPayouts } from './PaymentPayouts';

/** Each screen's first questions, asked when its code loads (api/firstQuestions.ts). */
export const firstQuestions = { CompletedPayouts: prefetchPayouts };
