/**
 * Live support chat (shell spec §2.9, §3 "Support chat user: user_id, name. Chat state: unread_channel_ids,
 * has_unread_messages"; docs/chat.md): what the merchant's chat, the agents' console and the server agree on.
 * Pure: no I/O.
 *
 * A **channel** is one conversation between a merchant's people and the provider's agents; it is `open` until an
 * agent closes it (a new message from the merchant after that opens a new channel). Messages are numbered by the
 * server in the order they were stored (`seq`, one counter for all channels), so a client that lost its
 * connection asks for everything after the last number it holds and misses nothing. A message sent twice with
 * the same `client_id` (a resend after a drop) is stored once.
 */

export const CHAT_STATUSES = ['open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** The longest message, in characters. */
export const CHAT_MESSAGE_MAX = 4000;

/** How long a chat token lets its holder connect (shell spec §2.9 obtains one at the chat's start). */
export const CHAT_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * Messages one account may send (the socket and HTTP together, on every server): five a second on average, twenty
 * at once. A person typing never meets it — a resend of twenty messages written offline passes — while one
 * script can no longer store thousands a minute and slow everybody else (docs/chat.md "Limits").
 */
export const CHAT_SEND_RATE = { perSecond: 5, burst: 20 } as const;

export interface ChatMessage {
  /** The server's order number: strictly increasing over every channel. */
  seq: number;
  channel_id: string;
  author: 'merchant' | 'agent';
  author_name: string;
  body: string;
  client_id: string | null;
  created_at: string;
}

export interface ChatChannel {
  id: string;
  merchant_id: string;
  merchant_name: string;
  status: ChatStatus;
  opened_by: string;
  last_seq: number;
  last_message_at: string;
}

/** The chat state of the shell's sidebar (§3): which channels have messages the reader has not read. */
export interface ChatState {
  unread_channel_ids: string[];
  has_unread_messages: boolean;
}

/**
 * Which channels are unread for a reader: those whose last message is someone else's and comes after the
 * reader's read marker (the last `seq` they have read there).
 * @param channels - each with its last message's seq and author side
 * @param reads - the reader's read markers, by channel id
 * @param side - the reader's side: their own messages never make a channel unread
 */
export function unreadState(
  channels: { id: string; last_seq: number; last_author: 'merchant' | 'agent' | null }[],
  reads: Record<string, number>,
  side: 'merchant' | 'agent',
): ChatState {
  const unread = channels
    .filter((c) => c.last_author !== null && c.last_author !== side && c.last_seq > (reads[c.id] ?? 0))
    .map((c) => c.id);
  return { unread_channel_ids: unread, has_unread_messages: unread.length > 0 };
}

/** A message's text as stored: trimmed; none when empty or too long. */
export function chatText(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  const text = body.trim();
  return text.length > 0 && text.length <= CHAT_MESSAGE_MAX ? text : null;
}

/** The name a merchant user shows in the chat (§2.9): their e-mail, else their phone. */
export const chatName = (account: { email: string | null; phone: string | null }) =>
  account.email ?? account.phone ?? '';

/**
 * The agents' queue order: conversations waiting for an answer (the merchant wrote last, or nobody yet) first,
 * the longest waiting first; then the answered ones, the oldest answer first. The server orders the same way.
 */
export function queueOrder<C extends { id: string; last_author: string | null; last_message_at: string }>(
  channels: C[],
): C[] {
  const answered = (c: C) => (c.last_author === 'agent' ? 1 : 0);
  return [...channels].sort(
    (a, b) =>
      answered(a) - answered(b) ||
      a.last_message_at.localeCompare(b.last_message_at) ||
      a.id.localeCompare(b.id),
  );
}
