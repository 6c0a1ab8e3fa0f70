/**
 * SQL of disputes. Lists are newest first and paged by keyset — (created_at, id) below the last row seen — so a
 * page costs the same deep in the list as at its top, and rows added meanwhile neither repeat nor go missing.
 * Every dispute is written with a `created_at` from the app's clock (millisecond precision, as a cursor carries
 * it), never the database's own `now()`.
 */
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { containing } from './like';
import { disputes } from '../db/schema';

export type DisputeRow = typeof disputes.$inferSelect;

export interface DisputeQuery {
  merchantIds: string[];
  statuses?: string[];
  /** Instants (ISO), both ends included. */
  from?: string;
  to?: string;
  /** Matches the dispute id, the order id or the customer's name, anywhere, any case. */
  search?: string;
  /** The last row of the page before. */
  after?: { createdAt: Date; id: string };
}

function where(query: DisputeQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [inArray(disputes.merchantId, query.merchantIds)];
  if (query.statuses?.length) parts.push(inArray(disputes.status, query.statuses));
  if (query.from) parts.push(gte(disputes.createdAt, new Date(query.from)));
  if (query.to) parts.push(lte(disputes.createdAt, new Date(query.to)));
  if (query.search) {
    const pattern = containing(query.search);
    parts.push(
      or(
        ilike(disputes.id, pattern),
        ilike(disputes.orderId, pattern),
        ilike(disputes.customerName, pattern),
      ),
    );
  }
  if (query.after)
    parts.push(sql`(${disputes.createdAt}, ${disputes.id}) < (${query.after.createdAt}, ${query.after.id})`);
  return and(...parts);
}

export function createDisputeRepository(db: Db) {
  const repository = {
    /** A page: at most `limit` rows, newest first. */
    async list(query: DisputeQuery, limit: number): Promise<DisputeRow[]> {
      if (query.merchantIds.length === 0) return [];
      return db
        .select()
        .from(disputes)
        .where(where(query))
        .orderBy(desc(disputes.createdAt), desc(disputes.id))
        .limit(limit);
    },
    async count(query: DisputeQuery): Promise<number> {
      if (query.merchantIds.length === 0) return 0;
      const [row] = await db.select({ n: count() }).from(disputes).where(where(query));
      return Number(row?.n ?? 0);
    },
    /** A dispute of one of these merchants (undefined for any other, or none). */
    async get(id: string, merchantIds: string[]): Promise<DisputeRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(disputes)
          .where(and(eq(disputes.id, id), inArray(disputes.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    /** The newest dispute of a merchant's order, if any (a payment's detail shows it). */
    async forOrder(merchantId: string, orderId: string): Promise<DisputeRow | undefined> {
      return (
        await db
          .select()
          .from(disputes)
          .where(and(eq(disputes.merchantId, merchantId), eq(disputes.orderId, orderId)))
          .orderBy(desc(disputes.createdAt))
          .limit(1)
      )[0];
    },
    /**
     * Moves a dispute on from a status it must still be in (a second refund or a refund racing a challenge finds
     * it moved and changes nothing).
     * @returns - the row as changed, or undefined when it was no longer in `from`
     */
    async transition(
      id: string,
      from: string,
      to: string,
      data: Record<string, unknown>,
      now: Date,
    ): Promise<DisputeRow | undefined> {
      return (
        await db
          .update(disputes)
          .set({ status: to, data, updatedAt: now })
          .where(and(eq(disputes.id, id), eq(disputes.status, from)))
          .returning()
      )[0];
    },
    /** Writes disputes by id, 1,000 a statement (a statement takes at most 65,535 parameters, 12 a row). */
    async upsert(rows: (typeof disputes.$inferInsert)[]) {
      for (let i = 0; i < rows.length; i += 1000) await upsertBatch(rows.slice(i, i + 1000));
    },
  };
  return repository;

  async function upsertBatch(rows: (typeof disputes.$inferInsert)[]) {
    await db
      .insert(disputes)
      .values(rows)
      .onConflictDoUpdate({
        target: disputes.id,
        set: {
          merchantId: sql`excluded.merchant_id`,
          storeId: sql`excluded.store_id`,
          orderId: sql`excluded.order_id`,
          status: sql`excluded.status`,
          type: sql`excluded.type`,
          amountMinor: sql`excluded.amount_minor`,
          currency: sql`excluded.currency`,
          customerName: sql`excluded.customer_name`,
          data: sql`excluded.data`,
          createdAt: sql`excluded.created_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

export type DisputeRepository = ReturnType<typeof createDisputeRepository>;
