/**
 * Analytics (shell spec §2.6 `analytics`, `analytics/{country}/{metric}`; onboarding spec §1 "analytics charts
 * (GMV, AOV, orders)"; issue 36; docs/analytics.md): the arithmetic, pure — periods, the previous period, and the
 * figures of each. Amounts are integers in the currency's minor units.
 *
 * The figures, the same the home's sales tile and the orders list show:
 * - **orders**: orders placed in the period (by when they were placed, in the merchant's time zone), cancelled ones
 *   left out;
 * - **GMV**: what those orders were for (their amounts);
 * - **refunds**: refunds made in the period, whichever period the order was placed in (money given back then);
 * - **net sales**: GMV − refunds;
 * - **AOV**: GMV ÷ orders, rounded half up to the minor unit (0 without orders).
 */
import { addDays } from './payouts';
import { isOneOf } from './oneOf';

export const METRICS = ['gmv', 'aov', 'orders', 'refunds', 'net_sales'] as const;
export type Metric = (typeof METRICS)[number];
export const isMetric = (value: string): value is Metric => (METRICS as readonly string[]).includes(value);

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const isGranularity = isOneOf(GRANULARITIES);

/** The longest range asked at once: two years of days. */
export const MAX_RANGE_DAYS = 731;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** How many days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/**
 * The merchant's day begins at its country's midnight (minutes east of UTC): the Gulf keeps no summer time; Egypt's
 * summer hour is not followed (a caller may ask with its own `tz_offset`).
 */
const COUNTRY_OFFSET: Record<string, number> = {
  SAU: 180,
  KWT: 180,
  BHR: 180,
  QAT: 180,
  ARE: 240,
  OMN: 240,
  EGY: 120,
};
export const countryOffset = (country: string) => COUNTRY_OFFSET[country] ?? 180;

/** The day an instant falls on for a merchant `offsetMinutes` east of UTC. */
export const localDay = (at: Date | string, offsetMinutes: number) =>
  new Date(new Date(at).getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

/** Where a day's local midnight is, as an instant (the start of a range asked in the merchant's days). */
export const localMidnight = (day: string, offsetMinutes: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - offsetMinutes * 60_000);

/** The first day of the period a day belongs to: itself, its week's Monday (ISO weeks), its month's first. */
export function periodStart(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The periods that cover `from`–`to`, by their first day (the first may start before `from`). */
export function periodsOf(from: string, to: string, granularity: Granularity): string[] {
  const starts: string[] = [];
  for (let start = periodStart(from, granularity); start <= to;) {
    starts.push(start);
    if (granularity === 'day') start = addDays(start, 1);
    else if (granularity === 'week') start = addDays(start, 7);
    else {
      const d = new Date(`${start}T00:00:00Z`);
      start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    }
  }
  return starts;
}

/** The period as long as `from`–`to` just before it: the one shown beside it. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const length = daysIn(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** AOV: GMV ÷ orders, half up to the minor unit; 0 without orders. */
export const aov = (gmv: number, orders: number) =>
  orders > 0 ? Math.floor((2 * gmv + orders) / (2 * orders)) : 0;

export interface Figures {
  orders: number;
  gmv: number;
  refunds: number;
  net_sales: number;
  aov: number;
}

/** A day's sums (of one store and product, or of all). */
export interface DayRow {
  day: string;
  orders: number;
  gmv: number;
  refunds: number;
}

export const figuresOf = (orders: number, gmv: number, refunds: number): Figures => ({
  orders,
  gmv,
  refunds,
  net_sales: gmv - refunds,
  aov: aov(gmv, orders),
});

const EMPTY = () => ({ orders: 0, gmv: 0, refunds: 0 });

/** The rows' sums, the days outside `from`–`to` left out. */
export function total(rows: readonly DayRow[], from: string, to: string): Figures {
  const sum = EMPTY();
  for (const r of rows)
    if (r.day >= from && r.day <= to) {
      sum.orders += r.orders;
      sum.gmv += r.gmv;
      sum.refunds += r.refunds;
    }
  return figuresOf(sum.orders, sum.gmv, sum.refunds);
}

export interface SeriesPoint {
  /** The period's first day (a first week or month cut at `from` still starts where it starts). */
  start: string;
  /** The days of it inside the range: a period cut by the range's ends holds fewer than its own. */
  from: string;
  to: string;
  /** Fewer days than a whole period of its kind (a month of one day, a week of three): labelled as such. */
  partial: boolean;
  current: Figures;
  /** The same days one range-length earlier (as many days, inside the previous range): like with like. */
  previous: Figures;
  previous_from: string;
  previous_to: string;
}

/** How many days a whole period starting on `start` has. */
function periodLength(start: string, granularity: Granularity): number {
  if (granularity === 'day') return 1;
  if (granularity === 'week') return 7;
  const d = new Date(`${start}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
}

/**
 * The series of `from`–`to` with the previous period beside it (issue 56: a "month" of one day beside a whole
 * month before it, compared by position). Each period counts the days of it inside the range, and says whether
 * that is fewer than a whole period; beside it, the same days one range-length earlier — as many days, together
 * exactly the previous range — with their dates.
 */
export function series(
  rows: readonly DayRow[],
  range: { from: string; to: string },
  granularity: Granularity,
): SeriesPoint[] {
  // Each day's sums once (a year by day is 730 days of thousands of rows: never every row for every period).
  const byDay = new Map<string, { orders: number; gmv: number; refunds: number }>();
  for (const r of rows) {
    const sum = byDay.get(r.day) ?? EMPTY();
    sum.orders += r.orders;
    sum.gmv += r.gmv;
    sum.refunds += r.refunds;
    byDay.set(r.day, sum);
  }
  const sumOf = (from: string, to: string) => {
    const sum = EMPTY();
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const d = byDay.get(day);
      if (!d) continue;
      sum.orders += d.orders;
      sum.gmv += d.gmv;
      sum.refunds += d.refunds;
    }
    return figuresOf(sum.orders, sum.gmv, sum.refunds);
  };
  const shift = -daysIn(range.from, range.to);
  const starts = periodsOf(range.from, range.to, granularity);
  return starts.map((start, i) => {
    const from = start < range.from ? range.from : start;
    const to = i + 1 < starts.length ? addDays(starts[i + 1]!, -1) : range.to;
    const [previousFrom, previousTo] = [addDays(from, shift), addDays(to, shift)];
    return {
      start,
      from,
      to,
      partial: daysIn(from, to) < periodLength(start, granularity),
      current: sumOf(from, to),
      previous: sumOf(previousFrom, previousTo),
      previous_from: previousFrom,
      previous_to: previousTo,
    };
  });
}

/** The change from the previous figure to this one, in percent (null when the previous was 0). */
export const change = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
