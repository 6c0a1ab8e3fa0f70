/**
 * SQL of analytics (docs/analytics.md): a merchant's orders placed and refunds made, summed by the merchant's day,
 * store and payment product (the periods and figures are src/domain/analytics.ts's).
 *
 * **How it stays fast.** A day that has ended does not change — orders are placed and refunds made now, and only a
 * fixture load writes the past (it clears its merchants' sums) — so each ended day is summed once, into
 * `analytics_days`, the first time a range asks for it; `analytics_filled` keeps which days are there, per merchant
 * and time zone, as one unbroken run of days that grows at either end. A year of a busy merchant is then a few
 * thousand summed rows, and only today is summed from the orders on every call.
 */
import { and, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../domain/payouts';
import { localMidnight } from '../../domain/analytics';
import type { Db } from '../db';
import { analyticsDays, analyticsFilled, paymentRefunds, payments } from '../db/schema';

export interface AnalyticsDaysQuery {
  merchantIds: string[];
  storeIds: string[];
  products?: string[];
  /** Days of the merchant's time zone, both included. */
  from: string;
  to: string;
  /** Minutes east of UTC: where the merchant's days begin. */
  offsetMinutes: number;
  /** The merchant's today in that time zone: days before it have ended. */
  today: string;
}

export interface AnalyticsRow {
  day: string;
  storeId: string;
  product: string;
  orders: number;
  gmv: number;
  refunds: number;
}

/** The day, in a time zone `offset` minutes east of UTC, of a timestamp column: a date cast (cheaper than to_char). */
const dayOf = (column: SQL | typeof payments.createdAt, offset: number) =>
  sql<string>`(((${column} at time zone 'UTC') + ${sql.raw(`interval '${Math.trunc(offset)} minutes'`)})::date)::text`;

/** The orders and refunds of one day range (whole days), summed from the orders themselves. */
async function summed(
  db: Db,
  merchantIds: string[],
  from: string,
  to: string,
  offset: number,
  filter: { storeIds?: string[]; products?: string[] } = {},
): Promise<AnalyticsRow[]> {
  const start = localMidnight(from, offset);
  const until = localMidnight(addDays(to, 1), offset);
  const scope = and(
    inArray(payments.merchantId, merchantIds),
    filter.storeIds ? inArray(payments.storeId, filter.storeIds) : undefined,
    filter.products?.length ? inArray(payments.product, filter.products) : undefined,
  );
  const [placed, refunded] = await Promise.all([
    db
      .select({
        merchantId: payments.merchantId,
        day: dayOf(payments.createdAt, offset),
        storeId: payments.storeId,
        product: payments.product,
        orders: sql<string>`count(*)`,
        gmv: sql<string>`sum(${payments.amountMinor})`,
      })
      .from(payments)
      .where(
        and(
          scope,
          gte(payments.createdAt, start),
          lt(payments.createdAt, until),
          isNull(payments.cancelledAt),
        ),
      )
      .groupBy(sql`1, 2, 3, 4`),
    db
      .select({
        merchantId: payments.merchantId,
        day: dayOf(sql`${paymentRefunds.createdAt}`, offset),
        storeId: payments.storeId,
        product: payments.product,
        refunds: sql<string>`sum(${paymentRefunds.amountMinor})`,
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(scope, gte(paymentRefunds.createdAt, start), lt(paymentRefunds.createdAt, until)))
      .groupBy(sql`1, 2, 3, 4`),
  ]);
  const rows = new Map<string, AnalyticsRow & { merchantId: string }>();
  const row = (merchantId: string, day: string, storeId: string, product: string) => {
    const key = `${merchantId}|${day}|${storeId}|${product}`;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { merchantId, day, storeId, product, orders: 0, gmv: 0, refunds: 0 }));
    return r;
  };
  for (const p of placed) {
    const r = row(p.merchantId, p.day, p.storeId, p.product);
    r.orders += Number(p.orders);
    r.gmv += Number(p.gmv);
  }
  for (const p of refunded) row(p.merchantId, p.day, p.storeId, p.product).refunds += Number(p.refunds);
  return [...rows.values()];
}

export function createAnalyticsRepository(db: Db) {
  /** Sums one merchant's ended days `from`–`to` into analytics_days (again: the same sums). */
  async function fill(merchantId: string, offset: number, from: string, to: string) {
    const rows = await summed(db, [merchantId], from, to, offset);
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insert(analyticsDays)
        .values(
          rows.slice(i, i + 1000).map((r) => ({
            merchantId,
            tzOffset: offset,
            day: r.day,
            storeId: r.storeId,
            product: r.product,
            orders: r.orders,
            gmvMinor: r.gmv,
            refundsMinor: r.refunds,
          })),
        )
        .onConflictDoUpdate({
          target: [
            analyticsDays.merchantId,
            analyticsDays.tzOffset,
            analyticsDays.day,
            analyticsDays.storeId,
            analyticsDays.product,
          ],
          set: {
            orders: sql`excluded.orders`,
            gmvMinor: sql`excluded.gmv_minor`,
            refundsMinor: sql`excluded.refunds_minor`,
          },
        });
  }

  /**
   * Makes sure analytics_days holds the merchant's days `from`–`to` (all ended): the run of days kept grows at
   * either end by what is missing. Two servers filling at once write the same sums.
   */
  async function ensure(merchantId: string, offset: number, from: string, to: string) {
    const [kept] = await db
      .select()
      .from(analyticsFilled)
      .where(and(eq(analyticsFilled.merchantId, merchantId), eq(analyticsFilled.tzOffset, offset)));
    if (!kept || to < addDays(kept.from, -1) || from > addDays(kept.through, 1)) {
      // Nothing kept, or a run that does not touch the one kept: this range becomes the run.
      await fill(merchantId, offset, from, to);
      await db
        .insert(analyticsFilled)
        .values({ merchantId, tzOffset: offset, from, through: to })
        .onConflictDoUpdate({
          target: [analyticsFilled.merchantId, analyticsFilled.tzOffset],
          set: { from, through: to },
        });
      return;
    }
    if (from < kept.from) await fill(merchantId, offset, from, addDays(kept.from, -1));
    if (to > kept.through) await fill(merchantId, offset, addDays(kept.through, 1), to);
    if (from < kept.from || to > kept.through)
      await db
        .update(analyticsFilled)
        .set({
          from: sql`least(${analyticsFilled.from}, ${from})`,
          through: sql`greatest(${analyticsFilled.through}, ${to})`,
        })
        .where(and(eq(analyticsFilled.merchantId, merchantId), eq(analyticsFilled.tzOffset, offset)));
  }

  return {
    /** The range's rows: its ended days from analytics_days (summed first if missing), today's from the orders. */
    async days(query: AnalyticsDaysQuery): Promise<AnalyticsRow[]> {
      if (query.merchantIds.length === 0 || query.storeIds.length === 0) return [];
      const offset = Math.trunc(query.offsetMinutes);
      const lastEnded = addDays(query.today, -1);
      const endedTo = query.to < lastEnded ? query.to : lastEnded;
      const rows: AnalyticsRow[] = [];
      if (query.from <= endedTo) {
        for (const merchantId of query.merchantIds) await ensure(merchantId, offset, query.from, endedTo);
        const kept = await db
          .select({
            day: analyticsDays.day,
            storeId: analyticsDays.storeId,
            product: analyticsDays.product,
            orders: analyticsDays.orders,
            gmv: analyticsDays.gmvMinor,
            refunds: analyticsDays.refundsMinor,
          })
          .from(analyticsDays)
          .where(
            and(
              inArray(analyticsDays.merchantId, query.merchantIds),
              eq(analyticsDays.tzOffset, offset),
              gte(analyticsDays.day, query.from),
              lte(analyticsDays.day, endedTo),
              inArray(analyticsDays.storeId, query.storeIds),
              query.products?.length ? inArray(analyticsDays.product, query.products) : undefined,
            ),
          );
        rows.push(...kept.map((r) => ({ ...r, gmv: Number(r.gmv), refunds: Number(r.refunds) })));
      }
      const openFrom = query.from > lastEnded ? query.from : query.today;
      if (openFrom <= query.to)
        rows.push(
          ...(await summed(db, query.merchantIds, openFrom, query.to, offset, {
            storeIds: query.storeIds,
            products: query.products,
          })),
        );
      return rows;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
