/**
 * The onboarding review loop (issue 58; onboarding spec §3 application status, §8 document rejection reasons):
 * the statuses an application moves through once submitted, which moves are allowed, and the catalogue of
 * reasons a reviewer gives, each naming the answers it concerns. Pure: the server and the app share it.
 *
 * Decisions where the spec is silent (docs/review.md):
 * - **Statuses.** The spec's own: the merchant's submit leaves an application `partially_submitted` (the view page
 *   requires it), and `submitted` is an application the provider mapped to a business profile — so approving
 *   gives `submitted`, which also closes the application's pages (shell spec: "view application: no submitted
 *   application"). The loop adds `in_review` (a reviewer has taken it), `sent_back` (the merchant's turn: change
 *   what was sent back), `resubmitted` (waiting again, changed) and `rejected` (final). A path that ended at a
 *   reach-out step waits like any other, flagged for sales.
 * - **One reviewer at a time.** Taking an application moves it to `in_review` under that reviewer; only they act
 *   on it, and an act needs it still `in_review`: a second reviewer, or a second click, is refused (409).
 *   A reviewer may let go of an application (it waits again as it was).
 * - **Reasons name fields by name**, not by place: the same licence field stands in a different step on each
 *   country's path, and ops change the steps without code. A reason concerns the answers whose last pointer part
 *   is one of its `fields` (an owner's field only for owners of its `owners` kind). A reason none of whose fields
 *   the application has (an articles-of-association upload, which today's form does not ask for) is not offered
 *   for it: a merchant is never asked to change what the form does not show.
 * - **Rejecting** takes one reason from the same catalogue (a document that cannot be fixed) or `general_reject`,
 *   capital's wording for "does not meet our criteria", so one catalogue words both products' decisions.
 */
import { isOneOf } from './oneOf';

import { getAt, isWithin, toPointer } from '../engine/core/pointer';

/** The provider's staff role that reviews applications (accounts' `staff_role`; product ops keep the studio). */
export const REVIEWER_ROLE = 'onboarding_reviewer';

export const REVIEW_STATUSES = [
  'partially_submitted',
  'in_review',
  'sent_back',
  'resubmitted',
  'submitted',
  'rejected',
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const isReviewStatus = isOneOf(REVIEW_STATUSES);

/** Waiting for a reviewer: the queue's default. */
export const WAITING_STATUSES: readonly ReviewStatus[] = ['partially_submitted', 'resubmitted'];
/** Approved (the spec's `submitted`: mapped to a business profile) or rejected: final. */
export const DECIDED_STATUSES: readonly ReviewStatus[] = ['submitted', 'rejected'];

export const REVIEW_ACTIONS = ['take', 'release', 'approve', 'reject', 'send_back', 'resubmit'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** Who makes each move: the reviewer in the console, or the merchant in the wizard. */
export const ACTION_BY: Record<ReviewAction, 'reviewer' | 'merchant'> = {
  take: 'reviewer',
  release: 'reviewer',
  approve: 'reviewer',
  reject: 'reviewer',
  send_back: 'reviewer',
  resubmit: 'merchant',
};

/**
 * Where a move takes an application from where it stands; undefined when the move is not allowed there. `release`
 * returns it to the queue as it waited (`resubmitted` after a round, else `partially_submitted`): `round` says which.
 */
export function reviewMove(status: string, action: ReviewAction, round = 0): ReviewStatus | undefined {
  switch (action) {
    case 'take':
      return WAITING_STATUSES.includes(status as ReviewStatus) ? 'in_review' : undefined;
    case 'release':
      return status === 'in_review' ? (round > 0 ? 'resubmitted' : 'partially_submitted') : undefined;
    case 'approve':
      return status === 'in_review' ? 'submitted' : undefined;
    case 'reject':
      return status === 'in_review' ? 'rejected' : undefined;
    case 'send_back':
      return status === 'in_review' ? 'sent_back' : undefined;
    case 'resubmit':
      return status === 'sent_back' ? 'resubmitted' : undefined;
  }
}

/** Which owners an owner's field concerns (the owner's flags in `legal_info.company_owners`). */
export type OwnerKind = 'ubo' | 'manager' | 'signatory' | 'shareholder';
export const OWNER_FLAG: Record<OwnerKind, string> = {
  ubo: 'is_ultimate_beneficial_owner',
  manager: 'is_senior_management',
  signatory: 'is_authorised_signatory',
  shareholder: 'is_shareholder',
};

export interface ReviewReason {
  /** The answers' fields it concerns, by their name (a pointer's last part). */
  fields: readonly string[];
  /** For an owner's field: which owners. */
  owners?: OwnerKind;
  /** Sent back (the merchant can fix it) or a decision (rejecting; capital's reasons). */
  use: 'send_back' | 'decision' | 'both';
}

const ID = ['national_id_url', 'national_id_backside_url'] as const;
const ID_EXPIRY = ['national_id_url', 'national_id_backside_url', 'national_id_expiration_date'] as const;
const OWNER_INFO = ['name', 'nationality', 'identity_type', 'identity_id', 'birth_date', 'role'] as const;

/**
 * The reasons, in the spec's order (onboarding spec §8 "Document rejection reasons"; capital's keys last). Their
 * words are `reasons:<key>.title` (what is wrong) and `reasons:<key>.fix` (what to do), in both languages.
 */
export const REVIEW_REASONS = {
  irrelevant_license: { fields: ['license_url'], use: 'both' },
  irrelevant_national_id: { fields: ['national_id_url'], use: 'both' },
  irrelevant_vat_certificate: { fields: ['vat_certificate_url'], use: 'both' },
  irrelevant_entity_type: { fields: ['business_type', 'business_license_type'], use: 'both' },
  irrelevant_articles_of_association: { fields: ['articles_of_association_url'], use: 'both' },
  irrelevant_partnership_agreement: { fields: ['partnership_agreement_url'], use: 'both' },
  irrelevant_ownership_chart: { fields: ['company_structure_chart_url'], use: 'both' },
  irrelevant_ubo_id: { fields: ID, owners: 'ubo', use: 'both' },
  irrelevant_manager_id: { fields: ID, owners: 'manager', use: 'both' },
  irrelevant_signatory_id: { fields: ID, owners: 'signatory', use: 'both' },
  license_expires_soon: { fields: ['license_url', 'license_expiry_date'], use: 'send_back' },
  license_expired: { fields: ['license_url', 'license_expiry_date'], use: 'both' },
  vat_name_mismatch: { fields: ['vat_certificate_url', 'legal_company_name'], use: 'send_back' },
  missing_id_backside: { fields: ['national_id_backside_url'], use: 'send_back' },
  id_name_not_in_license: { fields: ['national_id_url', 'license_url'], use: 'both' },
  website_unreachable: { fields: ['web_url'], use: 'send_back' },
  website_irrelevant: { fields: ['web_url'], use: 'both' },
  national_id_expired: { fields: ID_EXPIRY, use: 'send_back' },
  ubo_national_id_expired: { fields: ID_EXPIRY, owners: 'ubo', use: 'send_back' },
  manager_national_id_expired: { fields: ID_EXPIRY, owners: 'manager', use: 'send_back' },
  signatory_national_id_expired: { fields: ID_EXPIRY, owners: 'signatory', use: 'send_back' },
  merchant_not_contactable: { fields: ['phone', 'email'], use: 'both' },
  activity_not_matching: { fields: ['section_id', 'category_id'], use: 'both' },
  checkout_page_issue: { fields: ['web_url'], use: 'send_back' },
  iban_mismatch: { fields: ['iban', 'beneficiary_name_en', 'beneficiary_name_ar'], use: 'send_back' },
  iban_certificate_mismatch: { fields: ['iban_certificate_url'], use: 'send_back' },
  iban_not_found: { fields: ['iban'], use: 'send_back' },
  proof_of_address_mismatch: { fields: ['proof_of_address_url'], use: 'send_back' },
  manager_info_incorrect: { fields: OWNER_INFO, owners: 'manager', use: 'send_back' },
  signatories_info_incorrect: { fields: OWNER_INFO, owners: 'signatory', use: 'send_back' },
  shareholder_info_incorrect: {
    fields: [...OWNER_INFO, 'shares_percent'],
    owners: 'shareholder',
    use: 'send_back',
  },
  // Capital's keys (capital spec: a rejected capital application's reasons), worded by the same catalogue.
  general_reject: { fields: [], use: 'decision' },
  no_valid_license: { fields: [], use: 'decision' },
  high_exposure: { fields: [], use: 'decision' },
} as const satisfies Record<string, ReviewReason>;

export type ReviewReasonKey = keyof typeof REVIEW_REASONS;
export const REVIEW_REASON_KEYS = Object.keys(REVIEW_REASONS) as ReviewReasonKey[];
export const isReviewReason = (value: unknown): value is ReviewReasonKey =>
  typeof value === 'string' && Object.hasOwn(REVIEW_REASONS, value);

/** A reason a merchant can act on: it sends back fields. */
export const canSendBack = (key: ReviewReasonKey) => REVIEW_REASONS[key].use !== 'decision';
/** A reason an application can be rejected with. */
export const canDecide = (key: ReviewReasonKey) => REVIEW_REASONS[key].use !== 'send_back';

/**
 * The answers a reason concerns in this application: every pointer whose last part is one of its fields (for an
 * owner's reason, inside an owner of its kind). Only answered fields count: what the merchant never saw is not
 * sent back. Pointers in the answers' order, so the console lists them as the form does.
 */
export function reasonPointers(key: ReviewReasonKey, answers: Record<string, unknown>): string[] {
  const reason: ReviewReason = REVIEW_REASONS[key];
  if (reason.fields.length === 0) return [];
  const found: string[] = [];
  const walk = (node: unknown, parts: string[], owner: Record<string, unknown> | null) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...parts, String(i)], owner));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const isOwner = parts.at(-2) === 'company_owners';
    const here = isOwner ? record : owner;
    for (const [name, value] of Object.entries(record)) {
      const path = [...parts, name];
      const wanted =
        (reason.fields as readonly string[]).includes(name) && value !== undefined && value !== null;
      // An owner's reason only inside an owner of its kind; any other wherever the field stands (the
      // freelancer's own ID, or any owner's: "missing ID backside").
      const ownerFits = !reason.owners || (here !== null && here[OWNER_FLAG[reason.owners]] === true);
      if (wanted && ownerFits) found.push(toPointer(path));
      walk(value, path, here);
    }
  };
  walk(answers, [], null);
  return found;
}

/** What the console offers to send back: each reason that concerns something here, with the answers it concerns. */
export const offeredReasons = (answers: Record<string, unknown>) =>
  REVIEW_REASON_KEYS.filter(canSendBack)
    .map((reason) => ({ reason, pointers: reasonPointers(reason, answers) }))
    .filter((offered) => offered.pointers.length > 0);

/** The reasons that concern something in this application. */
export const reasonsFor = (answers: Record<string, unknown>): ReviewReasonKey[] =>
  offeredReasons(answers).map((offered) => offered.reason);

/**
 * What was sent back as the wizard's attention list: each reason as a message on its field, until the merchant
 * saves that step (the message reads the reason's title and what to do, `review:sentBackField`).
 */
export const sentBackAttention = (items: readonly SentBackItem[]) =>
  items.map((item) => ({
    pointer: item.pointer,
    key: 'review:sentBackField',
    params: { reason: item.reason },
  }));

/** One thing sent back: a reason on one of the answers it concerns. */
export interface SentBackItem {
  reason: ReviewReasonKey;
  pointer: string;
}

/**
 * What a resubmission still lacks: every answer sent back must have changed (a same-file re-upload is the same
 * address, so it has not). Returns the pointers that did not.
 */
export function unchangedSentBack(
  items: readonly SentBackItem[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return [...new Set(items.map((i) => i.pointer))].filter((p) => same(getAt(before, p), getAt(after, p)));
}

/**
 * Whether a pointer is open to the merchant while sent back: the pointer itself, or inside one sent back (an
 * owner's card sent back as a whole). Everything else stays as it was.
 */
export const isOpenWhileSentBack = (items: readonly SentBackItem[], pointer: string) =>
  items.some((i) => isWithin(pointer, i.pointer));
