/**
 * The generic drafts API's answers and bodies (docs/drafts-api.md; src/server/routes/drafts.ts). A draft's type
 * is the wizard engine's own (`DraftView` in src/engine/core/drafts.ts: the engine stands below the contract and
 * may not import it); the check at the end keeps the two equal both ways, so a field renamed on either side fails
 * the type check.
 */
import type { DraftView } from '../engine/core/drafts';
import type { FieldMessage } from '../engine/core/messages';
import { NullableString, OneOf, Type, type Static, type Same } from './common';

export const Draft = Type.Object(
  {
    id: Type.String(),
    flow: Type.String(),
    scope: Type.String(),
    version: Type.String({ description: 'the flow version (SHA-256 id) the answers belong to' }),
    status: OneOf(['draft', 'submitted'] as const),
    data: Type.Record(Type.String(), Type.Unknown(), { description: "the answers, in the flow's shape" }),
    steps: Type.Array(Type.String(), { description: 'the active steps, in order' }),
    first_incomplete_step: NullableString({
      description: 'where to resume (null once submitted or complete)',
    }),
    outcome: Type.Unsafe<'submit' | 'reach-out' | null>({
      type: ['string', 'null'],
      enum: ['submit', 'reach-out', null],
      description: 'how the submitted path ended (the `end` of its last step)',
    }),
    attention: Type.Unsafe<FieldMessage[]>({
      type: 'array',
      items: { type: 'object', additionalProperties: true },
      description: 'fields dropped when the draft was carried to a newer version',
    }),
    created_at: Type.String(),
    updated_at: Type.String(),
    submitted_at: NullableString(),
  },
  { additionalProperties: true },
);
export type Draft = Static<typeof Draft>;

/** Starting a draft: on a subject (an application's or an offer's id), or none. */
export const StartBody = Type.Unsafe<{ scope?: string } | null>({
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { scope: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,100}$' } },
});

// The contract's draft and the engine's are the same type (a rename on either side fails here).
export type Checks = Same<Draft, DraftView>;
