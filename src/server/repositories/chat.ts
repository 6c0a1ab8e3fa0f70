/**
 * SQL of the live chat (docs/chat.md): channels, messages numbered by `seq`, read markers. A stored message is
 * announced with `pg_notify('chat', '<channel id>:<seq>')` in the same transaction, so every server process
 * that listens (this one included) hears of it once it is committed — and only then.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { chatChannels, chatMessages, chatReads, merchants } from '../db/schema';

/** The NOTIFY channel every process listens on. */
export const CHAT_NOTIFY = 'chat';

export type ChannelRow = typeof chatChannels.$inferSelect & { merchantName: string };
export type MessageRow = typeof chatMessages.$inferSelect;

const channelColumns = {
  id: chatChannels.id,
  merchantId: chatChannels.merchantId,
  accountId: chatChannels.accountId,
  status: chatChannels.status,
  lastSeq: chatChannels.lastSeq,
  lastAuthor: chatChannels.lastAuthor,
  lastMessageAt: chatChannels.lastMessageAt,
  closedAt: chatChannels.closedAt,
  createdAt: chatChannels.createdAt,
  merchantName: merchants.name,
};

export function createChatRepository(db: Db) {
  const channels = () =>
    db
      .select(channelColumns)
      .from(chatChannels)
      .innerJoin(merchants, eq(merchants.id, chatChannels.merchantId));

  return {
    async channel(id: string): Promise<ChannelRow | undefined> {
      return (await channels().where(eq(chatChannels.id, id)).limit(1))[0];
    },

    /** These merchants' channels, the latest message first (at most `limit`). */
    async channelsOf(merchantIds: string[], limit = 50): Promise<ChannelRow[]> {
      if (merchantIds.length === 0) return [];
      return channels()
        .where(inArray(chatChannels.merchantId, merchantIds))
        .orderBy(desc(chatChannels.lastMessageAt), desc(chatChannels.id))
        .limit(limit);
    },

    /** The agents' queue: channels in a status, the longest waiting first (open) or the latest first (closed). */
    async queue(status: 'open' | 'closed', limit = 100): Promise<ChannelRow[]> {
      return channels()
        .where(eq(chatChannels.status, status))
        .orderBy(
          // Open: those waiting for an answer (the merchant wrote last, or nobody yet) first, longest waiting first
          // (queueOrder).
          ...(status === 'open'
            ? [sql`coalesce(${chatChannels.lastAuthor} = 'agent', false)`, asc(chatChannels.lastMessageAt)]
            : [desc(chatChannels.lastMessageAt)]),
          asc(chatChannels.id),
        )
        .limit(limit);
    },

    /** The merchant user's open channel, made now if they have none. */
    async openChannelFor(merchantId: string, accountId: string, now: Date): Promise<string> {
      const found = await db
        .select({ id: chatChannels.id })
        .from(chatChannels)
        .where(
          and(
            eq(chatChannels.merchantId, merchantId),
            eq(chatChannels.accountId, accountId),
            eq(chatChannels.status, 'open'),
          ),
        )
        .limit(1);
      if (found[0]) return found[0].id;
      const id = `chn-${randomUUID()}`;
      await db.insert(chatChannels).values({ id, merchantId, accountId, lastMessageAt: now, createdAt: now });
      return id;
    },

    /**
     * Stores a message, moves the channel's last message, and announces it — once per `clientId` in a channel:
     * a resend answers the message stored the first time (`created: false`).
     */
    async send(input: {
      channelId: string;
      author: 'merchant' | 'agent';
      authorAccountId: string;
      authorName: string;
      body: string;
      clientId: string | null;
      now: Date;
      reopen: boolean;
    }): Promise<{ message: MessageRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(chatMessages)
          .values({
            channelId: input.channelId,
            author: input.author,
            authorAccountId: input.authorAccountId,
            authorName: input.authorName,
            body: input.body,
            clientId: input.clientId,
            createdAt: input.now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) {
          const [existing] = await tx
            .select()
            .from(chatMessages)
            .where(
              and(eq(chatMessages.channelId, input.channelId), eq(chatMessages.clientId, input.clientId!)),
            )
            .limit(1);
          return { message: existing!, created: false };
        }
        await tx
          .update(chatChannels)
          .set({
            lastSeq: inserted.seq,
            lastAuthor: input.author,
            lastMessageAt: input.now,
            ...(input.reopen ? { status: 'open', closedAt: null } : {}),
          })
          .where(eq(chatChannels.id, input.channelId));
        await tx.execute(sql`select pg_notify(${CHAT_NOTIFY}, ${`${input.channelId}:${inserted.seq}`})`);
        return { message: inserted, created: true };
      });
    },

    /** The messages of these channels after a number, oldest first (at most `limit`). */
    async messagesAfter(channelIds: string[], afterSeq: number, limit = 500): Promise<MessageRow[]> {
      if (channelIds.length === 0) return [];
      return db
        .select()
        .from(chatMessages)
        .where(and(inArray(chatMessages.channelId, channelIds), gt(chatMessages.seq, afterSeq)))
        .orderBy(asc(chatMessages.seq))
        .limit(limit);
    },

    async message(seq: number): Promise<MessageRow | undefined> {
      return (await db.select().from(chatMessages).where(eq(chatMessages.seq, seq)).limit(1))[0];
    },

    /** Moves a reader's marker forward (never back: markers from two tabs arrive in any order). */
    async markRead(channelId: string, accountId: string, seq: number) {
      await db
        .insert(chatReads)
        .values({ channelId, accountId, lastReadSeq: seq })
        .onConflictDoUpdate({
          target: [chatReads.channelId, chatReads.accountId],
          set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)` },
        });
    },

    async reads(accountId: string, channelIds: string[]): Promise<Record<string, number>> {
      if (channelIds.length === 0) return {};
      const rows = await db
        .select({ channelId: chatReads.channelId, seq: chatReads.lastReadSeq })
        .from(chatReads)
        .where(and(eq(chatReads.accountId, accountId), inArray(chatReads.channelId, channelIds)));
      return Object.fromEntries(rows.map((r) => [r.channelId, r.seq]));
    },

    /** Closes an open channel; false when it was closed already. */
    async close(channelId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(chatChannels)
        .set({ status: 'closed', closedAt: now })
        .where(and(eq(chatChannels.id, channelId), eq(chatChannels.status, 'open')))
        .returning({ id: chatChannels.id });
      if (rows.length > 0) await db.execute(sql`select pg_notify(${CHAT_NOTIFY}, ${`${channelId}:closed`})`);
      return rows.length > 0;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
