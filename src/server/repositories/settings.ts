/** SQL of the product's settings that ops change at run time (the remote status message): `meta` rows by key. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { meta } from '../db/schema';

export function createSettingsRepository(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      return (await db.select().from(meta).where(eq(meta.key, key)).limit(1))[0]?.value as T | undefined;
    },
    async set(key: string, value: unknown) {
      await db
        .insert(meta)
        .values({ key, value })
        .onConflictDoUpdate({ target: meta.key, set: { value: sql`excluded.value` } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
