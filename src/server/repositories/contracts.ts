/**
 * SQL of contracts signed inside the product (docs/contracts.md). Reads take the merchants the caller may see; the
 * moves that matter are conditional, so of two calls at once one wins: a code is spent once, a contract signed once.
 */
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { contracts, merchants } from '../db/schema';

export type ContractRow = typeof contracts.$inferSelect;
type ContractAuditEntry = ContractRow['audit'][number];

/** `audit || [entry]`, in the statement that makes the move, so no entry is lost to a concurrent one. */
const appended = (entry: ContractAuditEntry) => sql`${contracts.audit} || ${JSON.stringify([entry])}::jsonb`;

export function createContractRepository(db: Db) {
  return {
    async contract(merchantIds: string[], id: string): Promise<ContractRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(contracts)
          .where(and(eq(contracts.id, id), inArray(contracts.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    /** Any contract by id: the provider's staff read every contract. */
    async anyContract(id: string): Promise<ContractRow | undefined> {
      return (await db.select().from(contracts).where(eq(contracts.id, id)).limit(1))[0];
    },
    /**
     * Signed contracts, the latest signed first, for the provider's staff: found by a part of the merchant's name, the
     * signer's name or the contract's id.
     */
    async signedPage(filter: { search?: string; page: number; size: number }) {
      const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
      const condition = and(
        eq(contracts.status, 'signed'),
        like
          ? or(ilike(merchants.name, like), ilike(contracts.signerName, like), ilike(contracts.id, like))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: contracts.id,
            kind: contracts.kind,
            subjectId: contracts.subjectId,
            merchantName: merchants.name,
            language: contracts.language,
            signerName: contracts.signerName,
            signedAt: contracts.signedAt,
          })
          .from(contracts)
          .innerJoin(merchants, eq(merchants.id, contracts.merchantId))
          .where(condition)
          .orderBy(desc(contracts.signedAt), desc(contracts.id))
          .limit(filter.size)
          .offset((filter.page - 1) * filter.size),
        db
          .select({ n: count() })
          .from(contracts)
          .innerJoin(merchants, eq(merchants.id, contracts.merchantId))
          .where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async ofSubject(kind: string, subjectId: string): Promise<ContractRow | undefined> {
      return (
        await db
          .select()
          .from(contracts)
          .where(and(eq(contracts.kind, kind), eq(contracts.subjectId, subjectId)))
          .limit(1)
      )[0];
    },
    /** A new contract; undefined when the subject has one already (a concurrent prepare made it). */
    async insert(row: typeof contracts.$inferInsert): Promise<ContractRow | undefined> {
      return (await db.insert(contracts).values(row).onConflictDoNothing().returning())[0];
    },
    /** The document again (another language, changed terms), while the contract is still unsigned. */
    async redraw(
      id: string,
      values: Pick<ContractRow, 'language' | 'document' | 'documentFileId' | 'documentSha256' | 'phone'> & {
        updatedAt: Date;
      },
      entry: ContractAuditEntry,
    ): Promise<ContractRow | undefined> {
      return (
        await db
          .update(contracts)
          .set({ ...values, otp: null, audit: appended(entry) })
          .where(and(eq(contracts.id, id), eq(contracts.status, 'prepared')))
          .returning()
      )[0];
    },
    /** The code in flight, while unsigned. */
    async setCode(id: string, otp: Record<string, unknown>, entry: ContractAuditEntry, at: Date) {
      return (
        await db
          .update(contracts)
          .set({ otp, updatedAt: at, audit: appended(entry) })
          .where(and(eq(contracts.id, id), eq(contracts.status, 'prepared')))
          .returning()
      )[0];
    },
    async audit(id: string, entry: ContractAuditEntry) {
      await db
        .update(contracts)
        .set({ audit: appended(entry) })
        .where(eq(contracts.id, id));
    },
    /**
     * Signs the contract: only while it is unsigned, its document is the one read and the code checked is still its
     * own (`salt`) — of signatures sent at once, one is kept.
     */
    async sign(
      id: string,
      read: { documentSha256: string; salt: string },
      values: Pick<
        ContractRow,
        'signerName' | 'signerAccountId' | 'signerSession' | 'signedAt' | 'signedFileId' | 'signedSha256'
      >,
      entry: ContractAuditEntry,
    ): Promise<ContractRow | undefined> {
      return (
        await db
          .update(contracts)
          .set({
            ...values,
            status: 'signed',
            otp: null,
            updatedAt: values.signedAt!,
            audit: appended(entry),
          })
          .where(
            and(
              eq(contracts.id, id),
              eq(contracts.status, 'prepared'),
              eq(contracts.documentSha256, read.documentSha256),
              sql`${contracts.otp}->>'salt' = ${read.salt}`,
            ),
          )
          .returning()
      )[0];
    },
  };
}

export type ContractRepository = ReturnType<typeof createContractRepository>;
