/** SQL of merchants' locations (docs/locations.md). */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { locations, stores } from '../db/schema';

export type LocationRow = typeof locations.$inferSelect & { storeName: string | null };

export function createLocationRepository(db: Db) {
  const select = () =>
    db
      .select({
        id: locations.id,
        merchantId: locations.merchantId,
        storeId: locations.storeId,
        name: locations.name,
        address: locations.address,
        mapsLink: locations.mapsLink,
        hours: locations.hours,
        createdAt: locations.createdAt,
        updatedAt: locations.updatedAt,
        storeName: stores.name,
      })
      .from(locations)
      .leftJoin(stores, eq(stores.id, locations.storeId));

  return {
    /** A page of the merchants' locations by name, and how many there are. */
    async page(merchantIds: string[], limit: number, offset: number) {
      if (merchantIds.length === 0) return { rows: [] as LocationRow[], total: 0 };
      const scope = inArray(locations.merchantId, merchantIds);
      const [rows, [total]] = await Promise.all([
        select().where(scope).orderBy(asc(locations.name), asc(locations.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(locations).where(scope),
      ]);
      return { rows: rows as LocationRow[], total: Number(total?.n ?? 0) };
    },
    async get(id: string, merchantIds: string[]): Promise<LocationRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await select().where(and(eq(locations.id, id), inArray(locations.merchantId, merchantIds)))
      )[0] as LocationRow | undefined;
    },
    async insert(row: typeof locations.$inferInsert) {
      await db.insert(locations).values(row);
    },
    async update(id: string, values: Partial<typeof locations.$inferInsert>) {
      await db.update(locations).set(values).where(eq(locations.id, id));
    },
    async remove(id: string) {
      await db.delete(locations).where(eq(locations.id, id));
    },
  };
}

export type LocationRepository = ReturnType<typeof createLocationRepository>;
