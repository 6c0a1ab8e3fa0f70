/** SQL of uploaded files and of who may see them (the uploader and its merchants' users). */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import {
  capitalApplications,
  disputes,
  drafts,
  files,
  memberships,
  organizations,
  supportMessages,
} from '../db/schema';

export type FileRow = typeof files.$inferSelect;

export function createFileRepository(db: Db) {
  return {
    async addFile(row: Omit<FileRow, 'createdAt'>) {
      await db.insert(files).values(row);
    },
    /** How many files, and how many bytes, an account has uploaded since a time (its daily quota). */
    async uploadedSince(accountId: string, since: Date): Promise<{ count: number; bytes: number }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint`,
        })
        .from(files)
        .where(and(eq(files.accountId, accountId), gt(files.createdAt, since)));
      return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
    },
    /**
     * Files older than `before` that no answers point at: no draft of any flow (submitted ones included), no
     * business profile, no dispute's challenge and no support message holds their id. A file's address carries its id, so a text search of the JSON finds
     * every use however deep the field; `limit` keeps one sweep short.
     */
    async unreferencedBefore(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            lt(files.createdAt, before),
            sql`not exists (select 1 from ${drafts} where ${drafts.data}::text like '%' || ${files.id} || '%')`,
            sql`not exists (select 1 from ${organizations} where ${organizations.businessProfile}::text like '%' || ${files.id} || '%')`,
            // A capital application's documents (a bank statement) stay with the application sent, whatever its draft
            // says later.
            sql`not exists (select 1 from ${capitalApplications} where ${capitalApplications.data}::text like '%' || ${files.id} || '%')`,
            // A challenge's images stay with their dispute.
            sql`not exists (select 1 from ${disputes} where ${disputes.data}::text like '%' || ${files.id} || '%')`,
            // A ticket's images stay with its conversation.
            sql`not exists (select 1 from ${supportMessages} where ${supportMessages.attachments}::text like '%' || ${files.id} || '%')`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.id);
    },
    async removeFile(id: string) {
      await db.delete(files).where(eq(files.id, id));
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
