/**
 * Disputes (onboarding spec §2 "Other areas", §4, §7, §9; shell spec §2.3): the list with its filters in the
 * address, a dispute with its order, the customer's words and its timeline, the refund and the challenge, and
 * the FAQ. The tutorial's first step sits on the list; its second is the sidebar's users item (the shell's).
 *
 * One file per screen; this index is the area's lazy chunk.
 */
import { prefetchDisputes } from '../api';
export { DisputeDetail } from './DisputeDetail';
export { DisputesFaq, WebviewDisputesFaq } from './DisputesFaq';
export { DisputesList } from './DisputesList';

/** Each screen's first questions, asked when its code loads (api/firstQuestions.ts). */
export const firstQuestions = { DisputesList: prefetchDisputes };
