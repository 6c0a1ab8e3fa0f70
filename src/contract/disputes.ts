/**
 * Disputes' requests and answers (onboarding spec §7 "Disputes"; src/server/routes/disputes.ts;
 * docs/disputes.md), for the server's routes and service and the web app's calls alike.
 */
import {
  CHALLENGE_NOTE_MAX,
  CHALLENGE_REASONS,
  DISPUTE_ATTACHMENTS_MAX,
  DISPUTE_STATUSES,
  DISPUTES_PAGE_SIZE,
  DISPUTES_PAGE_SIZE_MAX,
} from '../domain/disputes';
import {
  Instant,
  LIST_FILTERS,
  Nullable,
  NullableString,
  OneOf,
  Type,
  ValueList,
  type Static,
  TokenPage,
  TokenPageQuery,
} from './common';

export const TimelineEntry = Type.Object(
  {
    at: Instant,
    /** opened | challenged | approved | declined | cancelled (a later kind is shown by its name). */
    kind: Type.String(),
    by: Type.Optional(Type.String()),
    note: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type TimelineEntry = Static<typeof TimelineEntry>;

const Attachment = Type.Object({ url: Type.String(), name: Type.String() });

export const Dispute = Type.Object({
  id: Type.String(),
  merchant_id: Type.String(),
  store_id: NullableString(),
  order_id: Type.String(),
  status: OneOf(DISPUTE_STATUSES),
  type: Type.String(),
  amount: Type.String({ description: 'decimal, with the currency’s decimals' }),
  currency: Type.String(),
  customer_name: Type.String(),
  created_at: Instant,
  updated_at: Instant,
  respond_by: NullableString(),
  customer_note: NullableString(),
  order: Nullable(
    Type.Object(
      {
        items: Type.Optional(
          Type.Array(Type.Object({ name: Type.String(), quantity: Type.Number(), amount: Type.Number() })),
        ),
        product: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  ),
  timeline: Type.Array(TimelineEntry),
  challenge: Nullable(
    Type.Object({
      reason: OneOf(CHALLENGE_REASONS),
      note: Type.String(),
      attachments: Type.Array(Attachment),
      at: Instant,
      by: Type.String(),
    }),
  ),
  can_act: Type.Boolean({ description: 'the caller may refund or challenge it now' }),
});
export type Dispute = Static<typeof Dispute>;

const FILTERS = {
  statuses: Type.Optional(ValueList(`any of ${DISPUTE_STATUSES.join(', ')}; a list or comma-separated`)),
  ...LIST_FILTERS,
  query: Type.Optional(
    Type.String({ maxLength: 100, description: 'part of a dispute id, an order id or a customer name' }),
  ),
};

/** The filters of an export (every page of them). */
export const DisputeFilters = Type.Object(FILTERS, { additionalProperties: false });
export type DisputeFilters = Static<typeof DisputeFilters>;

export const DisputesQuery = TokenPageQuery(FILTERS, {
  default: DISPUTES_PAGE_SIZE,
  max: DISPUTES_PAGE_SIZE_MAX,
});
export type DisputesQuery = Static<typeof DisputesQuery>;

/** A page of disputes, newest first; the next page's token while there are more. */
export const DisputesPage = TokenPage('disputes', Dispute);
export type DisputesPage = Static<typeof DisputesPage>;

export const ActiveDisputes = Type.Object({
  total: Type.Integer(),
  statuses: Type.Array(Type.String()),
  pending: Type.Integer({ description: 'of them, those waiting for the merchant’s response' }),
});
export type ActiveDisputes = Static<typeof ActiveDisputes>;

/** What reading, refunding and challenging a dispute answer. */
export const DisputeAnswer = Type.Object({ dispute: Dispute });
export type DisputeAnswer = Static<typeof DisputeAnswer>;

export const ChallengeBody = Type.Object(
  {
    reason: OneOf(CHALLENGE_REASONS),
    note: Type.Optional(Type.String({ maxLength: CHALLENGE_NOTE_MAX })),
    attachments: Type.Optional(
      Type.Array(Type.String({ maxLength: 2048 }), {
        maxItems: DISPUTE_ATTACHMENTS_MAX,
        description: 'addresses answered by the attachments upload',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ChallengeBody = Static<typeof ChallengeBody>;
