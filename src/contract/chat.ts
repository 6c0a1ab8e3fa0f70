/**
 * The live chat's calls over HTTP (docs/chat.md; src/server/routes/chat.ts), for the server's routes and the web
 * app's calls alike. The chat's shapes are the domain's (`ChatMessage`, `ChatChannel`, `ChatState` in
 * src/domain/chat.ts, which the socket's frames share and the domain may not import from here); the checks at the
 * end keep the contract's and the domain's equal, so a field renamed on either side fails the type check.
 */
import {
  CHAT_MESSAGE_MAX,
  CHAT_STATUSES,
  type ChatChannel,
  type ChatMessage,
  type ChatState,
} from '../domain/chat';
import { OF_MERCHANT, NullableString, OneOf, Type, type Static, type Same } from './common';

const Side = OneOf(['merchant', 'agent'] as const);

export const Message = Type.Object(
  {
    seq: Type.Integer({ description: "the server's order number, strictly increasing over every channel" }),
    channel_id: Type.String(),
    author: Side,
    author_name: Type.String(),
    body: Type.String(),
    client_id: NullableString(),
    created_at: Type.String(),
  },
  { additionalProperties: true },
);

/** A channel as a list shows it: with who wrote last and (for the reader) how far they have read. */
export const Channel = Type.Object(
  {
    id: Type.String(),
    ...OF_MERCHANT,
    status: OneOf(CHAT_STATUSES),
    opened_by: Type.String(),
    last_seq: Type.Integer(),
    last_author: Type.Unsafe<'merchant' | 'agent' | null>({
      type: ['string', 'null'],
      enum: ['merchant', 'agent', null],
    }),
    last_message_at: Type.String(),
    last_read_seq: Type.Optional(Type.Integer()),
  },
  { additionalProperties: true },
);
export type Channel = Static<typeof Channel>;

/** The sidebar's dot (shell spec §3 "Chat state"). */
export const State = Type.Object(
  { unread_channel_ids: Type.Array(Type.String()), has_unread_messages: Type.Boolean() },
  { additionalProperties: true },
);

export const Token = Type.Object({
  token: Type.String(),
  user: Type.Object({ user_id: Type.String(), name: Type.String() }, { additionalProperties: true }),
});
export const Channels = Type.Object({ channels: Type.Array(Channel) });
export const ChannelMessages = Type.Object({ channel: Channel, messages: Type.Array(Message) });
export const ChannelAnswer = Type.Object({ channel: Channel });
export const Sent = Type.Object({ message: Message });

export const SendBody = Type.Object(
  {
    channel_id: Type.Optional(Type.String({ maxLength: 100 })),
    body: Type.String({ maxLength: CHAT_MESSAGE_MAX + 100 }),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export const ReadBody = Type.Object({ seq: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

// The contract's shapes and the domain's are the same (a rename on either side fails here).
export type Checks = [
  Same<Static<typeof Message>, ChatMessage>,
  Same<Static<typeof State>, ChatState>,
  Same<Omit<Channel, 'last_author' | 'last_read_seq'>, ChatChannel>,
];
