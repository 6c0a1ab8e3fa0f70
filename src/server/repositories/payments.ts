/**
 * SQL of orders and their payments (docs/orders.md). Lists are paged by keyset on the sort's column and the id
 * — (created_at, id) or (amount_minor, id) past the last row seen — so a page costs the same deep in the list as
 * at its top. Captures and refunds are written with the payment's sums in one transaction whose update checks
 * what is left, so no two requests together take more than the payment holds.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../db';
import { escapeLike } from './like';
import { paymentCaptures, paymentRefunds, payments } from '../db/schema';
import type { PaymentSort } from '../../domain/payments';

export type PaymentRow = typeof payments.$inferSelect;
export type CaptureRow = typeof paymentCaptures.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

export interface PaymentQuery {
  merchantIds: string[];
  storeIds?: string[];
  statuses?: string[];
  products?: string[];
  /** Instants (ISO), both ends included. */
  from?: string;
  to?: string;
  /**
   * Thousandths of the currency's unit, both ends included: one figure for every currency, whatever its
   * decimals (2, or 3 for BHD and KWD), so a range means the same amount in each.
   */
  amountMin?: number;
  amountMax?: number;
  /** An order or payment id's start (any case), a word of a customer's name by its start, or a phone's start or end. */
  search?: string;
}

/** The last row of the page before, by the sort's column. */
export interface PaymentCursor {
  value: string | number;
  id: string;
}

function where(query: PaymentQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [inArray(payments.merchantId, query.merchantIds)];
  if (query.storeIds?.length) parts.push(inArray(payments.storeId, query.storeIds));
  if (query.statuses?.length) parts.push(inArray(payments.status, query.statuses));
  if (query.products?.length) parts.push(inArray(payments.product, query.products));
  if (query.from) parts.push(gte(payments.createdAt, new Date(query.from)));
  if (query.to) parts.push(lte(payments.createdAt, new Date(query.to)));
  const thousandths = sql`(${payments.amountMinor} * case when ${payments.currency} in ('BHD', 'KWD') then 1 else 10 end)`;
  if (query.amountMin !== undefined) parts.push(sql`${thousandths} >= ${query.amountMin}`);
  if (query.amountMax !== undefined) parts.push(sql`${thousandths} <= ${query.amountMax}`);
  if (query.search) {
    const text = escapeLike(query.search.toLowerCase());
    const digits = query.search.replace(/\D/g, '');
    // Words of a name by their start: letters and digits only reach the query (no tsquery syntax gets through).
    const words = query.search
      .split(/\s+/)
      .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
      .filter(Boolean)
      .map((w) => `${w}:*`)
      .join(' & ');
    // The search finds its few ids through its indexes first (one array, computed once); the list then reads
    // just those rows. Put in the list's own WHERE as an OR, the planner walked the date index through every
    // order evaluating each branch (1.5 s for 200,000 orders; bench:orders).
    const mine = sql`merchant_id in ${query.merchantIds}`;
    const branches = [
      sql`select id from payments where ${mine} and lower(order_reference) like ${`${text}%`}`,
      sql`select id from payments where ${mine} and id like ${`${text}%`}`,
      ...(words
        ? [
            sql`select id from payments where ${mine} and to_tsvector('simple', customer_name) @@ to_tsquery('simple', ${words})`,
          ]
        : []),
      ...(digits.length >= 4
        ? [
            sql`select id from payments where ${mine} and customer_phone like ${`+${digits}%`}`,
            sql`select id from payments where ${mine} and reverse(customer_phone) like ${`${[...digits.replace(/^0+/, '')].reverse().join('')}%`}`,
          ]
        : []),
    ];
    parts.push(sql`${payments.id} = any(array(${sql.join(branches, sql` union `)}))`);
  }
  return and(...parts);
}

const SORTS: Record<
  PaymentSort,
  { column: typeof payments.createdAt | typeof payments.amountMinor; up: boolean }
> = {
  '-created_at': { column: payments.createdAt, up: false },
  created_at: { column: payments.createdAt, up: true },
  '-amount': { column: payments.amountMinor, up: false },
  amount: { column: payments.amountMinor, up: true },
};

function after(sort: PaymentSort, cursor: PaymentCursor): SQL {
  const { column, up } = SORTS[sort];
  const value = column === payments.createdAt ? new Date(String(cursor.value)) : Number(cursor.value);
  return up
    ? sql`(${column}, ${payments.id}) > (${value}, ${cursor.id})`
    : sql`(${column}, ${payments.id}) < (${value}, ${cursor.id})`;
}

/** A new id for a capture or refund. */
const newId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/** Money of the merchant's moved: its planned payouts are stale (repositories/payouts.ts keeps the plan by version). */
const moneyMoved = (tx: Pick<Db, 'execute'>, merchantId: string) =>
  tx.execute(sql`update payout_runs set version = version + 1 where merchant_id = ${merchantId}`);

/** After a capture or a refund: the merchant's payouts are stale, and the payment's status is judged again. */
async function settled(
  tx: Pick<Db, 'execute' | 'update'>,
  row: PaymentRow,
  status: (payment: PaymentRow) => string,
): Promise<PaymentRow | undefined> {
  await moneyMoved(tx, row.merchantId);
  const [moved] = await tx
    .update(payments)
    .set({ status: status(row) })
    .where(eq(payments.id, row.id))
    .returning();
  return moved;
}

export function createPaymentRepository(db: Db) {
  return { ...paymentReads(db), ...paymentWrites(db) };
}

/** The payments as lists, totals, sales and one payment with its movements read them */
function paymentReads(db: Db) {
  return {
    /** A page: at most `limit` rows in the sort's order. */
    async list(
      query: PaymentQuery,
      sort: PaymentSort,
      limit: number,
      cursor?: PaymentCursor,
    ): Promise<PaymentRow[]> {
      if (query.merchantIds.length === 0) return [];
      const { column, up } = SORTS[sort];
      const order = up ? [asc(column), asc(payments.id)] : [desc(column), desc(payments.id)];
      return db
        .select()
        .from(payments)
        .where(and(where(query), cursor ? after(sort, cursor) : undefined))
        .orderBy(...order)
        .limit(limit);
    },

    /** A batch of the export: the list's columns without the document (the CSV has no items), newest first. */
    async exportBatch(query: PaymentQuery, limit: number, cursor?: PaymentCursor) {
      if (query.merchantIds.length === 0) return [];
      const { data: _data, ...columns } = getTableColumns(payments);
      return db
        .select(columns)
        .from(payments)
        .where(and(where(query), cursor ? after('-created_at', cursor) : undefined))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    /** The filter's totals: how many, and the sums of their amounts, captures and refunds (minor units). */
    async totals(query: PaymentQuery) {
      if (query.merchantIds.length === 0) return [];
      return db
        .select({
          currency: payments.currency,
          count: count(),
          amount: sum(payments.amountMinor),
          captured: sum(payments.capturedMinor),
          refunded: sum(payments.refundedMinor),
        })
        .from(payments)
        .where(where(query))
        .groupBy(payments.currency)
        .orderBy(payments.currency);
    },

    /**
     * Orders placed since `weekFrom` (cancelled ones left out), per currency: their count and sum, and those since
     * `todayFrom`. One index range scan of (merchant, created_at).
     */
    async sales(merchantIds: string[], todayFrom: Date, weekFrom: Date) {
      if (merchantIds.length === 0) return [];
      const today = sql`${payments.createdAt} >= ${todayFrom}`;
      return db
        .select({
          currency: payments.currency,
          weekCount: count(),
          weekAmount: sum(payments.amountMinor),
          todayCount: sql<number>`count(*) filter (where ${today})`,
          todayAmount: sql<string | null>`sum(${payments.amountMinor}) filter (where ${today})`,
        })
        .from(payments)
        .where(
          and(
            inArray(payments.merchantId, merchantIds),
            gte(payments.createdAt, weekFrom),
            sql`${payments.cancelledAt} is null`,
          ),
        )
        .groupBy(payments.currency)
        .orderBy(payments.currency);
    },

    /** A payment of one of these merchants (undefined for any other, or none). */
    async get(id: string, merchantIds: string[]): Promise<PaymentRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(payments)
          .where(and(eq(payments.id, id), inArray(payments.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },

    /** A payment's captures and refunds, oldest first. */
    async movements(paymentId: string): Promise<{ captures: CaptureRow[]; refunds: RefundRow[] }> {
      const [captures, refunds] = await Promise.all([
        db
          .select()
          .from(paymentCaptures)
          .where(eq(paymentCaptures.paymentId, paymentId))
          .orderBy(asc(paymentCaptures.createdAt), asc(paymentCaptures.id)),
        db
          .select()
          .from(paymentRefunds)
          .where(eq(paymentRefunds.paymentId, paymentId))
          .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
      ]);
      return { captures, refunds };
    },
  };
}

/** Captures, refunds and payments written (each moves the merchant’s money: its planned payouts go stale) */
function paymentWrites(db: Db) {
  return {
    /**
     * Records a capture of `amount` if that much is still authorised and not captured (and the payment is not
     * cancelled); the status moves by `status`, given the new sums.
     * @returns - the payment as changed, or undefined when less than `amount` was left
     */
    async capture(
      id: string,
      amount: number,
      by: string,
      now: Date,
      status: (payment: PaymentRow) => string,
    ): Promise<PaymentRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(payments)
          .set({ capturedMinor: sql`${payments.capturedMinor} + ${amount}`, updatedAt: now })
          .where(
            and(
              eq(payments.id, id),
              sql`${payments.cancelledAt} is null`,
              sql`${payments.capturedMinor} + ${amount} <= ${payments.amountMinor}`,
            ),
          )
          .returning();
        if (!row) return undefined;
        await tx
          .insert(paymentCaptures)
          .values({ id: newId('cap'), paymentId: id, amountMinor: amount, by, createdAt: now });
        return settled(tx, row, status);
      });
    },

    /**
     * Records a refund of `amount` if that much is captured and not yet refunded.
     * @returns - the payment as changed, or undefined when less than `amount` was left
     */
    async refund(
      id: string,
      refund: { amount: number; reason: string; note: string | null; by: string },
      now: Date,
      status: (payment: PaymentRow) => string,
    ): Promise<PaymentRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(payments)
          .set({ refundedMinor: sql`${payments.refundedMinor} + ${refund.amount}`, updatedAt: now })
          .where(
            and(
              eq(payments.id, id),
              sql`${payments.refundedMinor} + ${refund.amount} <= ${payments.capturedMinor}`,
            ),
          )
          .returning();
        if (!row) return undefined;
        await tx.insert(paymentRefunds).values({
          id: newId('ref'),
          paymentId: id,
          amountMinor: refund.amount,
          reason: refund.reason,
          note: refund.note,
          by: refund.by,
          createdAt: now,
        });
        return settled(tx, row, status);
      });
    },

    /**
     * Writes payments with their captures and refunds by id (a fixture's), 500 payments a statement; a payment
     * written again gets exactly the movements given now.
     */
    async upsert(
      rows: {
        payment: typeof payments.$inferInsert;
        captures: (typeof paymentCaptures.$inferInsert)[];
        refunds: (typeof paymentRefunds.$inferInsert)[];
      }[],
    ) {
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500);
        const ids = batch.map((r) => r.payment.id);
        await db
          .insert(payments)
          .values(batch.map((r) => r.payment))
          .onConflictDoUpdate({
            target: payments.id,
            set: Object.fromEntries(
              [
                'merchant_id',
                'store_id',
                'order_reference',
                'status',
                'product',
                'currency',
                'amount_minor',
                'captured_minor',
                'refunded_minor',
                'customer_name',
                'customer_phone',
                'cancelled_at',
                'data',
                'created_at',
                'updated_at',
              ].map((column) => [camel(column), sql.raw(`excluded."${column}"`)]),
            ),
          });
        await db.delete(paymentCaptures).where(inArray(paymentCaptures.paymentId, ids));
        await db.delete(paymentRefunds).where(inArray(paymentRefunds.paymentId, ids));
        const captures = batch.flatMap((r) => r.captures);
        const refunds = batch.flatMap((r) => r.refunds);
        if (captures.length > 0) await db.insert(paymentCaptures).values(captures);
        if (refunds.length > 0) await db.insert(paymentRefunds).values(refunds);
        // Money loaded as fixtures moved too: a payout plan kept from before must not be served (it did not know
        // the new captures, so an upcoming payout they make was missing).
        for (const merchantId of new Set(batch.map((r) => r.payment.merchantId)))
          await moneyMoved(db, merchantId);
      }
    },
  };
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
