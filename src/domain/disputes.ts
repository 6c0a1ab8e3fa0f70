/**
 * Disputes (onboarding spec §2 "Other areas", §4, §5, §7, §9): the words the server and the app share. Pure.
 *
 * Decisions where the spec is silent (docs/disputes.md):
 * - **Active** disputes are those still open: `pending` (the merchant's turn: refund or challenge) and
 *   `arbitration` (challenged; the provider decides). The sidebar's badge counts them.
 * - A merchant **acts** on a pending dispute only: approving refunds the customer (`approved`); challenging
 *   sends it to arbitration with a reason, a note and up to 5 images. Declined, cancelled and approved are
 *   final. Both actions need `is_dispute_refund_allowed` (the spec: disputes are managed by admins and
 *   supervisors, who are the roles with that flag).
 * - Attachments: JPEG or PNG, at most 5 per challenge, each at most 5 MB where 1 MB = 1,000,000 bytes (the spec
 *   says "5", the unit "presumably MB"; decimal like the uploads' 10000 KB).
 */

import { dayBounds, isDay } from './days';
import { minorToDecimal } from './money';
import { isOneOf } from './oneOf';

export { dayBounds, isDay, minorToDecimal };

export const DISPUTE_STATUSES = ['pending', 'declined', 'cancelled', 'approved', 'arbitration'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const ACTIVE_DISPUTE_STATUSES: readonly DisputeStatus[] = ['pending', 'arbitration'];

/** The customer's reason for the dispute (spec §4 "customer dispute types"). */
export const DISPUTE_TYPES = [
  'identity_theft',
  'not_delivered',
  'product_issue',
  'unreceived_refund',
] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

/** The merchant's reasons to challenge (spec §4), in the order the form lists them. */
export const CHALLENGE_REASONS = [
  'order_on_its_way',
  'already_delivered',
  'amount_should_be_different',
  'delivery_problem',
  'other',
] as const;
export type ChallengeReason = (typeof CHALLENGE_REASONS)[number];

/** The longest challenge note, in characters. */
export const CHALLENGE_NOTE_MAX = 2000;
/** Attachments: images only, at most 5 a challenge, each at most 5 MB (decimal). */
export const DISPUTE_ATTACHMENTS_MAX = 5;
export const DISPUTE_ATTACHMENT_MAX_BYTES = 5 * 1000 * 1000;
export const DISPUTE_ATTACHMENT_TYPES = ['jpeg', 'jpg', 'png'] as const;

/** Lists: default page size (§9) and the largest a caller may ask for. */
export const DISPUTES_PAGE_SIZE = 20;
export const DISPUTES_PAGE_SIZE_MAX = 100;

/** The active-disputes count is read again after this long (§9: cached 300 s). */
export const ACTIVE_DISPUTES_CACHE_MS = 300_000;

export const isDisputeStatus = isOneOf(DISPUTE_STATUSES);

/** A dispute the merchant can still refund or challenge. */
export const canActOn = (status: string) => status === 'pending';

/**
 * The filters of a list (and of its export), as the URL and the API carry them.
 * Dates are days (`yyyy-mm-dd`): `from` at the start of that day, `to` at its end (23:59:59.999, §9).
 */
export interface DisputeFilters {
  statuses: DisputeStatus[];
  from?: string;
  to?: string;
  query?: string;
  merchantIds: string[];
}
