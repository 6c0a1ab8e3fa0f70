/**
 * SQL of organizations and their stores' contracts (the dashboard onboarding gate). The account's memberships and
 * stores come from the account repository.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { organizations, stores } from '../db/schema';

export function createOrganizationRepository(db: Db) {
  return {
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
    async signContract(storeId: string, accountId: string, at: Date) {
      await db
        .update(stores)
        .set({ contractSignedAt: at, contractSignedBy: accountId })
        .where(eq(stores.id, storeId));
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
