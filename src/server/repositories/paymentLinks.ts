/** SQL of payment links (docs/orders.md "Payment links"). */
import { and, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { LinkStatus } from '../../domain/paymentLinks';
import type { Db } from '../db';
import { paymentLinks, payments } from '../db/schema';

export type LinkRow = typeof paymentLinks.$inferSelect;

/** A link's document (`data`), as services/paymentLinks.ts writes it: amounts in minor units. */
export interface LinkData {
  description?: string;
  items?: { name: string; quantity: number; unit_price_minor: number }[];
  sent_by?: string;
}

export function createPaymentLinkRepository(db: Db) {
  return {
    async insert(row: typeof paymentLinks.$inferInsert) {
      await db.insert(paymentLinks).values(row);
    },
    /** A link of one of these merchants (undefined for any other, or none). */
    async get(id: string, merchantIds: string[]): Promise<LinkRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(paymentLinks)
          .where(and(eq(paymentLinks.id, id), inArray(paymentLinks.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    /**
     * The links of these merchants, newest first, a page of them and how many there are — of one status as of
     * now when asked (`since`: the send time before which an unpaid link has expired).
     */
    async list(
      merchantIds: string[],
      query: { status?: LinkStatus; since: Date; offset: number; limit: number },
    ): Promise<{ rows: LinkRow[]; total: number }> {
      if (merchantIds.length === 0) return { rows: [], total: 0 };
      const open = inArray(paymentLinks.status, ['created', 'opened']);
      const byStatus: Record<LinkStatus, SQL | undefined> = {
        created: and(eq(paymentLinks.status, 'created'), sql`${paymentLinks.sentAt} > ${query.since}`),
        opened: and(eq(paymentLinks.status, 'opened'), sql`${paymentLinks.sentAt} > ${query.since}`),
        expired: and(open, lte(paymentLinks.sentAt, query.since)),
        paid: eq(paymentLinks.status, 'paid'),
        cancelled: eq(paymentLinks.status, 'cancelled'),
      };
      const where = and(
        inArray(paymentLinks.merchantId, merchantIds),
        query.status ? byStatus[query.status] : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(paymentLinks)
          .where(where)
          .orderBy(desc(paymentLinks.sentAt), desc(paymentLinks.id))
          .offset(query.offset)
          .limit(query.limit),
        db.select({ total: count() }).from(paymentLinks).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
    /** Open links (sent or opened, not past `since`) to a phone for an amount at a store. */
    async openTo(storeId: string, phone: string, amountMinor: number, since: Date): Promise<LinkRow[]> {
      return db
        .select()
        .from(paymentLinks)
        .where(
          and(
            eq(paymentLinks.storeId, storeId),
            eq(paymentLinks.customerPhone, phone),
            eq(paymentLinks.amountMinor, amountMinor),
            inArray(paymentLinks.status, ['created', 'opened']),
            sql`${paymentLinks.sentAt} > ${since}`,
          ),
        );
    },
    /** Whether an order number is taken by one of the merchant's orders or links. */
    async referenceTaken(merchantId: string, reference: string): Promise<boolean> {
      const [order] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.merchantId, merchantId), eq(payments.orderReference, reference)))
        .limit(1);
      if (order) return true;
      const [link] = await db
        .select({ id: paymentLinks.id })
        .from(paymentLinks)
        .where(and(eq(paymentLinks.merchantId, merchantId), eq(paymentLinks.orderReference, reference)))
        .limit(1);
      return link !== undefined;
    },
    /** The link a customer's address names, by the hash of its token (the token itself is never kept). */
    async byToken(tokenHash: string): Promise<LinkRow | undefined> {
      return (await db.select().from(paymentLinks).where(eq(paymentLinks.tokenHash, tokenHash)).limit(1))[0];
    },
    /** The customer opened a sent link: it is `opened` from now (a link opened again keeps its first time). */
    async markOpened(id: string, now: Date): Promise<void> {
      await db
        .update(paymentLinks)
        .set({ status: 'opened', openedAt: now })
        .where(and(eq(paymentLinks.id, id), eq(paymentLinks.status, 'created')));
    },
    /**
     * The customer paid an open link (sent or opened, sent after `since`): in one statement's transaction the
     * link is `paid` and its order is written, with the link's id as the payment's. Undefined when the link was
     * no longer open (paid twice, cancelled or expired meanwhile): nothing is written.
     */
    async pay(
      id: string,
      now: Date,
      since: Date,
      payment: Omit<typeof payments.$inferInsert, 'id'>,
    ): Promise<LinkRow | undefined> {
      return db.transaction(async (tx) => {
        const [paid] = await tx
          .update(paymentLinks)
          .set({ status: 'paid', paidAt: now, openedAt: sql`coalesce(${paymentLinks.openedAt}, ${now})` })
          .where(
            and(
              eq(paymentLinks.id, id),
              inArray(paymentLinks.status, ['created', 'opened']),
              sql`${paymentLinks.sentAt} > ${since}`,
            ),
          )
          .returning();
        if (!paid) return undefined;
        await tx.insert(payments).values({ ...payment, id });
        return paid;
      });
    },
    /** Cancels a link still open (sent or opened); undefined when it was not. */
    async cancel(id: string, now: Date): Promise<LinkRow | undefined> {
      return (
        await db
          .update(paymentLinks)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(
            and(
              eq(paymentLinks.id, id),
              or(eq(paymentLinks.status, 'created'), eq(paymentLinks.status, 'opened')),
            ),
          )
          .returning()
      )[0];
    },
  };
}

export type PaymentLinkRepository = ReturnType<typeof createPaymentLinkRepository>;
