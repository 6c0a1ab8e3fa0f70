/**
 * A store's answers (onboarding spec §7 "Stores"; src/server/routes/stores.ts; docs/stores.md), for the
 * server's routes and service and the web app's calls alike. The rules over them (a payout's next day) are in
 * src/domain/stores.ts.
 */
import { PAYOUT_FREQUENCIES, PRODUCTS } from '../domain/stores';
import { Instant, NullableString, OneOf, Type, type Static } from './common';

export const StoreDetail = Type.Object({
  id: Type.String(),
  name: Type.String(),
  country: Type.String(),
  currency: Type.String(),
  merchant_id: Type.String(),
  merchant_name: Type.String(),
  organization_id: NullableString(),
  available_products: Type.Array(Type.String()),
  contract_signed: Type.Boolean(),
  contract_signed_at: NullableString(),
  created_at: Instant,
});
export type StoreDetail = Static<typeof StoreDetail>;

const Product = OneOf(PRODUCTS);

export const Commission = Type.Object({
  product: Product,
  rate_percent: Type.Number({ description: 'of each order’s amount, in percent (e.g. 4.99)' }),
  fixed_fee_minor: Type.Integer({ description: 'per order, in the currency’s minor units (halalas, fils)' }),
  currency: Type.String(),
});
export type Commission = Static<typeof Commission>;
export const Commissions = Type.Object({ currency: Type.String(), items: Type.Array(Commission) });

export const Schedule = Type.Object({
  product: Product,
  frequency: OneOf(PAYOUT_FREQUENCIES),
  weekday: Type.Optional(Type.Integer({ description: 'weekly: 0 Sunday … 6 Saturday' })),
  day_of_month: Type.Optional(Type.Integer({ description: 'monthly: 1 … 28 (every month has it)' })),
  delay_days: Type.Integer({ description: 'days from an order’s capture to its payout' }),
  minimum_minor: Type.Integer({ description: 'below this the money waits for the next payout' }),
  currency: Type.String(),
  next_payout_on: Type.String({ description: 'yyyy-mm-dd, on or after today' }),
});
export type Schedule = Static<typeof Schedule>;
export const Schedules = Type.Object({ currency: Type.String(), items: Type.Array(Schedule) });
