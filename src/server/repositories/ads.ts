/** SQL of ads campaigns and their daily results (docs/ads.md). */
import { and, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { containing } from './like';
import { adsCampaigns, adsResults, merchants } from '../db/schema';

export type CampaignRow = typeof adsCampaigns.$inferSelect & { merchantName: string };
export type ResultRow = typeof adsResults.$inferSelect;

export function createAdsRepository(db: Db) {
  const select = () =>
    db
      .select({
        id: adsCampaigns.id,
        merchantId: adsCampaigns.merchantId,
        product: adsCampaigns.product,
        name: adsCampaigns.name,
        currency: adsCampaigns.currency,
        dailyBudget: adsCampaigns.dailyBudget,
        state: adsCampaigns.state,
        stopReason: adsCampaigns.stopReason,
        activeSince: adsCampaigns.activeSince,
        deliveredThrough: adsCampaigns.deliveredThrough,
        createdAt: adsCampaigns.createdAt,
        updatedAt: adsCampaigns.updatedAt,
        merchantName: merchants.name,
      })
      .from(adsCampaigns)
      .innerJoin(merchants, eq(merchants.id, adsCampaigns.merchantId));

  return {
    /** The merchants' campaigns, newest first. */
    async campaigns(merchantIds: string[]): Promise<CampaignRow[]> {
      if (merchantIds.length === 0) return [];
      return select()
        .where(inArray(adsCampaigns.merchantId, merchantIds))
        .orderBy(desc(adsCampaigns.createdAt), desc(adsCampaigns.id));
    },
    async campaign(id: string, merchantIds: string[]): Promise<CampaignRow | undefined> {
      if (merchantIds.length === 0) return undefined;
      return (
        await select().where(and(eq(adsCampaigns.id, id), inArray(adsCampaigns.merchantId, merchantIds)))
      )[0];
    },
    /** A campaign of any merchant (ads ops'). */
    async campaignById(id: string): Promise<CampaignRow | undefined> {
      return (await select().where(eq(adsCampaigns.id, id)))[0];
    },
    /**
     * Every merchant's campaigns for ads ops, newest first: one page, and how many match. `search` is a part of the
     * campaign's or the merchant's name (any case; `%` and `_` are literal).
     */
    async allCampaigns(filter: { search?: string; state?: string; limit: number; offset: number }) {
      const where: SQL[] = [];
      if (filter.search) {
        const pattern = containing(filter.search);
        where.push(or(ilike(adsCampaigns.name, pattern), ilike(merchants.name, pattern))!);
      }
      if (filter.state) where.push(eq(adsCampaigns.state, filter.state));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        select()
          .where(condition)
          .orderBy(desc(adsCampaigns.createdAt), desc(adsCampaigns.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: count() })
          .from(adsCampaigns)
          .innerJoin(merchants, eq(merchants.id, adsCampaigns.merchantId))
          .where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Each campaign's sums over the days from `since` (yyyy-mm-dd) on. */
    async sums(campaignIds: string[], since: string) {
      if (campaignIds.length === 0) return [];
      return db
        .select({
          campaignId: adsResults.campaignId,
          impressions: sql<number>`coalesce(sum(${adsResults.impressions}), 0)::int`,
          clicks: sql<number>`coalesce(sum(${adsResults.clicks}), 0)::int`,
          orders: sql<number>`coalesce(sum(${adsResults.orders}), 0)::int`,
          spend: sql<number>`coalesce(sum(${adsResults.spend}), 0)::bigint`,
        })
        .from(adsResults)
        .where(and(inArray(adsResults.campaignId, campaignIds), gte(adsResults.day, since)))
        .groupBy(adsResults.campaignId);
    },
    async insert(row: typeof adsCampaigns.$inferInsert) {
      await db.insert(adsCampaigns).values(row);
    },
    async update(id: string, values: Partial<typeof adsCampaigns.$inferInsert>) {
      await db.update(adsCampaigns).set(values).where(eq(adsCampaigns.id, id));
    },
    /**
     * Writes a campaign's results of ended days and moves its `delivered_through` on, in one transaction; a day
     * already written (another instance got there first) is kept as it is.
     */
    async deliver(id: string, rows: ResultRow[], through: string) {
      await db.transaction(async (tx) => {
        if (rows.length > 0) await tx.insert(adsResults).values(rows).onConflictDoNothing();
        await tx
          .update(adsCampaigns)
          .set({ deliveredThrough: through })
          .where(
            and(
              eq(adsCampaigns.id, id),
              sql`(${adsCampaigns.deliveredThrough} is null or ${adsCampaigns.deliveredThrough} < ${through})`,
            ),
          );
      });
    },
  };
}

export type AdsRepository = ReturnType<typeof createAdsRepository>;
