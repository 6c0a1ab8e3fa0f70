/**
 * SQL of support tickets and their messages. Lists are newest first, paged by offset and limit (spec §3: a
 * merchant has tens of tickets, not thousands, and the list shows its total). Every row is written with times
 * from the app's clock.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { supportMessages, supportTickets } from '../db/schema';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

export interface TicketQuery {
  merchantIds: string[];
  statuses?: string[];
  topics?: string[];
  /** Instants (ISO), both ends included. */
  from?: string;
  to?: string;
}

function where(query: TicketQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [inArray(supportTickets.merchantId, query.merchantIds)];
  if (query.statuses?.length) parts.push(inArray(supportTickets.status, query.statuses));
  if (query.topics?.length) parts.push(inArray(supportTickets.topic, query.topics));
  if (query.from) parts.push(gte(supportTickets.createdAt, new Date(query.from)));
  if (query.to) parts.push(lte(supportTickets.createdAt, new Date(query.to)));
  return and(...parts);
}

export function createSupportRepository(db: Db) {
  return {
    /** A page, newest first, and how many tickets the filters find in all. */
    async list(
      query: TicketQuery,
      offset: number,
      limit: number,
    ): Promise<{ rows: TicketRow[]; total: number }> {
      if (query.merchantIds.length === 0) return { rows: [], total: 0 };
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(supportTickets)
          .where(where(query))
          .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(supportTickets).where(where(query)),
      ]);
      return { rows, total: Number(counted?.n ?? 0) };
    },
    /** A ticket of one of these merchants (undefined for any other, or none). */
    async get(id: string, merchantIds: string[]): Promise<TicketRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(supportTickets)
          .where(and(eq(supportTickets.id, id), inArray(supportTickets.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    async messages(ticketId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(supportMessages)
        .where(eq(supportMessages.ticketId, ticketId))
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    },
    /** A new ticket with its first message, in one transaction. */
    async open(ticket: typeof supportTickets.$inferInsert, message: typeof supportMessages.$inferInsert) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(supportTickets).values(ticket).returning();
        await tx.insert(supportMessages).values(message);
        return row!;
      });
    },
    /**
     * Records a rating on a ticket that still asks for one (a second rating, or two at once, finds it rated and
     * changes nothing).
     * @returns - the row as changed, or undefined when it no longer asked for a rating
     */
    async rate(
      id: string,
      csat: 'positive' | 'negative',
      data: Record<string, unknown>,
      now: Date,
    ): Promise<TicketRow | undefined> {
      return (
        await db
          .update(supportTickets)
          .set({ csat, data, updatedAt: now })
          .where(and(eq(supportTickets.id, id), eq(supportTickets.csat, 'requested')))
          .returning()
      )[0];
    },
    /** Writes tickets (by id) and their messages (replacing a ticket's conversation), for fixtures. */
    async upsert(
      rows: {
        ticket: typeof supportTickets.$inferInsert;
        messages: (typeof supportMessages.$inferInsert)[];
      }[],
    ) {
      if (rows.length === 0) return;
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500);
        await db
          .insert(supportTickets)
          .values(batch.map((r) => r.ticket))
          .onConflictDoUpdate({
            target: supportTickets.id,
            set: {
              merchantId: sql`excluded.merchant_id`,
              accountId: sql`excluded.account_id`,
              topic: sql`excluded.topic`,
              status: sql`excluded.status`,
              csat: sql`excluded.csat`,
              title: sql`excluded.title`,
              data: sql`excluded.data`,
              createdAt: sql`excluded.created_at`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
        await db.delete(supportMessages).where(
          inArray(
            supportMessages.ticketId,
            batch.map((r) => r.ticket.id),
          ),
        );
        const messages = batch.flatMap((r) => r.messages);
        for (let j = 0; j < messages.length; j += 1000)
          await db.insert(supportMessages).values(messages.slice(j, j + 1000));
      }
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
