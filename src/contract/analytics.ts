/**
 * Analytics' requests and answers (shell spec §2.6 `analytics`, `analytics/{country}/{metric}`; issue 36;
 * docs/analytics.md; src/server/routes/analytics.ts). Amounts are decimal strings in the country's currency;
 * days are yyyy-mm-dd in the caller's time zone (`tz_offset`).
 */
import { GRANULARITIES } from '../domain/analytics';
import { OneOf, Type, ValueList, type Static } from './common';

const Amount = (description: string) => Type.String({ description: `${description}; a decimal` });

export const Figures = Type.Object({
  orders: Type.Integer({ description: 'orders placed, cancelled ones left out' }),
  gmv: Amount('what those orders were for'),
  refunds: Amount('refunds made in the period'),
  net_sales: Amount('GMV − refunds'),
  aov: Amount('GMV ÷ orders'),
});
export type Figures = Static<typeof Figures>;

export const AnalyticsQuery = Type.Object(
  {
    from: Type.String({ maxLength: 10, description: 'the first day (yyyy-mm-dd)' }),
    to: Type.String({
      maxLength: 10,
      description: 'the last day (yyyy-mm-dd), at most two years after `from`',
    }),
    granularity: Type.Optional(
      OneOf(GRANULARITIES, { description: 'day (default), week (from Monday) or month' }),
    ),
    country: Type.Optional(
      Type.String({
        maxLength: 3,
        description: 'the stores of one country (ISO alpha-3); default: the first',
      }),
    ),
    store_ids: Type.Optional(ValueList('some of the caller’s stores of that country (default: all)')),
    products: Type.Optional(ValueList('some payment products (default: all)')),
    merchant_ids: Type.Optional(ValueList('some of the caller’s merchants (default: all of them)')),
    tz_offset: Type.Optional(
      Type.Integer({ minimum: -840, maximum: 840, description: 'minutes east of UTC' }),
    ),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const AnalyticsAnswer = Type.Object({
  country: Type.String(),
  currency: Type.String(),
  /** The countries the caller's stores are in: a merchant in several picks one. */
  countries: Type.Array(Type.Object({ country: Type.String(), currency: Type.String() })),
  granularity: OneOf(GRANULARITIES),
  from: Type.String(),
  to: Type.String(),
  previous: Type.Object({ from: Type.String(), to: Type.String() }),
  totals: Type.Object({ current: Figures, previous: Figures }),
  series: Type.Array(
    Type.Object({
      start: Type.String({
        description: 'the period’s first day (a first period cut at `from` still starts there)',
      }),
      from: Type.String({ description: 'its first day inside the range' }),
      to: Type.String({ description: 'its last day inside the range' }),
      partial: Type.Boolean({ description: 'fewer days than a whole period (a month of one day)' }),
      current: Figures,
      previous: Figures,
      previous_from: Type.String({
        description: 'the days compared with: as many, one range-length earlier',
      }),
      previous_to: Type.String(),
    }),
  ),
  by_store: Type.Array(
    Type.Object({ store_id: Type.String(), store_name: Type.String(), ...Figures.properties }),
  ),
  by_product: Type.Array(Type.Object({ product: Type.String(), ...Figures.properties })),
});
export type AnalyticsAnswer = Static<typeof AnalyticsAnswer>;
