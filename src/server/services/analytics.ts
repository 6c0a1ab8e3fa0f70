/**
 * Analytics (shell spec §2.6 `analytics`, `analytics/{country}/{metric}`, §6 canViewAnalytics; issue 36;
 * docs/analytics.md): a range of the merchant's days and the range just before it, by day, week or month, for the
 * stores of one country (one currency), with the figures split by store and by payment product. The sums are the
 * repository's (one pass over the range's orders and refunds); the periods and figures src/domain/analytics.ts's.
 *
 * Scope: the merchants whose membership has `is_analytics_allowed`; none, 403. Bad input is 400 naming the field.
 */
import { csvLine } from '../../domain/csv';
import { isDay } from '../../domain/days';
import {
  daysIn,
  isGranularity,
  countryOffset,
  localDay,
  MAX_RANGE_DAYS,
  previousRange,
  series,
  total,
  type DayRow,
  type Figures as FiguresMinor,
} from '../../domain/analytics';
import { minorToDecimal } from '../../domain/money';
import { isPaymentProduct } from '../../domain/payments';
import { currencyOfCountry } from '../../domain/stores';
import type { AnalyticsAnswer, AnalyticsQuery, Figures } from '../../contract/analytics';
import { fieldError, refuseProblems, type FieldError } from '../errors';
import type { Clock } from '../clock';
import type { AccountRepository } from '../repositories/account';
import type { AnalyticsRepository, AnalyticsRow } from '../repositories/analytics';
import { enumFilter, merchantFilter, storeFilter } from './listFilters';
import { requireMerchants } from './memberships';

export interface AnalyticsDeps {
  repository: AnalyticsRepository;
  accounts: AccountRepository;
  clock: Clock;
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  const { repository, accounts, clock } = deps;

  const money = (f: FiguresMinor, currency: string): Figures => ({
    orders: f.orders,
    gmv: minorToDecimal(f.gmv, currency),
    refunds: minorToDecimal(f.refunds, currency),
    net_sales: minorToDecimal(f.net_sales, currency),
    aov: minorToDecimal(f.aov, currency),
  });

  /** The rows summed by one key (a store, a product) over the current range. */
  function split<K extends string>(
    rows: AnalyticsRow[],
    key: (r: AnalyticsRow) => K,
    from: string,
    to: string,
  ) {
    const by = new Map<K, DayRow[]>();
    for (const r of rows) {
      const list = by.get(key(r)) ?? [];
      list.push(r);
      by.set(key(r), list);
    }
    return [...by.entries()].map(([k, list]) => [k, total(list, from, to)] as const);
  }

  return {
    report,

    /**
     * What the page shows as CSV: a row a period — its figures and the previous period's beside them — then the
     * totals. Every cell quoted, text neutralised (domain/csv.ts).
     */
    async csv(accountId: string, input: AnalyticsQuery): Promise<string> {
      const a = await report(accountId, input);
      const keys = ['orders', 'gmv', 'refunds', 'net_sales', 'aov'] as const;
      // Each row's own days and the previous ones it is compared with (issue 56), and whether it is a whole period.
      const header = [
        'period_start',
        'from',
        'to',
        'partial',
        ...keys,
        'previous_from',
        'previous_to',
        ...keys.map((k) => `previous_${k}`),
        'currency',
      ];
      const line = (
        label: string,
        days: { from: string; to: string; partial: boolean | '' },
        current: Figures,
        previous: { from: string; to: string; figures: Figures },
      ) =>
        csvLine([
          label,
          days.from,
          days.to,
          String(days.partial),
          ...keys.map((k) => String(current[k])),
          previous.from,
          previous.to,
          ...keys.map((k) => String(previous.figures[k])),
          a.currency,
        ]);
      return [
        csvLine(header),
        ...a.series.map((p) =>
          line(p.start, p, p.current, { from: p.previous_from, to: p.previous_to, figures: p.previous }),
        ),
        line('total', { from: a.from, to: a.to, partial: '' }, a.totals.current, {
          ...a.previous,
          figures: a.totals.previous,
        }),
      ].join('');
    },
  };

  async function report(accountId: string, input: AnalyticsQuery): Promise<AnalyticsAnswer> {
    const allowed = await requireMerchants(accounts, accountId, 'is_analytics_allowed');
    const problems: Record<string, FieldError> = {};
    const merchants = merchantFilter(input.merchant_ids, allowed, problems);
    for (const key of ['from', 'to'] as const)
      if (!isDay(input[key])) problems[`/${key}`] = fieldError('validation:error.format.date');
    if (!problems['/from'] && !problems['/to']) {
      if (input.from > input.to) problems['/to'] = fieldError('validation:error.dateOrder');
      else if (daysIn(input.from, input.to) > MAX_RANGE_DAYS)
        problems['/to'] = fieldError('validation:error.rangeTooLong', { days: MAX_RANGE_DAYS });
    }
    const granularity = input.granularity ?? 'day';
    if (!isGranularity(granularity))
      problems['/granularity'] = fieldError('validation:error.enum', { value: granularity });
    const products = enumFilter(input.products, 'products', isPaymentProduct, problems);

    // Another's merchant named: the caller's own stores still say which countries the answer names.
    const stores = await accounts.storesOf(problems['/merchant_ids'] ? allowed : merchants);
    const countries = [...new Set(stores.map((s) => s.country))].sort();
    const country = input.country ?? countries[0] ?? 'SAU';
    if (input.country !== undefined && !countries.includes(input.country))
      problems['/country'] = fieldError('validation:error.enum', { value: input.country });
    const inCountry = stores.filter((s) => s.country === country);
    const storeIds = storeFilter(input.store_ids, new Set(inCountry.map((s) => s.id)), problems);
    refuseProblems(problems);

    // The merchant's days are its country's (a report does not change when its owner travels); a caller may ask
    // for another time zone's days.
    const offset = input.tz_offset ?? countryOffset(country);
    const previous = previousRange(input.from, input.to);
    const chosen = storeIds.length > 0 ? inCountry.filter((s) => storeIds.includes(s.id)) : inCountry;
    const rows = await repository.days({
      merchantIds: merchants,
      storeIds: chosen.map((s) => s.id),
      products,
      from: previous.from,
      to: input.to,
      offsetMinutes: offset,
      today: localDay(clock.now(), offset),
    });
    const currency = currencyOfCountry(country);
    const names = new Map(inCountry.map((s) => [s.id, s.name]));
    const range = { from: input.from, to: input.to };
    return {
      country,
      currency,
      countries: countries.map((c) => ({ country: c, currency: currencyOfCountry(c) })),
      granularity,
      from: input.from,
      to: input.to,
      previous,
      totals: {
        current: money(total(rows, input.from, input.to), currency),
        previous: money(total(rows, previous.from, previous.to), currency),
      },
      series: series(rows, range, granularity).map((p) => ({
        ...p,
        current: money(p.current, currency),
        previous: money(p.previous, currency),
      })),
      by_store: split(rows, (r) => r.storeId, input.from, input.to)
        .sort((a, b) => b[1].gmv - a[1].gmv)
        .map(([id, f]) => ({ store_id: id, store_name: names.get(id) ?? id, ...money(f, currency) })),
      by_product: split(rows, (r) => r.product, input.from, input.to)
        .sort((a, b) => b[1].gmv - a[1].gmv)
        .map(([product, f]) => ({ product, ...money(f, currency) })),
    };
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
