/**
 * Live support chat (shell spec §2.9; docs/chat.md): the chat token, the merchant's channels and the agents'
 * queue, messages numbered for a lossless reconnect, read markers and the sidebar's unread state, an agent's
 * close — and a hub that hears of every stored message (PostgreSQL LISTEN/NOTIFY, so across server processes)
 * and passes it to the connections of this process that may see it.
 *
 * Who: a merchant's person with merchant access (canViewSupport) chats as the merchant and sees the merchant's
 * channels; the provider's ops staff (`staff_role = ops`) are the agents and see every channel. Anybody else
 * gets 403 for the token and every call.
 *
 * A chat token is bound to the session it was taken in: it opens no connection once that session has ended
 * (logout, a revoke), and a connection re-checks its holder — session and access — before each send and read,
 * when the hub hears that the account's access or the session changed (on any server: `pg_notify('access', …)`
 * from the users and sessions repositories), and at every ping. Sends are limited per account
 * (CHAT_SEND_RATE), over HTTP and the socket alike, in the database so every server counts them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CHAT_SEND_RATE,
  CHAT_TOKEN_TTL_MS,
  chatName,
  chatText,
  unreadState,
  type ChatChannel,
  type ChatMessage,
  type ChatState,
} from '../../domain/chat';
import type { Clock } from '../clock';
import { badRequest, fieldError, HttpError, notFound } from '../errors';
import type { AccountRepository } from '../repositories/account';
import { CHAT_NOTIFY, type ChannelRow, type ChatRepository, type MessageRow } from '../repositories/chat';
import { ACCESS_NOTIFY, parseAccessEvent } from '../repositories/accessEvents';
import type { RateLimitRepository } from '../repositories/rateLimits';
import { requireMerchants } from './memberships';

export interface ChatIdentity {
  accountId: string;
  side: 'merchant' | 'agent';
  name: string;
  /** The merchant side's merchants (with merchant access); none for agents, who see every channel. */
  merchantIds: string[];
  /** The session a live connection's token was taken in (none for an HTTP call: its request has one). */
  sessionId?: string;
}

export const messageView = (m: MessageRow): ChatMessage => ({
  seq: m.seq,
  channel_id: m.channelId,
  author: m.author as ChatMessage['author'],
  author_name: m.authorName,
  body: m.body,
  client_id: m.clientId,
  created_at: m.createdAt.toISOString(),
});

export const channelView = (c: ChannelRow): ChatChannel & { last_author: string | null } => ({
  id: c.id,
  merchant_id: c.merchantId,
  merchant_name: c.merchantName,
  status: c.status as ChatChannel['status'],
  opened_by: c.accountId ?? '',
  last_seq: c.lastSeq,
  last_author: c.lastAuthor,
  last_message_at: c.lastMessageAt.toISOString(),
});

/**
 * What the hub passes on: a new message, a channel closed, or a change of who may do what (an account's access,
 * a session ended) that live connections must check again.
 */
export type ChatEvent =
  | { kind: 'message'; message: MessageRow; merchantId: string }
  | { kind: 'closed'; channel: ChannelRow }
  | { kind: 'access'; accountId?: string; sessionId?: string };

/**
 * Hears every stored message (from any process) and tells this process's subscribers. One LISTEN per process.
 */
export function createChatHub(deps: {
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  repository: ChatRepository;
  log?: { error(details: object, message: string): void };
}) {
  const subscribers = new Set<(event: ChatEvent) => void>();
  let stops: (() => Promise<void>)[] | undefined;
  const tell = (event: ChatEvent) => {
    // One subscriber's failure (a socket that went away meanwhile) must not keep the others from hearing.
    for (const subscriber of subscribers)
      try {
        subscriber(event);
      } catch (error) {
        deps.log?.error({ err: error }, 'a chat subscriber failed');
      }
  };
  const heard = async (payload: string) => {
    const [channelId, what] = payload.split(':');
    if (!channelId || !what) return;
    const channel = await deps.repository.channel(channelId);
    if (!channel) return;
    let event: ChatEvent;
    if (what === 'closed') event = { kind: 'closed', channel };
    else {
      const message = await deps.repository.message(Number(what));
      if (!message) return;
      event = { kind: 'message', message, merchantId: channel.merchantId };
    }
    tell(event);
  };
  return {
    async start() {
      stops ??= [
        await deps.listen(
          CHAT_NOTIFY,
          (payload) =>
            void heard(payload).catch((error: unknown) =>
              deps.log?.error({ err: error }, 'reading a chat notification failed'),
            ),
        ),
        await deps.listen(ACCESS_NOTIFY, (payload) => {
          const event = parseAccessEvent(payload);
          if (event) tell({ kind: 'access', ...event });
        }),
      ];
    },
    subscribe(subscriber: (event: ChatEvent) => void) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      for (const stop of stops ?? []) await stop();
      stops = undefined;
      subscribers.clear();
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;

export interface ChatDeps {
  repository: ChatRepository;
  accounts: AccountRepository;
  clock: Clock;
  /** The HMAC key of chat tokens, shared by every server process (kept in the database). */
  secret: () => Promise<string>;
  /** Whether a session is still open (not ended, not expired) and the account's. */
  sessionOpen: (sessionId: string, accountId: string) => Promise<boolean>;
  limits: RateLimitRepository;
}

export function createChatService(deps: ChatDeps) {
  const context = chatContext(deps);
  return {
    ...accessCalls(context),
    ...conversationCalls(context),
  };
}

/** What the calls share: who is asking (a merchant's member or an agent), what they see, the channels' rows. */
function chatContext(deps: ChatDeps) {
  const { repository: repo, accounts, clock } = deps;

  async function identityOf(accountId: string): Promise<ChatIdentity> {
    const account = await accounts.account(accountId);
    if (!account) throw new HttpError(401, 'unauthorized');
    // An agent shows as their first name (merchants read "Support · Huda"), never their staff e-mail; without
    // one, as support alone.
    if (account.staffRole === 'ops')
      return { accountId, side: 'agent', name: account.firstName ?? '', merchantIds: [] };
    const merchantIds = await requireMerchants(accounts, accountId, 'has_merchant_access');
    return { accountId, side: 'merchant', name: chatName(account), merchantIds };
  }

  const sees = (who: ChatIdentity, merchantId: string) =>
    who.side === 'agent' || who.merchantIds.includes(merchantId);

  async function channelFor(who: ChatIdentity, channelId: string) {
    const channel = await repo.channel(channelId);
    // Another merchant's channel reads as missing.
    if (!channel || !sees(who, channel.merchantId)) throw notFound('channel not found');
    return channel;
  }

  const sign = async (body: string) =>
    createHmac('sha256', await deps.secret())
      .update(body)
      .digest('base64url');

  async function channelsOf(who: ChatIdentity) {
    return who.side === 'agent' ? repo.queue('open') : repo.channelsOf(who.merchantIds);
  }

  /** The reader's channels and their read markers: one read of each, shared by the state and the list. */
  async function withReads(who: ChatIdentity) {
    const channels = await channelsOf(who);
    const reads = await repo.reads(
      who.accountId,
      channels.map((c) => c.id),
    );
    return { channels, reads };
  }

  const stateOf = (who: ChatIdentity, seen: Awaited<ReturnType<typeof withReads>>): ChatState =>
    unreadState(
      seen.channels.map((c) => ({
        id: c.id,
        last_seq: c.lastSeq,
        last_author: c.lastAuthor as 'merchant' | 'agent' | null,
      })),
      seen.reads,
      who.side,
    );

  return { deps, repo, accounts, clock, identityOf, sees, channelFor, sign, channelsOf, withReads, stateOf };
}
type ChatContext = ReturnType<typeof chatContext>;

/** Who may chat: the caller's identity, the token the socket is opened with, checked and rechecked. */
function accessCalls(context: ChatContext) {
  const { deps, clock, identityOf, sees, sign } = context;
  return {
    identityOf,
    sees,

    /**
     * GET /merchant/api/v1/support/chat-token: `{ token, user: { user_id, name } }`, valid 10 minutes and only
     * while the session it was taken in lasts.
     */
    async token(accountId: string, sessionId: string) {
      const who = await identityOf(accountId);
      const body = Buffer.from(
        JSON.stringify({
          sub: who.accountId,
          sid: sessionId,
          exp: clock.now().getTime() + CHAT_TOKEN_TTL_MS,
        }),
      ).toString('base64url');
      return { token: `${body}.${await sign(body)}`, user: { user_id: who.accountId, name: who.name } };
    },

    /** The identity a chat token stands for, while it is valid; null otherwise. */
    async verify(token: string): Promise<ChatIdentity | null> {
      const [body, mac] = token.split('.');
      if (!body || !mac) return null;
      const expected = Buffer.from(await sign(body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let claims: { sub?: unknown; sid?: unknown; exp?: unknown } | null;
      try {
        claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
      } catch {
        return null;
      }
      if (
        claims === null ||
        typeof claims !== 'object' ||
        typeof claims.sub !== 'string' ||
        typeof claims.sid !== 'string' ||
        typeof claims.exp !== 'number' ||
        claims.exp < clock.now().getTime()
      )
        return null;
      const now = await this.recheck({ accountId: claims.sub, sessionId: claims.sid });
      return 'identity' in now ? now.identity : null;
    },

    /**
     * A live connection's holder as they are now, or why they may no longer chat: their session has ended
     * (logout, a revoke, expiry), or their access went (removed from the team, a role without merchant access).
     */
    async recheck(who: {
      accountId: string;
      sessionId?: string;
    }): Promise<{ identity: ChatIdentity } | { refused: 'session' | 'access' }> {
      if (!who.sessionId || !(await deps.sessionOpen(who.sessionId, who.accountId)))
        return { refused: 'session' };
      try {
        return { identity: { ...(await identityOf(who.accountId)), sessionId: who.sessionId } };
      } catch (error) {
        if (error instanceof HttpError) return { refused: error.status === 401 ? 'session' : 'access' };
        throw error;
      }
    },
  };
}

/** The conversations: unread state, a channel opened, the channels and their messages, a message sent, what was missed, read and closed. */
function conversationCalls(context: ChatContext) {
  const { deps, repo, clock, channelFor, channelsOf, withReads, stateOf } = context;
  return {
    /** The sidebar's state (§3): the channels with messages from the other side the reader has not read. */
    async state(who: ChatIdentity): Promise<ChatState> {
      return stateOf(who, await withReads(who));
    },

    /**
     * A new connection's first state, with the newest message number among the reader's channels: its starting
     * point, so its first reconnect asks only for what came after (nothing before it was pushed, and history is
     * read over HTTP). One read of the channels for both.
     */
    async opening(who: ChatIdentity): Promise<ChatState & { head_seq: number }> {
      const seen = await withReads(who);
      return {
        ...stateOf(who, seen),
        head_seq: seen.channels.reduce((max, c) => Math.max(max, c.lastSeq), 0),
      };
    },

    /** The reader's channels (agents: the open queue) with their read markers. */
    async channels(who: ChatIdentity) {
      const { channels, reads } = await withReads(who);
      return { channels: channels.map((c) => ({ ...channelView(c), last_read_seq: reads[c.id] ?? 0 })) };
    },

    /** A channel's messages after a number (0: from the start), oldest first, at most 500. */
    async messages(who: ChatIdentity, channelId: string, after = 0) {
      const channel = await channelFor(who, channelId);
      const rows = await repo.messagesAfter([channel.id], after);
      return { channel: channelView(channel), messages: rows.map(messageView) };
    },

    /**
     * A message. The merchant side writes to its open channel (made on the first message, and again after an
     * agent closed it) or to a given one of its merchant's; an agent answers in an open channel.
     */
    async send(who: ChatIdentity, input: { channel_id?: string; body?: unknown; client_id?: string }) {
      const body = chatText(input.body);
      if (body === null) throw badRequest('bad_request', { '/body': fieldError('chat:error.body') });
      const taken = await deps.limits.take(`chat-send:${who.accountId}`, CHAT_SEND_RATE, clock.now());
      if (!taken.ok)
        throw new HttpError(429, 'too many requests', undefined, {
          retry_after: Math.ceil(taken.retryAfterMs / 1000),
        });
      let channelId: string;
      if (who.side === 'agent') {
        if (!input.channel_id)
          throw badRequest('bad_request', { '/channel_id': fieldError('validation:error.required') });
        const channel = await channelFor(who, input.channel_id);
        if (channel.status !== 'open') throw new HttpError(409, 'channel is closed');
        channelId = channel.id;
      } else if (input.channel_id) {
        const channel = await channelFor(who, input.channel_id);
        channelId =
          channel.status === 'open'
            ? channel.id
            : await repo.openChannelFor(channel.merchantId, who.accountId, clock.now());
      } else channelId = await repo.openChannelFor(who.merchantIds[0]!, who.accountId, clock.now());
      const { message } = await repo.send({
        channelId,
        author: who.side,
        authorAccountId: who.accountId,
        authorName: who.name,
        body,
        clientId: input.client_id ?? null,
        now: clock.now(),
        reopen: false,
      });
      // One's own message is read by oneself.
      await repo.markRead(channelId, who.accountId, message.seq);
      return { message: messageView(message) };
    },

    /** Every message the reader may see after a number (a reconnect's catch-up), oldest first, at most 500. */
    async missed(who: ChatIdentity, after: number) {
      const channels = await channelsOf(who);
      return (
        await repo.messagesAfter(
          channels.map((c) => c.id),
          after,
        )
      ).map(messageView);
    },

    /** A read marker: the reader has seen the channel up to `seq`. */
    async read(who: ChatIdentity, channelId: string, seq: number) {
      const channel = await channelFor(who, channelId);
      await repo.markRead(channel.id, who.accountId, Math.min(seq, channel.lastSeq));
      return this.state(who);
    },

    /** An agent closes a channel (409 when it is closed already). */
    async close(who: ChatIdentity, channelId: string) {
      if (who.side !== 'agent') throw new HttpError(403, 'forbidden');
      const channel = await channelFor(who, channelId);
      if (!(await repo.close(channel.id, clock.now()))) throw new HttpError(409, 'channel is closed');
      return { channel: channelView((await repo.channel(channel.id))!) };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
