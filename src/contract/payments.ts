/**
 * Orders and their payments' requests and answers (shell spec §2.6 `payments`; issue 34; docs/orders.md;
 * src/server/routes/payments.ts), for the server's routes and service and the web app's calls alike. Amounts are
 * decimal strings with the currency's decimals, as the disputes' are.
 */
import {
  PAYMENT_PRODUCTS,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  PAYMENTS_PAGE_SIZE,
  PAYMENTS_PAGE_SIZE_MAX,
  REFUND_NOTE_MAX,
  REFUND_REASONS,
} from '../domain/payments';
import { LANGUAGES } from '../domain/language';
import {
  Instant,
  LIST_FILTERS,
  Nullable,
  OneOf,
  Type,
  ValueList,
  type Static,
  TokenPage,
  CurrencyTotals,
  TokenPageQuery,
} from './common';

const Decimal = (description: string) =>
  Type.String({
    pattern: '^\\d{1,12}(\\.\\d{1,3})?$',
    description: `${description}; a decimal, e.g. 120.50`,
  });

export const Payment = Type.Object({
  id: Type.String(),
  order_reference: Type.String({ description: 'the merchant’s own order number' }),
  merchant_id: Type.String(),
  store_id: Type.String(),
  status: OneOf(PAYMENT_STATUSES),
  product: Type.String({ description: `one of ${PAYMENT_PRODUCTS.join(', ')}` }),
  currency: Type.String(),
  amount: Type.String({ description: 'what the customer pays, with the currency’s decimals' }),
  captured: Type.String(),
  refunded: Type.String(),
  customer_name: Type.String(),
  customer_phone: Type.String(),
  created_at: Instant,
  updated_at: Instant,
});
export type Payment = Static<typeof Payment>;

const FILTERS = {
  ...LIST_FILTERS,
  statuses: Type.Optional(ValueList(`any of ${PAYMENT_STATUSES.join(', ')}; a list or comma-separated`)),
  store_ids: Type.Optional(ValueList('some of the caller’s stores')),
  products: Type.Optional(ValueList(`any of ${PAYMENT_PRODUCTS.join(', ')}`)),
  amount_gte: Type.Optional(Type.String({ maxLength: 20, description: 'the smallest amount, a decimal' })),
  amount_lte: Type.Optional(Type.String({ maxLength: 20, description: 'the largest amount, a decimal' })),
  query: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'an order or payment id’s start, part of a customer’s name, or 4+ digits of their phone',
    }),
  ),
};

/** The filters of an export or of the totals. */
export const PaymentFilters = Type.Object(FILTERS, { additionalProperties: false });
export type PaymentFilters = Static<typeof PaymentFilters>;

/** An export: the filters, and for whom the file is written (issue 56: a merchant's spreadsheet). */
export const PaymentExportBody = Type.Object(
  {
    ...FILTERS,
    lang: Type.Optional(
      OneOf(LANGUAGES, { description: 'the headings’ and words’ language; en unless told' }),
    ),
    time_zone: Type.Optional(
      Type.String({ maxLength: 64, description: 'the times’ zone, e.g. Asia/Riyadh; UTC unless told' }),
    ),
  },
  { additionalProperties: false },
);
export type PaymentExportBody = Static<typeof PaymentExportBody>;

export const PaymentsQuery = TokenPageQuery(
  { ...FILTERS, sort: Type.Optional(OneOf(PAYMENT_SORTS, { description: 'newest first unless told' })) },
  { default: PAYMENTS_PAGE_SIZE, max: PAYMENTS_PAGE_SIZE_MAX },
);
export type PaymentsQuery = Static<typeof PaymentsQuery>;

/** A page of payments in the sort's order; the next page's token while there are more. */
export const PaymentsPage = TokenPage('payments', Payment);
export type PaymentsPage = Static<typeof PaymentsPage>;

/** The filter's totals, one row a currency (a merchant in several countries sells in several). */
export const PaymentTotals = CurrencyTotals({
  amount: Type.String(),
  captured: Type.String(),
  refunded: Type.String(),
  net: Type.String({ description: 'captured minus refunded' }),
});
export type PaymentTotals = Static<typeof PaymentTotals>;

export const PaymentItem = Type.Object({
  name: Type.String(),
  quantity: Type.Integer(),
  unit_price: Type.String(),
  sku: Type.Optional(Type.String()),
});
export type PaymentItem = Static<typeof PaymentItem>;

const Movement = Type.Object({ id: Type.String(), amount: Type.String(), at: Instant, by: Type.String() });

export const Refund = Type.Object({
  ...Movement.properties,
  reason: Type.String(),
  note: Nullable(Type.String()),
});
export type Refund = Static<typeof Refund>;

export const TimelineEvent = Type.Object({
  at: Instant,
  kind: OneOf(['authorised', 'captured', 'refunded', 'cancelled', 'disputed'] as const),
  amount: Type.Optional(Type.String()),
  by: Type.Optional(Type.String()),
  note: Type.Optional(Type.String()),
});
export type TimelineEvent = Static<typeof TimelineEvent>;

export const PaymentDetail = Type.Object({
  ...Payment.properties,
  store_name: Type.String(),
  customer_email: Nullable(Type.String()),
  items: Type.Array(PaymentItem),
  captures: Type.Array(Movement),
  refunds: Type.Array(Refund),
  timeline: Type.Array(TimelineEvent),
  dispute: Nullable(Type.Object({ id: Type.String(), status: Type.String() })),
  left_to_capture: Type.String(),
  left_to_refund: Type.String(),
  can_capture: Type.Boolean({ description: 'the caller may capture it now' }),
  can_refund: Type.Boolean({ description: 'the caller may refund it now' }),
});
export type PaymentDetail = Static<typeof PaymentDetail>;

export const PaymentAnswer = Type.Object({ payment: PaymentDetail });
export type PaymentAnswer = Static<typeof PaymentAnswer>;

export const CaptureBody = Type.Object(
  { amount: Decimal('at most what is authorised and not yet captured') },
  { additionalProperties: false },
);
export type CaptureBody = Static<typeof CaptureBody>;

export const RefundBody = Type.Object(
  {
    amount: Decimal('at most what is captured and not yet refunded'),
    reason: OneOf(REFUND_REASONS),
    note: Type.Optional(Type.String({ maxLength: REFUND_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type RefundBody = Static<typeof RefundBody>;

/** The home's sales tile: orders placed today and in the last 7 days (cancelled ones left out), per currency. */
export const SalesSummary = Type.Object({
  sales: Type.Array(
    Type.Object({
      currency: Type.String(),
      today: Type.Object({ count: Type.Integer(), amount: Type.String() }),
      week: Type.Object({ count: Type.Integer(), amount: Type.String() }),
    }),
  ),
  /** Where "today" and "the last 7 days" start, in the caller's time zone. */
  today_from: Instant,
  week_from: Instant,
});
export type SalesSummary = Static<typeof SalesSummary>;

export const SummaryQuery = Type.Object(
  { tz_offset: LIST_FILTERS.tz_offset, request_id: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type SummaryQuery = Static<typeof SummaryQuery>;
