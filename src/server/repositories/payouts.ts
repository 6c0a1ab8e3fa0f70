/**
 * SQL of payouts (docs/payouts.md). Settling is one transaction per merchant: its run row is locked (so two
 * instances, or two requests, never settle the same days twice), the waiting captures and refunds are read, the
 * caller's plan (src/domain/payouts.ts planSettlement) is written — the payouts, the captures and refunds marked
 * with theirs, a running advance's new repayments — and the run moves to the day settled.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, sum, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import {
  capitalLoans,
  legalEntities,
  paymentCaptures,
  paymentRefunds,
  payments,
  payoutRuns,
  payouts,
  stores,
  walletMovements,
  wallets,
} from '../db/schema';
import type { PendingCapture, PendingRefund, PlannedPayout } from '../../domain/payouts';

export type PayoutRow = typeof payouts.$inferSelect;
export type LoanRow = typeof capitalLoans.$inferSelect;

export interface PayoutQuery {
  merchantIds: string[];
  storeIds?: string[];
  /** Days (yyyy-mm-dd), both ends included. */
  from?: string;
  to?: string;
  /** Payouts sent before this day are paid, on it in transit (docs/payouts.md). */
  statuses?: { paidBefore: string; in_transit: boolean; paid: boolean };
}

export interface PayoutCursor {
  day: string;
  id: string;
}

/**
 * The bank account on file: the merchant's first legal entity's IBAN (payouts go to it, transfers from the wallet
 * too); null without one.
 */
export async function bankAccountOf(
  db: Db,
  merchantId: string,
): Promise<{ iban: string; bankName: string | null } | null> {
  const [row] = await db
    .select({ iban: legalEntities.iban, bankName: legalEntities.bankName })
    .from(legalEntities)
    .where(eq(legalEntities.merchantId, merchantId))
    .orderBy(asc(legalEntities.createdAt), asc(legalEntities.id))
    .limit(1);
  return row?.iban ? { iban: row.iban, bankName: row.bankName } : null;
}

/** What settling a merchant reads: its stores, waiting money, bank account and running advance. */
export interface SettlementSnapshot {
  stores: (typeof stores.$inferSelect)[];
  captures: PendingCapture[];
  refunds: PendingRefund[];
  bank: { iban: string | null; bankName: string | null } | null;
  loans: LoanRow[];
}

export interface SettlementWrite {
  payouts: (PlannedPayout & { id: string })[];
  /** Each advance's document as changed by the plan's repayments. */
  loans: { id: string; data: Record<string, unknown> }[];
}

function where(query: PayoutQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [inArray(payouts.merchantId, query.merchantIds)];
  if (query.storeIds?.length) parts.push(inArray(payouts.storeId, query.storeIds));
  if (query.from) parts.push(gte(payouts.payoutDay, query.from));
  if (query.to) parts.push(lte(payouts.payoutDay, query.to));
  const s = query.statuses;
  if (s && s.paid !== s.in_transit)
    parts.push(s.paid ? sql`${payouts.payoutDay} < ${s.paidBefore}` : gte(payouts.payoutDay, s.paidBefore));
  return and(...parts);
}

export function createPayoutRepository(db: Db) {
  return { ...settlementRows(db), ...payoutRows(db) };
}

/** The payout run: each merchant's run so far, and a run's payouts written in one go. */
function settlementRows(db: Db) {
  return {
    /** Each merchant's run: the last day it is settled through and its money's version (none: never settled). */
    async runs(merchantIds: string[]): Promise<Map<string, { settledThrough: string; version: number }>> {
      if (merchantIds.length === 0) return new Map();
      const rows = await db.select().from(payoutRuns).where(inArray(payoutRuns.merchantId, merchantIds));
      return new Map(
        rows.map((r) => [r.merchantId, { settledThrough: r.settledThrough, version: r.version }]),
      );
    },

    /**
     * Settles a merchant through `through`: in one transaction that holds its run row, reads what waits, asks
     * `plan` what to pay, and writes it. Does nothing when the run is already there.
     */
    async settle(
      merchantId: string,
      through: string,
      plan: (snapshot: SettlementSnapshot) => SettlementWrite,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.insert(payoutRuns).values({ merchantId, settledThrough: '' }).onConflictDoNothing();
        const [run] = await tx
          .select()
          .from(payoutRuns)
          .where(eq(payoutRuns.merchantId, merchantId))
          .for('update');
        if (run && run.settledThrough >= through) return 0;
        const snapshot = await readSnapshot(tx as unknown as Db, merchantId);
        const write = plan(snapshot);
        // Where the merchant chose its payouts to go (docs/wallet.md): the wallet takes those in its currency.
        const [wallet] = await tx.select().from(wallets).where(eq(wallets.merchantId, merchantId));
        for (const p of write.payouts) {
          const since = (wallet?.destinationChangedAt ?? wallet?.createdAt)?.toISOString().slice(0, 10) ?? '';
          const toWallet =
            wallet?.payoutDestination === 'wallet' && wallet.currency === p.currency && p.day >= since;
          await tx.insert(payouts).values({
            id: p.id,
            merchantId,
            storeId: p.store_id,
            payoutDay: p.day,
            currency: p.currency,
            grossMinor: p.breakdown.gross,
            refundsMinor: p.breakdown.refunds,
            disputesMinor: p.breakdown.disputes,
            commissionsMinor: p.breakdown.commissions,
            feeMinor: p.breakdown.fee,
            capitalMinor: p.breakdown.capital,
            netMinor: p.breakdown.net,
            loanId: p.loan?.id ?? null,
            iban: toWallet ? null : (snapshot.bank?.iban ?? null),
            bankName: toWallet ? null : (snapshot.bank?.bankName ?? null),
            captureCount: p.captures.length,
            refundCount: p.refunds.length,
            destination: toWallet ? 'wallet' : 'bank',
          });
          if (toWallet && p.breakdown.net > 0)
            await tx.insert(walletMovements).values({
              id: randomUUID(),
              merchantId,
              kind: 'payout',
              amountMinor: p.breakdown.net,
              currency: p.currency,
              day: p.day,
              payoutId: p.id,
              // In the ledger's order: a payout's credit at the start of its day.
              createdAt: new Date(`${p.day}T00:00:00Z`),
            });
          // 1,000 ids a statement: a month of a busy store's orders stays a handful of statements.
          for (let i = 0; i < p.captures.length; i += 1000) {
            const batch = p.captures.slice(i, i + 1000);
            const values = sql.join(
              batch.map((c) => sql`(${c.id}, ${c.commission}::integer)`),
              sql`, `,
            );
            await tx.execute(
              sql`update payment_captures set payout_id = ${p.id}, commission_minor = v.commission
                  from (values ${values}) as v(id, commission) where payment_captures.id = v.id`,
            );
          }
          for (let i = 0; i < p.refunds.length; i += 1000)
            await tx
              .update(paymentRefunds)
              .set({ payoutId: p.id })
              .where(inArray(paymentRefunds.id, p.refunds.slice(i, i + 1000)));
        }
        for (const loan of write.loans)
          await tx
            .update(capitalLoans)
            .set({ data: loan.data, updatedAt: new Date() })
            .where(eq(capitalLoans.id, loan.id));
        await tx
          .update(payoutRuns)
          .set({ settledThrough: through, version: sql`${payoutRuns.version} + 1` })
          .where(eq(payoutRuns.merchantId, merchantId));
        return write.payouts.length;
      });
    },
  };
}

/** The payouts read: a page, its totals, one payout and its lines, the payouts of one order. */
function payoutRows(db: Db) {
  return {
    /** A page: newest payout day first, at most `limit` rows. */
    async list(query: PayoutQuery, limit: number, cursor?: PayoutCursor): Promise<PayoutRow[]> {
      if (query.merchantIds.length === 0) return [];
      const after = cursor
        ? or(
            sql`${payouts.payoutDay} < ${cursor.day}`,
            and(eq(payouts.payoutDay, cursor.day), sql`${payouts.id} < ${cursor.id}`),
          )
        : undefined;
      return db
        .select()
        .from(payouts)
        .where(and(where(query), after))
        .orderBy(desc(payouts.payoutDay), desc(payouts.id))
        .limit(limit);
    },

    /** The filter's count and sums per currency (minor units). */
    async totals(query: PayoutQuery) {
      if (query.merchantIds.length === 0) return [];
      return db
        .select({
          currency: payouts.currency,
          count: count(),
          gross: sum(payouts.grossMinor),
          deductions: sql<string>`sum(${payouts.grossMinor} - ${payouts.netMinor})`,
          net: sum(payouts.netMinor),
        })
        .from(payouts)
        .where(where(query))
        .groupBy(payouts.currency)
        .orderBy(payouts.currency);
    },

    async get(id: string, merchantIds: string[]): Promise<PayoutRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(payouts)
          .where(and(eq(payouts.id, id), inArray(payouts.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },

    /** A payout's captures and refunds with their orders, oldest first. */
    async lines(payoutId: string) {
      const order = {
        paymentId: payments.id,
        orderReference: payments.orderReference,
        product: payments.product,
        customerName: payments.customerName,
      };
      const [captures, refunds] = await Promise.all([
        db
          .select({
            ...order,
            id: paymentCaptures.id,
            amount: paymentCaptures.amountMinor,
            commission: paymentCaptures.commissionMinor,
            at: paymentCaptures.createdAt,
          })
          .from(paymentCaptures)
          .innerJoin(payments, eq(payments.id, paymentCaptures.paymentId))
          .where(eq(paymentCaptures.payoutId, payoutId))
          .orderBy(asc(paymentCaptures.createdAt), asc(paymentCaptures.id)),
        db
          .select({
            ...order,
            id: paymentRefunds.id,
            amount: paymentRefunds.amountMinor,
            reason: paymentRefunds.reason,
            at: paymentRefunds.createdAt,
          })
          .from(paymentRefunds)
          .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
          .where(eq(paymentRefunds.payoutId, payoutId))
          .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
      ]);
      return { captures, refunds };
    },

    /** The payouts a payment's captures and refunds were paid in, with what of the payment each held. */
    async ofPayment(paymentId: string) {
      const [captures, refunds] = await Promise.all([
        db
          .select({
            payoutId: paymentCaptures.payoutId,
            amount: sum(paymentCaptures.amountMinor),
            commission: sum(paymentCaptures.commissionMinor),
          })
          .from(paymentCaptures)
          .where(and(eq(paymentCaptures.paymentId, paymentId), sql`${paymentCaptures.payoutId} is not null`))
          .groupBy(paymentCaptures.payoutId),
        db
          .select({ payoutId: paymentRefunds.payoutId, amount: sum(paymentRefunds.amountMinor) })
          .from(paymentRefunds)
          .where(and(eq(paymentRefunds.paymentId, paymentId), sql`${paymentRefunds.payoutId} is not null`))
          .groupBy(paymentRefunds.payoutId),
      ]);
      const ids = [...new Set([...captures, ...refunds].map((r) => r.payoutId!))];
      const rows = ids.length
        ? await db.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(asc(payouts.payoutDay))
        : [];
      return { rows, captures, refunds };
    },

    /** What waits for a merchant's next payouts (the upcoming page plans with it, writing nothing). */
    snapshot: (merchantId: string) => readSnapshot(db, merchantId),
  };
}

async function readSnapshot(db: Db, merchantId: string): Promise<SettlementSnapshot> {
  const [storeRows, captureRows, refundRows, entities, loans] = await Promise.all([
    db.select().from(stores).where(eq(stores.merchantId, merchantId)).orderBy(asc(stores.id)),
    // Only the waiting captures are read (the payout_id index finds them); whether one is its order's first is
    // asked of all the order's captures, paid out or not.
    db.execute(sql`
      select c.id, p.store_id, p.product, c.amount_minor, c.created_at,
             not exists (
               select 1 from payment_captures e
               where e.payment_id = c.payment_id and (e.created_at, e.id) < (c.created_at, c.id)
             ) as first
      from payment_captures c join payments p on p.id = c.payment_id
      where c.payout_id is null and p.merchant_id = ${merchantId}`),
    db
      .select({
        id: paymentRefunds.id,
        storeId: payments.storeId,
        product: payments.product,
        amount: paymentRefunds.amountMinor,
        reason: paymentRefunds.reason,
        at: paymentRefunds.createdAt,
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(payments.merchantId, merchantId), sql`${paymentRefunds.payoutId} is null`)),
    bankAccountOf(db, merchantId).then((bank) => (bank ? [bank] : [])),
    db.select().from(capitalLoans).where(eq(capitalLoans.merchantId, merchantId)),
  ]);
  type CaptureSql = {
    id: string;
    store_id: string;
    product: string;
    amount_minor: number;
    created_at: string | Date;
    first: boolean | string;
  };
  // Both drivers answer a raw statement with its rows under `rows`.
  const rows = (captureRows as unknown as { rows: CaptureSql[] }).rows;
  return {
    stores: storeRows,
    captures: rows.map((r) => ({
      id: r.id,
      store_id: r.store_id,
      product: r.product,
      amount: Number(r.amount_minor),
      day: new Date(r.created_at).toISOString().slice(0, 10),
      first: r.first === true || r.first === 't',
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      store_id: r.storeId,
      product: r.product,
      amount: r.amount,
      reason: r.reason,
      day: r.at.toISOString().slice(0, 10),
    })),
    bank: entities[0] ?? null,
    loans,
  };
}

export type PayoutRepository = ReturnType<typeof createPayoutRepository>;
