/**
 * SQL of capital (capital spec §3): offers, loans, applications, e-commerce connections and the waitlist. Every
 * read takes the merchants the caller may see, so a row of another merchant is never read by accident.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import {
  capitalApplications,
  capitalConnections,
  capitalLoans,
  capitalOffers,
  capitalWaitlist,
  merchants,
  payouts,
  stores,
  walletMovements,
  wallets,
} from '../db/schema';

/** A capital advance paid out (docs/capital.md "From approval to money"): the loan's move and where the money went. */
export interface Disbursement {
  loanId: string;
  /** The loan's data once paid out (status `paying`). */
  data: Record<string, unknown>;
  day: string;
  at: Date;
  currency: string;
  amountMinor: number;
  /** Where the contract said the money goes (the wallet only while it is the merchant's, in the loan's currency). */
  destination: 'bank' | 'wallet';
}

export type OfferRow = typeof capitalOffers.$inferSelect & { merchantName: string };
export type LoanRow = typeof capitalLoans.$inferSelect;
export type ApplicationRow = typeof capitalApplications.$inferSelect;

const offerColumns = {
  id: capitalOffers.id,
  merchantId: capitalOffers.merchantId,
  storeId: capitalOffers.storeId,
  data: capitalOffers.data,
  createdAt: capitalOffers.createdAt,
  merchantName: merchants.name,
};

export function createCapitalRepository(db: Db) {
  return {
    ...moneyQueries(db),
    async offers(merchantIds: string[], filter: { merchantId?: string; storeId?: string } = {}) {
      if (merchantIds.length === 0) return [];
      return db
        .select(offerColumns)
        .from(capitalOffers)
        .innerJoin(merchants, eq(merchants.id, capitalOffers.merchantId))
        .where(
          and(
            inArray(capitalOffers.merchantId, merchantIds),
            filter.merchantId ? eq(capitalOffers.merchantId, filter.merchantId) : undefined,
            filter.storeId ? eq(capitalOffers.storeId, filter.storeId) : undefined,
          ),
        )
        .orderBy(asc(capitalOffers.createdAt), asc(capitalOffers.id));
    },
    async offer(merchantIds: string[], id: string): Promise<OfferRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select(offerColumns)
          .from(capitalOffers)
          .innerJoin(merchants, eq(merchants.id, capitalOffers.merchantId))
          .where(and(eq(capitalOffers.id, id), inArray(capitalOffers.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },

    async loans(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select()
        .from(capitalLoans)
        .where(inArray(capitalLoans.merchantId, merchantIds))
        .orderBy(desc(capitalLoans.createdAt), asc(capitalLoans.id));
    },
    async loan(merchantIds: string[], id: string): Promise<LoanRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(capitalLoans)
          .where(and(eq(capitalLoans.id, id), inArray(capitalLoans.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    /** A loan by id, whoever's: the provider's own runs and the bank's answers. */
    async loanById(id: string): Promise<LoanRow | undefined> {
      return (await db.select().from(capitalLoans).where(eq(capitalLoans.id, id)).limit(1))[0];
    },
    async loanOfApplication(applicationId: string): Promise<LoanRow | undefined> {
      return (
        await db.select().from(capitalLoans).where(eq(capitalLoans.applicationId, applicationId)).limit(1)
      )[0];
    },
    async insertLoan(row: typeof capitalLoans.$inferInsert) {
      return (await db.insert(capitalLoans).values(row).returning())[0]!;
    },
    async updateLoan(id: string, values: { data: Record<string, unknown>; updatedAt: Date }) {
      return (await db.update(capitalLoans).set(values).where(eq(capitalLoans.id, id)).returning())[0];
    },
    async applications(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select()
        .from(capitalApplications)
        .where(inArray(capitalApplications.merchantId, merchantIds))
        .orderBy(desc(capitalApplications.createdAt), asc(capitalApplications.id));
    },
    async application(merchantIds: string[], id: string): Promise<ApplicationRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(capitalApplications)
          .where(and(eq(capitalApplications.id, id), inArray(capitalApplications.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    async applicationOfOffer(offerId: string): Promise<ApplicationRow | undefined> {
      return (
        await db.select().from(capitalApplications).where(eq(capitalApplications.offerId, offerId)).limit(1)
      )[0];
    },
    /** Inserts an application; undefined when the offer already has one (a race of two creates). */
    async insertApplication(row: typeof capitalApplications.$inferInsert) {
      return (await db.insert(capitalApplications).values(row).onConflictDoNothing().returning())[0];
    },
    async updateApplication(
      id: string,
      values: { data?: Record<string, unknown>; status?: string; updatedAt: Date },
    ) {
      return (
        await db.update(capitalApplications).set(values).where(eq(capitalApplications.id, id)).returning()
      )[0];
    },

    /**
     * Writes an application only while its signatory code is still the one with `salt`: the row once, for the one
     * call that uses the code up; undefined for every other (the code was used or replaced meanwhile).
     */
    async spendSignatoryCode(
      id: string,
      salt: string,
      values: { data: Record<string, unknown>; status: string; updatedAt: Date },
    ) {
      return (
        await db
          .update(capitalApplications)
          .set(values)
          .where(
            and(eq(capitalApplications.id, id), sql`${capitalApplications.data} #>> '{_otp,salt}' = ${salt}`),
          )
          .returning()
      )[0];
    },

    async connections(merchantId: string) {
      return db
        .select({ platform: capitalConnections.platform, connectedAt: capitalConnections.connectedAt })
        .from(capitalConnections)
        .where(eq(capitalConnections.merchantId, merchantId));
    },
    async connect(merchantId: string, platform: string, at: Date) {
      await db
        .insert(capitalConnections)
        .values({ merchantId, platform, connectedAt: at })
        .onConflictDoNothing();
    },

    async waitlistEntry(accountId: string) {
      return (
        await db.select().from(capitalWaitlist).where(eq(capitalWaitlist.accountId, accountId)).limit(1)
      )[0];
    },
    async joinWaitlist(entry: typeof capitalWaitlist.$inferInsert) {
      return (
        await db
          .insert(capitalWaitlist)
          .values(entry)
          .onConflictDoUpdate({
            target: capitalWaitlist.accountId,
            set: { stores: entry.stores, capitalUse: entry.capitalUse, otherUse: entry.otherUse ?? null },
          })
          .returning()
      )[0]!;
    },
  };
}

/** The advance's way to the merchant: which loans are due, where the money goes, the payout that brings it. */
function moneyQueries(db: Db) {
  return {
    /** Moves a loan only while it is in `from` (of two moves at once, one happens); undefined otherwise. */
    async moveLoan(
      id: string,
      from: string,
      values: { status: string; data: Record<string, unknown>; updatedAt: Date },
    ) {
      return (
        await db
          .update(capitalLoans)
          .set(values)
          .where(and(eq(capitalLoans.id, id), eq(capitalLoans.status, from)))
          .returning()
      )[0];
    },
    /** Writes a loan only while its code in flight is still the one with `salt` (the code is spent once). */
    async spendLoanCode(
      id: string,
      salt: string,
      values: { data: Record<string, unknown>; updatedAt: Date },
    ) {
      return (
        await db
          .update(capitalLoans)
          .set(values)
          .where(and(eq(capitalLoans.id, id), sql`${capitalLoans.data} #>> '{_otp,salt}' = ${salt}`))
          .returning()
      )[0];
    },
    /**
     * Loans the provider pays out on its run: signed inside the product (a contract), `waiting`, and with their
     * direct-debit mandate active where they have one.
     */
    async dueDisbursements(limit = 100) {
      return db
        .select()
        .from(capitalLoans)
        .where(
          and(
            eq(capitalLoans.status, 'waiting'),
            isNotNull(sql`${capitalLoans.data} ->> 'contract_id'`),
            sql`coalesce(${capitalLoans.data} #>> '{direct_debit,status}', 'active') = 'active'`,
          ),
        )
        .orderBy(asc(capitalLoans.updatedAt), asc(capitalLoans.id))
        .limit(limit);
    },
    /** Where the merchant's payouts go: `wallet` when it chose its merchant wallet (docs/wallet.md), else `bank`. */
    async payoutDestination(merchantId: string): Promise<'bank' | 'wallet'> {
      const row = (await db.select().from(wallets).where(eq(wallets.merchantId, merchantId)).limit(1))[0];
      return row?.payoutDestination === 'wallet' ? 'wallet' : 'bank';
    },
    /**
     * Pays an advance out, in one transaction: the loan moves `waiting` → `paying` (only from `waiting`: a second
     * run finds nothing to do), a payout of kind `capital_disbursement` brings the money to the bank account on
     * file or the wallet (the database refuses a second one for the loan), and a wallet payout credits the wallet.
     * Undefined when the loan was not waiting.
     */
    async disburse(d: Disbursement) {
      return db.transaction(async (tx) => {
        const [loan] = await tx
          .update(capitalLoans)
          .set({ status: 'paying', data: d.data, updatedAt: d.at })
          .where(and(eq(capitalLoans.id, d.loanId), eq(capitalLoans.status, 'waiting')))
          .returning();
        if (!loan) return undefined;
        const [store] = await tx
          .select({ id: stores.id })
          .from(stores)
          .where(eq(stores.merchantId, loan.merchantId))
          .orderBy(asc(stores.createdAt), asc(stores.id))
          .limit(1);
        const wallet = (
          await tx.select().from(wallets).where(eq(wallets.merchantId, loan.merchantId)).limit(1)
        )[0];
        const toWallet = d.destination === 'wallet' && wallet?.currency === d.currency;
        const disbursement = (isObjectLike(d.data.disbursement) ? d.data.disbursement : {}) as Record<
          string,
          unknown
        >;
        const payoutId = randomUUID();
        await tx.insert(payouts).values({
          id: payoutId,
          merchantId: loan.merchantId,
          storeId: store?.id ?? loan.merchantId,
          payoutDay: d.day,
          currency: d.currency,
          // The advance comes in whole: it is the payout's gross and its net, nothing deducted (the totals of the
          // payouts pages stay sums of positive figures).
          grossMinor: d.amountMinor,
          refundsMinor: 0,
          disputesMinor: 0,
          commissionsMinor: 0,
          feeMinor: 0,
          capitalMinor: 0,
          netMinor: d.amountMinor,
          loanId: loan.id,
          iban: toWallet ? null : typeof disbursement.iban === 'string' ? disbursement.iban : null,
          bankName: toWallet
            ? null
            : typeof disbursement.bank_name === 'string'
              ? disbursement.bank_name
              : null,
          captureCount: 0,
          refundCount: 0,
          destination: toWallet ? 'wallet' : 'bank',
          kind: 'capital_disbursement',
          createdAt: d.at,
        });
        if (toWallet)
          await tx.insert(walletMovements).values({
            id: randomUUID(),
            merchantId: loan.merchantId,
            // A payout into the wallet, like a store's: its payout (kind capital_disbursement) says what it was.
            kind: 'payout',
            amountMinor: d.amountMinor,
            currency: d.currency,
            day: d.day,
            payoutId,
            createdAt: d.at,
          });
        return { loan, payoutId, destination: toWallet ? ('wallet' as const) : ('bank' as const) };
      });
    },
  };
}

const isObjectLike = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export type CapitalRepository = ReturnType<typeof createCapitalRepository>;
