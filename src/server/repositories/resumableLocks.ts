/**
 * Leases on resumable uploads (schema `resumable_upload_locks`; the locker is resumableLocks.ts): one statement
 * decides each step, with the database's own clock, so two instances (and their clocks) never both hold one.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { resumableUploadLocks as locks } from '../db/schema';

const leaseEnd = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

export function createResumableLockRepository(db: Db) {
  return {
    /** Takes the upload's lease for `holder` when nobody holds it or its holder's lease ran out; true when taken. */
    async take(uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
      const rows = await db
        .insert(locks)
        .values({ uploadId, holder, expiresAt: leaseEnd(leaseMs), releaseRequested: false })
        .onConflictDoUpdate({
          target: locks.uploadId,
          set: { holder, expiresAt: leaseEnd(leaseMs), releaseRequested: false },
          setWhere: lt(locks.expiresAt, sql`now()`),
        })
        .returning({ holder: locks.holder });
      return rows[0]?.holder === holder;
    },
    /** Asks whoever holds the upload to let go. */
    async askRelease(uploadId: string): Promise<void> {
      await db.update(locks).set({ releaseRequested: true }).where(eq(locks.uploadId, uploadId));
    },
    /**
     * Renews `holder`'s lease.
     * @returns - null when the lease is no longer the holder's; else whether someone asked it to let go
     */
    async renew(
      uploadId: string,
      holder: string,
      leaseMs: number,
    ): Promise<{ releaseRequested: boolean } | null> {
      const rows = await db
        .update(locks)
        .set({ expiresAt: leaseEnd(leaseMs) })
        .where(and(eq(locks.uploadId, uploadId), eq(locks.holder, holder)))
        .returning({ releaseRequested: locks.releaseRequested });
      return rows[0] ?? null;
    },
    /** Gives the lease back (only the holder's own). */
    async release(uploadId: string, holder: string): Promise<void> {
      await db.delete(locks).where(and(eq(locks.uploadId, uploadId), eq(locks.holder, holder)));
    },
  };
}

export type ResumableLockRepository = ReturnType<typeof createResumableLockRepository>;
