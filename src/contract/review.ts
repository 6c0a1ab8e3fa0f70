/**
 * The onboarding review console's calls (issue 58; src/server/routes/review.ts; domain/review.ts for the rules),
 * for the server's routes and the web app alike.
 */
import { REVIEW_REASON_KEYS, REVIEW_STATUSES } from '../domain/review';
import {
  ChoiceList,
  Instant,
  Nullable,
  NullableString,
  OneOf,
  PAGE_ANSWER,
  Type,
  type Static,
} from './common';

export const ReviewQueueQuery = Type.Object(
  {
    status: Type.Optional(ChoiceList(REVIEW_STATUSES)),
    country: Type.Optional(
      Type.String({ maxLength: 3, description: 'the country of main operations (alpha-3)' }),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'part of the business name, the e-mail or the application id',
      }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
  },
  { additionalProperties: false },
);
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;

/** An application as the queue lists it. */
export const QueuedApplication = Type.Object({
  id: Type.String(),
  status: OneOf(REVIEW_STATUSES),
  business_name: NullableString(),
  country: NullableString(),
  email: NullableString(),
  round: Type.Integer({ description: 'how many times it was sent back' }),
  reviewer_id: NullableString({ description: 'who has it (in review), else who acted last' }),
  requires_sales_contact: Type.Boolean(),
  submitted_at: Nullable(Instant),
});
export type QueuedApplication = Static<typeof QueuedApplication>;

export const ReviewQueue = Type.Object({ applications: Type.Array(QueuedApplication), ...PAGE_ANSWER });
export type ReviewQueue = Static<typeof ReviewQueue>;

/** A reason on one of the answers it concerns (a JSON pointer into the answers). */
export const SentBackItem = Type.Object(
  { reason: OneOf(REVIEW_REASON_KEYS), pointer: Type.String({ maxLength: 300 }) },
  { additionalProperties: false },
);

export const ReviewDetail = Type.Object({
  application: Type.Object({
    ...QueuedApplication.properties,
    answers: Type.Record(Type.String(), Type.Unknown(), {
      description: 'the answers as the merchant gave them',
    }),
    flow_version: Type.String(),
    sent_back: Type.Array(SentBackItem),
    decision_reason: NullableString(),
    note: NullableString({ description: 'the reviewer’s note to the merchant' }),
    decided_at: Nullable(Instant),
  }),
  changed: Type.Array(Type.String(), { description: 'the answers changed since it was last sent back' }),
  reasons: Type.Array(
    Type.Object({ reason: OneOf(REVIEW_REASON_KEYS), pointers: Type.Array(Type.String()) }),
    { description: 'the reasons that concern something in this application, with the answers each concerns' },
  ),
  history: Type.Array(
    Type.Object({
      action: Type.String(),
      from: Type.String(),
      to: Type.String(),
      by: NullableString(),
      reasons: Type.Array(Type.Unknown()),
      note: NullableString(),
      at: Instant,
    }),
  ),
});
export type ReviewDetail = Static<typeof ReviewDetail>;

export const RejectBody = Type.Object(
  { reason: Type.String({ maxLength: 60 }), note: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export type RejectBody = Static<typeof RejectBody>;
export const SendBackBody = Type.Object(
  {
    items: Type.Array(
      Type.Object({ reason: Type.String({ maxLength: 60 }), pointer: Type.String({ maxLength: 300 }) }),
      {
        maxItems: 100,
      },
    ),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type SendBackBody = Static<typeof SendBackBody>;
