/** SQL of uploaded files and of who may see them (the uploader and its merchants' users). */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { files, memberships } from '../db/schema';

export type FileRow = typeof files.$inferSelect;

export function createFileRepository(db: Db) {
  return {
    async addFile(row: Omit<FileRow, 'createdAt'>) {
      await db.insert(files).values(row);
    },
    async file(id: string) {
      return (await db.select().from(files).where(eq(files.id, id)).limit(1))[0];
    },
    /** Accounts that share a merchant with the account (its merchant's users), the account included. */
    async colleaguesOf(accountId: string) {
      const merchantIds = (
        await db
          .select({ merchantId: memberships.merchantId })
          .from(memberships)
          .where(eq(memberships.accountId, accountId))
      ).map((r) => r.merchantId);
      if (merchantIds.length === 0) return [accountId];
      const rows = await db
        .select({ accountId: memberships.accountId })
        .from(memberships)
        .where(inArray(memberships.merchantId, merchantIds));
      return [...new Set([accountId, ...rows.map((r) => r.accountId)])];
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
