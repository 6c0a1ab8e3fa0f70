/** SQL of merchants' API keys (docs/dashboard.md "API keys"). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { apiKeys } from '../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function createApiKeyRepository(db: Db) {
  return {
    async get(merchantId: string): Promise<ApiKeyRow | undefined> {
      return (await db.select().from(apiKeys).where(eq(apiKeys.merchantId, merchantId)).limit(1))[0];
    },
    /** Makes the test keys once (two callers at once keep the first's). */
    async ensureTest(merchantId: string, keys: { testPublicKey: string; testSecretKey: string }, now: Date) {
      await db
        .insert(apiKeys)
        .values({ merchantId, ...keys, createdAt: now })
        .onConflictDoNothing();
    },
    /** Adds production keys once (a second call keeps the first's). */
    async ensureProduction(merchantId: string, keys: { publicKey: string; secretKey: string }) {
      await db
        .update(apiKeys)
        .set({
          publicKey: sql`coalesce(${apiKeys.publicKey}, ${keys.publicKey})`,
          secretKey: sql`coalesce(${apiKeys.secretKey}, ${keys.secretKey})`,
        })
        .where(eq(apiKeys.merchantId, merchantId));
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
