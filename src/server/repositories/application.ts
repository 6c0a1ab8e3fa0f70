/** SQL of onboarding applications (their answers are their drafts', see repositories/drafts.ts). */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { applications, memberships, merchants } from '../db/schema';
import { prepareAccountById } from './account';

export type ApplicationRow = typeof applications.$inferSelect;

/** The account's application: every onboarding call reads it (prepared, as the session's: repositories/auth.ts). */
const prepareByAccount = (db: Db) =>
  db
    .select()
    .from(applications)
    .where(eq(applications.accountId, sql.placeholder('accountId')))
    .limit(1)
    .prepare('application_by_account');

export function createApplicationRepository(db: Db) {
  let byAccountQuery: ReturnType<typeof prepareByAccount> | undefined;
  let accountQuery: ReturnType<typeof prepareAccountById> | undefined;
  const byAccount = async (accountId: string) => {
    byAccountQuery ??= prepareByAccount(db);
    return (await byAccountQuery.execute({ accountId }))[0];
  };
  return {
    byAccount,
    async account(accountId: string) {
      accountQuery ??= prepareAccountById(db);
      return (await accountQuery.execute({ id: accountId }))[0];
    },
    async insert(row: Omit<typeof applications.$inferInsert, 'id'>) {
      // One application per account: a second create (two tabs) returns the first.
      await db
        .insert(applications)
        .values({ ...row, id: row.draftId ?? randomUUID() })
        .onConflictDoNothing({ target: applications.accountId });
      return (await byAccount(row.accountId))!;
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
    /** A merchant of another organisation with this business name (the account's own merchant may keep it). */
    async merchantNameTaken(accountId: string, name: string) {
      const merchant = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(sql`lower(trim(${merchants.name})) = lower(trim(${name}))`)
        .limit(1);
      if (merchant.length === 0) return false;
      const own = await db
        .select({ id: memberships.merchantId })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), eq(memberships.merchantId, merchant[0]!.id)));
      return own.length === 0;
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
