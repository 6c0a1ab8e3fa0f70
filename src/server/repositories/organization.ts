/** SQL of organizations and their stores' contracts (the dashboard onboarding gate). */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { memberships, merchants, organizations, stores } from '../db/schema';

export function createOrganizationRepository(db: Db) {
  return {
    /** The account's memberships with each merchant's organization. */
    async memberships(accountId: string) {
      return db
        .select({
          merchantId: memberships.merchantId,
          role: memberships.role,
          flags: memberships.flags,
          organizationId: merchants.organizationId,
        })
        .from(memberships)
        .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
        .where(eq(memberships.accountId, accountId));
    },
    async organization(id: string) {
      return (await db.select().from(organizations).where(eq(organizations.id, id)).limit(1))[0];
    },
    async updateOrganization(
      id: string,
      values: Partial<
        Pick<
          typeof organizations.$inferInsert,
          'businessProfile' | 'contractSigned' | 'businessProfileCompleted'
        >
      >,
    ) {
      return (await db.update(organizations).set(values).where(eq(organizations.id, id)).returning())[0];
    },
    /** A store of one of these merchants, with its organization id. */
    async store(merchantIds: string[], storeId: string) {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select({
            id: stores.id,
            name: stores.name,
            country: stores.country,
            merchantId: stores.merchantId,
            organizationId: merchants.organizationId,
            contractSignedAt: stores.contractSignedAt,
            contractSignedBy: stores.contractSignedBy,
          })
          .from(stores)
          .innerJoin(merchants, eq(merchants.id, stores.merchantId))
          .where(and(eq(stores.id, storeId), inArray(stores.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    async signContract(storeId: string, accountId: string, at: Date) {
      await db
        .update(stores)
        .set({ contractSignedAt: at, contractSignedBy: accountId })
        .where(eq(stores.id, storeId));
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
