/**
 * Token buckets in the database, so every server process shares them (chat sends per account). Kept as GCRA
 * keeps them: one time per key, `full_at`, the moment the bucket would be full again. Taking a token moves it
 * one interval later; the bucket is empty when that would put it more than `burst` intervals ahead of now.
 * One statement decides, so two processes taking at once both count.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rateBuckets } from '../db/schema';

export interface Bucket {
  /** Tokens a second, refilled evenly. */
  perSecond: number;
  /** The most taken at once (a full bucket). */
  burst: number;
}

export function createRateLimitRepository(db: Db) {
  return {
    /**
     * Takes a token from the key's bucket.
     * @returns - `{ ok: true }`, or `{ ok: false, retryAfterMs }`: how long until a token is back
     */
    async take(
      key: string,
      bucket: Bucket,
      now: Date,
    ): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
      const interval = Math.ceil(1000 / bucket.perSecond);
      const span = interval * bucket.burst;
      const taken = await db
        .insert(rateBuckets)
        .values({ key, fullAt: new Date(now.getTime() + interval) })
        .onConflictDoUpdate({
          target: rateBuckets.key,
          set: {
            fullAt: sql`greatest(${rateBuckets.fullAt}, ${now}::timestamptz) + ${interval} * interval '1 millisecond'`,
          },
          setWhere: sql`greatest(${rateBuckets.fullAt}, ${now}::timestamptz) + ${interval} * interval '1 millisecond' <= ${now}::timestamptz + ${span} * interval '1 millisecond'`,
        })
        .returning({ fullAt: rateBuckets.fullAt });
      if (taken.length > 0) return { ok: true };
      const [row] = await db
        .select({ fullAt: rateBuckets.fullAt })
        .from(rateBuckets)
        .where(eq(rateBuckets.key, key));
      const full = row?.fullAt.getTime() ?? now.getTime();
      return {
        ok: false,
        retryAfterMs: Math.max(1, Math.max(full, now.getTime()) + interval - span - now.getTime()),
      };
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
