/**
 * SQL of the product's settings that change at run time — the remote status message ops set, the development
 * clock's offset — as `meta` rows by key.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { meta } from '../db/schema';

/** The NOTIFY channel of the development clock's moves (services/devClock.ts): the new offset in ms. */
export const DEV_CLOCK_NOTIFY = 'dev_clock';
const DEV_CLOCK_KEY = 'dev_clock_offset_ms';

export function createSettingsRepository(db: Db) {
  return {
    /** The development clock's offset, ms (0 until it is first moved). */
    async devClockOffset(): Promise<number> {
      const row = (await db.select().from(meta).where(eq(meta.key, DEV_CLOCK_KEY)).limit(1))[0];
      return Number(row?.value ?? 0);
    },
    /** Moves the development clock's offset forward by `ms` in one statement, announces it, answers the new one. */
    async advanceDevClock(ms: number): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(meta)
          .values({ key: DEV_CLOCK_KEY, value: ms })
          .onConflictDoUpdate({
            target: meta.key,
            set: { value: sql`to_jsonb((${meta.value}::text)::bigint + ${ms})` },
          })
          .returning({ value: meta.value });
        const offset = Number(row!.value);
        await tx.execute(sql`select pg_notify(${DEV_CLOCK_NOTIFY}, ${String(offset)})`);
        return offset;
      });
    },
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
