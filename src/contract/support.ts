/**
 * Support tickets' requests and answers (onboarding spec §7 "Support"; src/server/routes/support.ts;
 * docs/support.md), for the server's routes and service and the web app's calls alike.
 */
import {
  CSAT_NOTE_MAX,
  CSAT_STATES,
  TICKET_ATTACHMENTS_MAX,
  TICKET_FILTER_STATUSES,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
  TICKET_TEXT_MAX,
  TICKET_TOPICS,
  TICKETS_LIMIT,
  TICKETS_LIMIT_MAX,
} from '../domain/support';
import { Instant, LIST_FILTERS, NullableString, OneOf, Type, ValueList, type Static } from './common';

export const Ticket = Type.Object({
  id: Type.String(),
  merchant_id: Type.String(),
  status: OneOf(TICKET_STATUSES),
  filter_status: OneOf(TICKET_FILTER_STATUSES, {
    description: 'the list filter it is found under (hold, escalated: opened)',
  }),
  topic: OneOf(TICKET_TOPICS),
  topics: Type.Array(Type.String()),
  title: Type.String({ description: 'the first line of its first message, or the subject given' }),
  opened_by: NullableString(),
  csat: OneOf(CSAT_STATES),
  csat_note: NullableString(),
  can_rate: Type.Boolean({ description: 'the caller may like or dislike it now' }),
  created_at: Instant,
  updated_at: Instant,
});
export type Ticket = Static<typeof Ticket>;

export const Message = Type.Object({
  id: Type.String(),
  author: OneOf(['merchant', 'agent'] as const),
  author_name: Type.String(),
  body: Type.String(),
  attachments: Type.Array(Type.Object({ url: Type.String(), name: Type.String() })),
  created_at: Instant,
});
export type Message = Static<typeof Message>;

/** A ticket with its conversation: what opening, reading and rating one answer. */
export const TicketWithMessages = Type.Object({ ticket: Ticket, messages: Type.Array(Message) });
export type TicketWithMessages = Static<typeof TicketWithMessages>;

export const TicketsQuery = Type.Object(
  {
    statuses: Type.Optional(
      ValueList(`any of ${TICKET_STATUSES.join(', ')} (opened also finds hold and escalated)`),
    ),
    topics: Type.Optional(ValueList(`any of ${TICKET_TOPICS.join(', ')}`)),
    ...LIST_FILTERS,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TICKETS_LIMIT_MAX, default: TICKETS_LIMIT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
    request_id: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type TicketsQuery = Static<typeof TicketsQuery>;

/** A page of tickets, newest first. */
export const TicketsPage = Type.Object({
  tickets: Type.Array(Ticket),
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
});
export type TicketsPage = Static<typeof TicketsPage>;

export const OpenTicketBody = Type.Object(
  {
    topic: Type.String({ maxLength: 50, description: TICKET_TOPICS.join(', ') }),
    subject: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: `the ticket's title, ${TICKET_SUBJECT_MIN}–${TICKET_SUBJECT_MAX} characters (default: the text's first line)`,
      }),
    ),
    text: Type.String({ maxLength: TICKET_TEXT_MAX }),
    attachments: Type.Optional(
      Type.Array(Type.String({ maxLength: 2048 }), {
        maxItems: TICKET_ATTACHMENTS_MAX,
        description: 'addresses answered by the attachments upload',
      }),
    ),
    merchant_id: Type.Optional(
      Type.String({ maxLength: 100, description: 'default: the caller’s first merchant' }),
    ),
  },
  { additionalProperties: false },
);
export type OpenTicketBody = Static<typeof OpenTicketBody>;

export const CsatBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: CSAT_NOTE_MAX })) },
  { additionalProperties: false, description: 'an optional note (an empty object, or no body, for none)' },
);
