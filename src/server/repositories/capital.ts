/**
 * SQL of capital (capital spec §3): offers, loans, applications, e-commerce connections and the waitlist. Every
 * read takes the merchants the caller may see, so a row of another merchant is never read by accident.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import {
  capitalApplications,
  capitalConnections,
  capitalLoans,
  capitalOffers,
  capitalWaitlist,
  merchants,
} from '../db/schema';

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

export type CapitalRepository = ReturnType<typeof createCapitalRepository>;
