/**
 * Payouts' requests and answers (shell spec §2.6 `finance/payouts`; issue 35; docs/payouts.md;
 * src/server/routes/payouts.ts), for the server's routes and service and the web app's calls alike. Amounts are
 * decimal strings with the currency's decimals; days are yyyy-mm-dd (UTC).
 */
import { PAYOUT_STATUSES, PAYOUTS_PAGE_SIZE, PAYOUTS_PAGE_SIZE_MAX } from '../domain/payouts';
import { PAYOUT_FREQUENCIES } from '../domain/stores';
import { PAYOUT_DESTINATIONS } from '../domain/wallet';
import {
  Instant,
  Nullable,
  OneOf,
  Type,
  ValueList,
  type Static,
  TokenPage,
  CurrencyTotals,
  TokenPageQuery,
} from './common';

const Day = (description: string) => Type.String({ description: `${description} (yyyy-mm-dd)` });
const Amount = (description: string) => Type.String({ description: `${description}; a decimal` });

/** A payout's breakdown: gross − refunds − disputes − commissions − fee − capital = net. */
const BREAKDOWN = {
  gross: Amount('the captures it pays'),
  refunds: Amount('refunds taken from it'),
  disputes: Amount('refunds of lost disputes taken from it'),
  commissions: Amount('the provider’s commissions on its captures'),
  fee: Amount('the payout fee'),
  capital: Amount('the capital advance’s repayment taken from it'),
  net: Amount('what reaches the bank'),
};
export const Breakdown = Type.Object(BREAKDOWN);
export type Breakdown = Static<typeof Breakdown>;

export const Payout = Type.Object({
  id: Type.String(),
  merchant_id: Type.String(),
  store_id: Type.String(),
  store_name: Type.String(),
  day: Day('the day it was sent'),
  status: OneOf(PAYOUT_STATUSES, { description: 'in_transit on its day, paid after' }),
  currency: Type.String(),
  ...BREAKDOWN,
  capture_count: Type.Integer(),
  refund_count: Type.Integer(),
  kind: OneOf(['settlement', 'capital_disbursement'] as const, {
    description: 'a store’s sales on its payout day, or a capital advance paid out (docs/capital.md)',
  }),
  destination: OneOf(PAYOUT_DESTINATIONS, {
    description: 'where it went: the bank account on file, or the merchant wallet (docs/wallet.md)',
  }),
});
export type Payout = Static<typeof Payout>;

const FILTERS = {
  day_gte: Type.Optional(Type.String({ maxLength: 10, description: 'the first payout day (yyyy-mm-dd)' })),
  day_lte: Type.Optional(Type.String({ maxLength: 10, description: 'the last payout day (yyyy-mm-dd)' })),
  statuses: Type.Optional(ValueList(`any of ${PAYOUT_STATUSES.join(', ')}`)),
  store_ids: Type.Optional(ValueList('some of the caller’s stores')),
  merchant_ids: Type.Optional(ValueList('some of the caller’s merchants (default: all of them)')),
};

export const PayoutFilters = Type.Object(FILTERS, { additionalProperties: false });
export type PayoutFilters = Static<typeof PayoutFilters>;

export const PayoutsQuery = TokenPageQuery(FILTERS, {
  default: PAYOUTS_PAGE_SIZE,
  max: PAYOUTS_PAGE_SIZE_MAX,
});
export type PayoutsQuery = Static<typeof PayoutsQuery>;

export const PayoutsPage = TokenPage('payouts', Payout);
export type PayoutsPage = Static<typeof PayoutsPage>;

export const PayoutTotals = CurrencyTotals({
  gross: Type.String(),
  deductions: Type.String({ description: 'gross minus net: refunds, disputes, commissions, fees, capital' }),
  net: Type.String(),
});
export type PayoutTotals = Static<typeof PayoutTotals>;

/** One line of a payout: a capture it pays or a refund it takes, with its order. */
export const PayoutLine = Type.Object({
  kind: OneOf(['capture', 'refund'] as const),
  id: Type.String(),
  payment_id: Type.String(),
  order_reference: Type.String(),
  customer_name: Type.String(),
  product: Type.String(),
  at: Instant,
  amount: Amount('the capture or the refund'),
  commission: Amount('the commission on a capture (0 for a refund)'),
  reason: Type.Optional(Type.String()),
  net: Amount('what the line adds to the payout (negative for a refund)'),
});
export type PayoutLine = Static<typeof PayoutLine>;

export const PayoutDetail = Type.Object({
  ...Payout.properties,
  bank: Nullable(
    Type.Object({
      iban: Type.String({ description: 'with its hidden digits, grouped by four' }),
      bank_name: Nullable(Type.String()),
    }),
  ),
  loan_id: Nullable(Type.String()),
  lines: Type.Array(PayoutLine),
});
export type PayoutDetail = Static<typeof PayoutDetail>;

export const PayoutAnswer = Type.Object({ payout: PayoutDetail });
export type PayoutAnswer = Static<typeof PayoutAnswer>;

export const PlannedPayout = Type.Object({
  day: Day('when it will be sent'),
  ...BREAKDOWN,
  capture_count: Type.Integer(),
  refund_count: Type.Integer(),
});
export type PlannedPayout = Static<typeof PlannedPayout>;

export const UpcomingStore = Type.Object({
  store_id: Type.String(),
  store_name: Type.String(),
  currency: Type.String(),
  schedules: Type.Array(
    Type.Object({
      product: Type.String(),
      frequency: OneOf(PAYOUT_FREQUENCIES),
      weekday: Type.Optional(Type.Integer()),
      day_of_month: Type.Optional(Type.Integer()),
      delay_days: Type.Integer(),
      minimum: Amount('held while under it'),
      next_payout_day: Day('its next payout day after today'),
    }),
  ),
  planned: Type.Array(PlannedPayout, {
    description: 'the next 31 days’ payouts of the money captured so far',
  }),
  waiting: Amount('captured less refunded and not in a payout planned yet (held, or waiting for its day)'),
  fee_rule: Type.Object({
    threshold: Amount('under it the higher fee'),
    below: Amount('the fee under the threshold'),
    above: Amount('the fee from the threshold on'),
  }),
});
export type UpcomingStore = Static<typeof UpcomingStore>;

export const UpcomingAnswer = Type.Object({
  merchant_id: Type.String(),
  merchants: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), {
    description: 'the merchants whose payouts the caller may see',
  }),
  stores: Type.Array(UpcomingStore),
  loan: Nullable(
    Type.Object({
      id: Type.String(),
      rate_percent: Type.Number(),
      currency: Type.String(),
      outstanding: Amount('what is still owed'),
    }),
  ),
});
export type UpcomingAnswer = Static<typeof UpcomingAnswer>;

export const UpcomingQuery = Type.Object(
  { merchant_id: Type.Optional(Type.String({ maxLength: 100 })), request_id: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type UpcomingQuery = Static<typeof UpcomingQuery>;

/** The home's payout tile: the last payout sent and the next one planned. */
export const PayoutSummary = Type.Object({
  last: Nullable(Payout),
  next: Nullable(
    Type.Object({
      day: Type.String(),
      currency: Type.String(),
      net: Type.String(),
      store_name: Type.String(),
    }),
  ),
});
export type PayoutSummary = Static<typeof PayoutSummary>;

/** The payouts one payment was paid in, with its part of each. */
export const PaymentPayouts = Type.Object({
  payouts: Type.Array(
    Type.Object({
      ...Payout.properties,
      of_payment: Type.Object({
        captured: Type.String(),
        commission: Type.String(),
        refunded: Type.String(),
        net: Type.String(),
      }),
    }),
  ),
  currency: Type.String(),
  waiting: Amount('what of the payment no payout has paid yet (captured less refunded, less paid)'),
});
export type PaymentPayouts = Static<typeof PaymentPayouts>;
