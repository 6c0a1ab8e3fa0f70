/**
 * Orders and their payments (issue 34; docs/orders.md): the list with filters, sort and keyset pages, the
 * filter's totals, a payment's detail (items, customer, captures, refunds, timeline, dispute), capture, refund,
 * and the CSV export of a list.
 *
 * Scope: a caller reads the payments of the merchants whose membership has `is_order_view_allowed`, refunds
 * those whose membership also has `is_dispute_refund_allowed`, and captures those whose membership also has
 * `is_order_creation_allowed`; any other payment "does not exist" (404). Filters are checked one by one and a
 * bad one is refused with 400 naming it.
 *
 * A wing of rooms over one context (context.ts: the scope, the filters checked, an order found and shown):
 *
 * | Room | Holds |
 * | --- | --- |
 * | list.ts | the list, its totals, the home's sales, the CSV |
 * | changes.ts | one order, its captures and refunds |
 */
import { listCalls } from './list';
import { changeCalls } from './changes';
import { paymentContext, type PaymentDeps } from './context';

export * from './context';

export function createPaymentService(deps: PaymentDeps) {
  const context = paymentContext(deps);
  return {
    ...listCalls(context),
    ...changeCalls(context),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
