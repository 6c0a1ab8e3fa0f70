/** SQL of onboarding applications and uploaded files. */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { accounts, applications, files, memberships, merchants } from '../db/schema';

export type ApplicationRow = typeof applications.$inferSelect;
export type FileRow = typeof files.$inferSelect;

export function createApplicationRepository(db: Db) {
  return {
    async byAccount(accountId: string) {
      return (await db.select().from(applications).where(eq(applications.accountId, accountId)).limit(1))[0];
    },
    async account(accountId: string) {
      return (await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1))[0];
    },
    async insert(row: Omit<typeof applications.$inferInsert, 'id'>) {
      // One application per account: a second create (two tabs) returns the first.
      await db
        .insert(applications)
        .values({ ...row, id: randomUUID() })
        .onConflictDoNothing({ target: applications.accountId });
      return (await this.byAccount(row.accountId))!;
    },
    async update(id: string, changes: Partial<typeof applications.$inferInsert>, now: Date) {
      return (
        await db
          .update(applications)
          .set({ ...changes, updatedAt: now })
          .where(eq(applications.id, id))
          .returning()
      )[0]!;
    },
    /**
     * Another account's application (not a draft) with the same answer at a path of its data, e.g. the same
     * commercial registration number: the duplicate checks of the lookups.
     */
    async answeredElsewhere(accountId: string, path: string[], value: string) {
      const rows = await db
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            ne(applications.accountId, accountId),
            ne(applications.status, 'draft'),
            sql`lower(${applications.data} #>> ${`{${path.join(',')}}`}) = lower(${value})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    /** A merchant of another organisation (or another account's submitted application) with this business name. */
    async businessNameTaken(accountId: string, name: string) {
      const merchant = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(sql`lower(trim(${merchants.name})) = lower(trim(${name}))`)
        .limit(1);
      if (merchant.length > 0) {
        // The account's own merchant may keep its name.
        const own = await db
          .select({ id: memberships.merchantId })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), eq(memberships.merchantId, merchant[0]!.id)));
        if (own.length === 0) return true;
      }
      return this.answeredElsewhere(accountId, ['business_name'], name.trim());
    },
    async merchantIdsOf(accountId: string) {
      const rows = await db
        .select({ merchantId: memberships.merchantId })
        .from(memberships)
        .where(eq(memberships.accountId, accountId));
      return rows.map((r) => r.merchantId);
    },
    async addFile(row: Omit<FileRow, 'createdAt'>) {
      await db.insert(files).values(row);
    },
    async file(id: string) {
      return (await db.select().from(files).where(eq(files.id, id)).limit(1))[0];
    },
    /** Accounts that share a merchant with the account (its merchant's users), the account included. */
    async colleaguesOf(accountId: string) {
      const merchantIds = await this.merchantIdsOf(accountId);
      if (merchantIds.length === 0) return [accountId];
      const rows = await db
        .select({ accountId: memberships.accountId })
        .from(memberships)
        .where(inArray(memberships.merchantId, merchantIds));
      return [...new Set([accountId, ...rows.map((r) => r.accountId)])];
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
