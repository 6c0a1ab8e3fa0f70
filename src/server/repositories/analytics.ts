/**
 * SQL of analytics (docs/analytics.md): a merchant's orders and refunds summed by the merchant's day, store and
 * payment product — a year of a busy merchant is a few thousand rows, whatever its orders (the sums are the
 * database's; the periods and figures are src/domain/analytics.ts's).
 */
import { and, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { paymentRefunds, payments } from '../db/schema';

export interface AnalyticsQuery {
  merchantIds: string[];
  storeIds: string[];
  products?: string[];
  /** Instants: the range's first local midnight, and the one after its last day. */
  from: Date;
  until: Date;
  /** Minutes east of UTC: where the merchant's days begin. */
  offsetMinutes: number;
}

export interface AnalyticsRow {
  day: string;
  storeId: string;
  product: string;
  orders: number;
  gmv: number;
  refunds: number;
}

export function createAnalyticsRepository(db: Db) {
  return {
    async days(query: AnalyticsQuery): Promise<AnalyticsRow[]> {
      if (query.merchantIds.length === 0 || query.storeIds.length === 0) return [];
      const shift = sql.raw(`interval '${Math.trunc(query.offsetMinutes)} minutes'`);
      const dayOf = (column: SQL | typeof payments.createdAt) =>
        sql<string>`to_char((${column} at time zone 'UTC') + ${shift}, 'YYYY-MM-DD')`;
      const scope = and(
        inArray(payments.merchantId, query.merchantIds),
        inArray(payments.storeId, query.storeIds),
        query.products?.length ? inArray(payments.product, query.products) : undefined,
      );
      const [placed, refunded] = await Promise.all([
        db
          .select({
            day: dayOf(payments.createdAt),
            storeId: payments.storeId,
            product: payments.product,
            orders: sql<string>`count(*)`,
            gmv: sql<string>`sum(${payments.amountMinor})`,
          })
          .from(payments)
          .where(
            and(
              scope,
              gte(payments.createdAt, query.from),
              lt(payments.createdAt, query.until),
              isNull(payments.cancelledAt),
            ),
          )
          .groupBy(sql`1, 2, 3`),
        db
          .select({
            day: dayOf(sql`${paymentRefunds.createdAt}`),
            storeId: payments.storeId,
            product: payments.product,
            refunds: sql<string>`sum(${paymentRefunds.amountMinor})`,
          })
          .from(paymentRefunds)
          .innerJoin(payments, sql`${payments.id} = ${paymentRefunds.paymentId}`)
          .where(
            and(scope, gte(paymentRefunds.createdAt, query.from), lt(paymentRefunds.createdAt, query.until)),
          )
          .groupBy(sql`1, 2, 3`),
      ]);
      const rows = new Map<string, AnalyticsRow>();
      const row = (day: string, storeId: string, product: string) => {
        const key = `${day}|${storeId}|${product}`;
        let r = rows.get(key);
        if (!r) rows.set(key, (r = { day, storeId, product, orders: 0, gmv: 0, refunds: 0 }));
        return r;
      };
      for (const p of placed) {
        const r = row(p.day, p.storeId, p.product);
        r.orders += Number(p.orders);
        r.gmv += Number(p.gmv);
      }
      for (const p of refunded) row(p.day, p.storeId, p.product).refunds += Number(p.refunds);
      return [...rows.values()];
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
