/**
 * Orders and their payments (shell spec §2.6 `payments`, §6; onboarding spec §1, §9; issue 34; docs/orders.md):
 * the words the server and the app share. Pure.
 *
 * Decisions where the spec is silent (docs/orders.md):
 * - An **order** is the merchant's sale (its reference, items, customer, store) and has one **payment** (the
 *   customer's pay-later or instalment plan): one row, one id (`pay-…`), as a pay-later provider's dashboard shows
 *   them.
 * - **Statuses**: `new` once the customer's payment is authorised and nothing is captured; `captured` once some
 *   of it is (captures may be partial, several, up to the amount); `refunded` once everything captured is
 *   refunded and nothing is left to capture; `cancelled` when the authorisation was released before any capture.
 *   A partial refund keeps `captured` and shows the refunded amount beside it.
 * - **Capture** takes an amount up to what is authorised and not yet captured; **refund** an amount up to what
 *   is captured and not yet refunded, with a reason. Both are checked on the server in the same statement that
 *   records them, so two clicks or two tabs never take more than is left.
 * - Permissions: reading needs `is_order_view_allowed` (canViewOrders); refunding `is_dispute_refund_allowed`
 *   (the spec's only refund flag: "disputes fetch and refund map directly from the flags"); capturing, which a
 *   merchant does when the order ships, `is_order_creation_allowed` (the sales flag).
 */
import { PRODUCTS, type Product } from './stores';
import { isOneOf } from './oneOf';

export { PRODUCTS as PAYMENT_PRODUCTS, type Product as PaymentProduct };

export const PAYMENT_STATUSES = ['new', 'captured', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const isPaymentStatus = isOneOf(PAYMENT_STATUSES);
export const isPaymentProduct = isOneOf(PRODUCTS);

/**
 * The products a filter offers: those some of the stores sell, plus any already chosen (an address may carry one a
 * store no longer sells), in the catalogue's order — a merchant is never offered a product it does not sell.
 */
export function offeredProducts(
  stores: readonly { available_products: readonly string[] }[],
  chosen: readonly string[] = [],
): Product[] {
  return PRODUCTS.filter((p) => chosen.includes(p) || stores.some((s) => s.available_products.includes(p)));
}

/** Why a merchant refunds, in the order the dialog lists them. */
export const REFUND_REASONS = [
  'requested_by_customer',
  'returned',
  'damaged_or_defective',
  'duplicate',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_NOTE_MAX = 500;

/** Lists: default page size (spec §9) and the largest a caller may ask for. */
export const PAYMENTS_PAGE_SIZE = 20;
export const PAYMENTS_PAGE_SIZE_MAX = 100;

/** The orders list's sorts: newest or oldest first, largest or smallest amount first. */
export const PAYMENT_SORTS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/** A payment's amounts, all in minor units. */
export interface PaymentAmounts {
  amount: number;
  captured: number;
  refunded: number;
  cancelled: boolean;
}

/** What is authorised and not yet captured (0 once cancelled). */
export const leftToCapture = (p: PaymentAmounts) => (p.cancelled ? 0 : Math.max(0, p.amount - p.captured));
/** What is captured and not yet refunded. */
export const leftToRefund = (p: PaymentAmounts) => Math.max(0, p.captured - p.refunded);

/** A payment's status from its amounts (the one rule the server stores and the fixtures seed by). */
export function paymentStatus(p: PaymentAmounts): PaymentStatus {
  if (p.captured === 0) return p.cancelled ? 'cancelled' : 'new';
  if (leftToRefund(p) === 0 && leftToCapture(p) === 0) return 'refunded';
  return 'captured';
}
