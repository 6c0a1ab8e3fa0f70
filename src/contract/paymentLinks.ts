/**
 * Payment links' requests and answers (issue 34; docs/orders.md "Payment links"; src/domain/paymentLinks.ts;
 * src/server/routes/paymentLinks.ts), for the server and the web app alike. Amounts are decimal strings.
 */
import { LINK_STATUSES } from '../domain/paymentLinks';
import { PAYMENT_PRODUCTS } from '../domain/payments';
import { Instant, Nullable, OneOf, PAGE_ANSWER, PAGE_QUERY, Type, type Static } from './common';

const Decimal = Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,3})?$', description: 'a decimal, e.g. 120.50' });

export const LinkItem = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    quantity: Type.Integer({ minimum: 1, maximum: 10_000 }),
    unit_price: Decimal,
  },
  { additionalProperties: false },
);

export const CreateLinkBody = Type.Object(
  {
    store_id: Type.String({ minLength: 1, maxLength: 100 }),
    product: OneOf(PAYMENT_PRODUCTS),
    amount: Decimal,
    customer_phone: Type.String({ maxLength: 20, description: '+ and the digits, e.g. +966501234567' }),
    customer_name: Type.Optional(Type.String({ maxLength: 200 })),
    order_reference: Type.Optional(
      Type.String({ maxLength: 64, description: 'yours; made for you when left out' }),
    ),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    items: Type.Optional(Type.Array(LinkItem, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type CreateLinkBody = Static<typeof CreateLinkBody>;

export const PaymentLink = Type.Object({
  id: Type.String({ description: 'also the id of the order’s payment once paid' }),
  merchant_id: Type.String(),
  store_id: Type.String(),
  status: OneOf(LINK_STATUSES),
  product: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  customer_phone: Type.String(),
  customer_name: Nullable(Type.String()),
  order_reference: Type.String(),
  description: Nullable(Type.String()),
  items: Type.Array(
    Type.Object({ name: Type.String(), quantity: Type.Integer(), unit_price: Type.String() }),
  ),
  sent_at: Instant,
  expires_at: Instant,
  opened_at: Nullable(Instant),
  paid_at: Nullable(Instant),
  cancelled_at: Nullable(Instant),
  can_cancel: Type.Boolean(),
});
export type PaymentLink = Static<typeof PaymentLink>;

export const LinkAnswer = Type.Object({ payment_link: PaymentLink });
export type LinkAnswer = Static<typeof LinkAnswer>;

/** The links sent, newest first, a page at a time; `status` as of now (an unpaid link past its day is expired). */
export const LinksQuery = Type.Object(
  { status: Type.Optional(OneOf(LINK_STATUSES)), ...PAGE_QUERY },
  { additionalProperties: false },
);
export type LinksQuery = Static<typeof LinksQuery>;

export const LinksPage = Type.Object({ payment_links: Type.Array(PaymentLink), ...PAGE_ANSWER });
export type LinksPage = Static<typeof LinksPage>;
