/**
 * The onboarding application's answers (onboarding spec §3, §7; src/server/routes/application.ts), for the
 * server's routes and the web app's calls alike. The application carries its answers at the top level beside
 * what we know of it, so it is open (`additionalProperties: true`): the fields listed are the ones the web app
 * reads, each typed; the answers pass through as they are.
 */
import type { FieldMessage } from '../engine/core/messages';
import { NullableString, Nullable, OneOf, Type, type Static } from './common';
import { REVIEW_STATUSES } from '../domain/review';
import { SentBackItem } from './review';

/**
 * draft → partially_submitted (sent, waiting for a reviewer); then the review loop (docs/review.md): in_review →
 * sent_back → resubmitted …, until submitted (approved: mapped to a business profile) or rejected.
 */
export const APPLICATION_STATUSES = ['draft', ...REVIEW_STATUSES] as const;

export const Application = Type.Object(
  {
    id: Type.String(),
    status: OneOf(APPLICATION_STATUSES),
    flow_version: Type.String({
      description: 'the onboarding flow version (SHA-256 id) the answers belong to',
    }),
    steps: Type.Array(Type.String(), { description: 'the steps of the path the answers take' }),
    attention: Type.Unsafe<FieldMessage[]>({
      type: 'array',
      items: { type: 'object', additionalProperties: true },
      description: 'fields a newer version of the form dropped: the merchant is asked to check them',
    }),
    first_incomplete_step: NullableString(),
    sent_back: Type.Array(SentBackItem, { description: 'sent back: each reason on the answer it concerns' }),
    review_note: NullableString({ description: 'the reviewer’s note (sent back or rejected)' }),
    decision_reason: NullableString({ description: 'rejected: a key of the reason catalogue' }),
    review_round: Type.Integer({ description: 'how many times it was sent back' }),
    requires_sales_contact: Type.Boolean(),
    business_name: Type.Optional(Type.String()),
    submitted_at: NullableString(),
  },
  { additionalProperties: true },
);
export type Application = Static<typeof Application> & Record<string, unknown>;
/** The account's application, or null when it has none yet. */
export const ApplicationOrNone = Nullable(Application);

/** Starting the application, with the UTM values the landing page came with. */
export const StartBody = Type.Unsafe<{ advertisement?: Record<string, string> } | null>({
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { advertisement: { type: 'object', maxProperties: 10 } },
});

/** A business section or category (§7), named in the language asked for. */
export const Named = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  name_en: Type.Optional(Type.String()),
  name_ar: Type.Optional(Type.String()),
});
export const NamedList = Type.Object({ items: Type.Array(Named) });

/** An IBAN checked (§7 validation): as read (spaces out, upper case), its country and bank when it is valid. */
export const IbanLookup = Type.Object({
  iban: Type.String(),
  valid: Type.Boolean(),
  country: NullableString(),
  bank_name: NullableString(),
  reason: Type.Unsafe<'checksum' | null>({ type: ['string', 'null'], enum: ['checksum', null] }),
});
