/**
 * A store's answers (onboarding spec §7 "Stores"; src/server/routes/stores.ts; docs/stores.md), for the
 * server's routes and service and the web app's calls alike. The rules over them (a payout's next day) are in
 * src/domain/stores.ts.
 */
import { PAYOUT_FREQUENCIES, PRODUCTS } from '../domain/stores';
import { OF_MERCHANT, Instant, Nullable, NullableString, OneOf, Type, type Static } from './common';

export const StoreDetail = Type.Object({
  id: Type.String(),
  name: Type.String(),
  country: Type.String(),
  currency: Type.String(),
  ...OF_MERCHANT,
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

/** A store in the account's list (`GET /merchant/api/v1/stores`): what the shell and the stores page read. */
export const Store = Type.Object({
  id: Type.String(),
  name: Type.String(),
  country: Type.String(),
  ...OF_MERCHANT,
  organization_id: NullableString(),
  available_products: Type.Array(Type.String()),
  contract_signed: Type.Boolean(),
});
export type Store = Static<typeof Store>;
export const Stores = Type.Object({ items: Type.Array(Store) });

/** A store's contract (onboarding spec §7 Stores): signed or not, and whether the caller may sign it now. */
export const StoreContract = Type.Object({
  store_id: Type.String(),
  organization_id: Type.String(),
  signed: Type.Boolean(),
  signed_at: NullableString(),
  can_sign: Type.Boolean({
    description: 'a workspace admin, the organisation approved and its profile given',
  }),
});
export type StoreContract = Static<typeof StoreContract>;
export const SignContractBody = Type.Object(
  { accept: Type.Optional(Type.Boolean()) },
  { additionalProperties: true, description: '{ accept: true }' },
);
export const ContractCompletion = Type.Object({ completed: Type.Boolean() });
export type ContractCompletion = Static<typeof ContractCompletion>;

/** The business profile an organisation gives (the dashboard's onboarding gate, onboarding spec §2). */
export const BusinessProfile = Type.Object({
  display_name: Type.String(),
  support_email: Type.String(),
  support_phone: Type.String(),
  website: Type.Optional(Type.String()),
});
export type BusinessProfile = Static<typeof BusinessProfile>;

/** An organisation as the onboarding gate reads it: approved or not, its profile, its contract. */
export const OrganizationProfile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  approved: Type.Boolean(),
  profile: Nullable(BusinessProfile),
  contract_signed: Type.Boolean(),
  completed: Type.Boolean(),
});
export type OrganizationProfile = Static<typeof OrganizationProfile>;
