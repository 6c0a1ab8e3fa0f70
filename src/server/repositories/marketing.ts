/** SQL of marketing: connected platforms, their products, the catalogue permission, the published listing (docs/marketing.md). */
import { and, asc, count, desc, eq, ilike, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import {
  catalogAuthorisations,
  catalogProducts,
  drafts,
  marketingConnections,
  marketplaceListings,
} from '../db/schema';

export type ProductRow = typeof catalogProducts.$inferSelect;
export type ListingRow = typeof marketplaceListings.$inferSelect;

export function createMarketingRepository(db: Db) {
  return { ...connectionRows(db), ...marketplaceRows(db) };
}

/** The connected platforms and the products each brought. */
function connectionRows(db: Db) {
  return {
    async connections(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      const rows = await db
        .select({
          merchantId: marketingConnections.merchantId,
          platform: marketingConnections.platform,
          connectedAt: marketingConnections.connectedAt,
          products: sql<number>`(select count(*)::int from ${catalogProducts} p where p.merchant_id = ${marketingConnections.merchantId} and p.platform = ${marketingConnections.platform})`,
        })
        .from(marketingConnections)
        .where(inArray(marketingConnections.merchantId, merchantIds))
        .orderBy(asc(marketingConnections.connectedAt));
      return rows;
    },
    /** Connects a platform and writes what its catalogue holds (again: the catalogue read anew, choices kept). */
    async connect(
      merchantId: string,
      platform: string,
      products: Omit<typeof catalogProducts.$inferInsert, 'inMarketplace'>[],
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(marketingConnections)
          .values({ merchantId, platform, connectedAt: now })
          .onConflictDoNothing();
        if (products.length > 0)
          await tx
            .insert(catalogProducts)
            .values(products)
            .onConflictDoUpdate({
              target: catalogProducts.id,
              set: {
                title: sql`excluded.title`,
                price: sql`excluded.price`,
                inStock: sql`excluded.in_stock`,
                updatedAt: now,
              },
            });
      });
    },
    async disconnect(merchantId: string, platform: string) {
      return db.transaction(async (tx) => {
        await tx
          .delete(catalogProducts)
          .where(and(eq(catalogProducts.merchantId, merchantId), eq(catalogProducts.platform, platform)));
        const gone = await tx
          .delete(marketingConnections)
          .where(
            and(eq(marketingConnections.merchantId, merchantId), eq(marketingConnections.platform, platform)),
          )
          .returning({ platform: marketingConnections.platform });
        return gone.length > 0;
      });
    },

    /** A page of the merchants' products by title, with how many match and how many are in the marketplace. */
    async products(
      merchantIds: string[],
      filter: { platform?: string; query?: string; inMarketplace?: boolean },
      limit: number,
      offset: number,
    ) {
      if (merchantIds.length === 0) return { rows: [] as ProductRow[], total: 0, shown: 0 };
      const where: SQL[] = [inArray(catalogProducts.merchantId, merchantIds)];
      if (filter.platform) where.push(eq(catalogProducts.platform, filter.platform));
      if (filter.query)
        where.push(ilike(catalogProducts.title, `%${filter.query.replace(/[\\%_]/g, '\\$&')}%`));
      if (filter.inMarketplace !== undefined)
        where.push(eq(catalogProducts.inMarketplace, filter.inMarketplace));
      const scope = and(...where);
      const [rows, [sums]] = await Promise.all([
        db
          .select()
          .from(catalogProducts)
          .where(scope)
          .orderBy(asc(catalogProducts.title), asc(catalogProducts.id))
          .limit(limit)
          .offset(offset),
        db
          .select({
            n: count(),
            shown: sql<number>`count(*) filter (where ${catalogProducts.inMarketplace})::int`,
          })
          .from(catalogProducts)
          .where(scope),
      ]);
      return { rows, total: Number(sums?.n ?? 0), shown: Number(sums?.shown ?? 0) };
    },
    async product(id: string, merchantIds: string[]) {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select()
          .from(catalogProducts)
          .where(and(eq(catalogProducts.id, id), inArray(catalogProducts.merchantId, merchantIds)))
      )[0];
    },
    async setInMarketplace(id: string, value: boolean, now: Date) {
      await db
        .update(catalogProducts)
        .set({ inMarketplace: value, updatedAt: now })
        .where(eq(catalogProducts.id, id));
    },
    /** How many products of each merchant shoppers see (merchants with none are absent). */
    async shownCounts(merchantIds: string[]) {
      if (merchantIds.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ merchantId: catalogProducts.merchantId, n: count() })
        .from(catalogProducts)
        .where(and(inArray(catalogProducts.merchantId, merchantIds), eq(catalogProducts.inMarketplace, true)))
        .groupBy(catalogProducts.merchantId);
      return new Map(rows.map((r) => [r.merchantId, Number(r.n)]));
    },
  };
}

/** The marketplace: the catalogue's authorisations, the store listings published and their drafts. */
function marketplaceRows(db: Db) {
  return {
    async authorisations(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select()
        .from(catalogAuthorisations)
        .where(inArray(catalogAuthorisations.merchantId, merchantIds));
    },
    async authorise(merchantId: string, accountId: string, now: Date) {
      await db
        .insert(catalogAuthorisations)
        .values({ merchantId, accountId, authorisedAt: now })
        .onConflictDoNothing();
    },
    /** Revokes the permission and takes every product of the merchant out of the marketplace. */
    async revoke(merchantId: string, now: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(catalogAuthorisations).where(eq(catalogAuthorisations.merchantId, merchantId));
        await tx
          .update(catalogProducts)
          .set({ inMarketplace: false, updatedAt: now })
          .where(and(eq(catalogProducts.merchantId, merchantId), eq(catalogProducts.inMarketplace, true)));
      });
    },

    async listings(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select()
        .from(marketplaceListings)
        .where(inArray(marketplaceListings.merchantId, merchantIds));
    },
    async listing(merchantId: string): Promise<ListingRow | undefined> {
      return (
        await db.select().from(marketplaceListings).where(eq(marketplaceListings.merchantId, merchantId))
      )[0];
    },
    /** Publishes a revision: the answers replace the last published ones; shown to shoppers. */
    async publish(row: Omit<ListingRow, 'visible'>) {
      await db
        .insert(marketplaceListings)
        .values({ ...row, visible: true })
        .onConflictDoUpdate({
          target: marketplaceListings.merchantId,
          set: {
            revision: row.revision,
            data: row.data,
            visible: true,
            publishedAt: row.publishedAt,
            publishedBy: row.publishedBy,
          },
        });
    },
    async setVisible(merchantId: string, visible: boolean) {
      await db
        .update(marketplaceListings)
        .set({ visible })
        .where(eq(marketplaceListings.merchantId, merchantId));
    },
    /** The store-listing drafts of a merchant not published yet (keyed `<merchant>:r<n>`), the latest first. */
    async openDrafts(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select({
          id: drafts.id,
          scope: drafts.scope,
          ownerId: drafts.ownerId,
          data: drafts.data,
          updatedAt: drafts.updatedAt,
          createdAt: drafts.createdAt,
        })
        .from(drafts)
        .where(
          and(
            eq(drafts.flow, 'store-listing'),
            eq(drafts.status, 'draft'),
            sql`(${sql.join(
              merchantIds.map((m) => like(drafts.scope, `${m.replace(/[\\%_]/g, '\\$&')}:r%`)),
              sql` or `,
            )})`,
          ),
        )
        .orderBy(desc(drafts.updatedAt));
    },
  };
}

export type MarketingRepository = ReturnType<typeof createMarketingRepository>;
