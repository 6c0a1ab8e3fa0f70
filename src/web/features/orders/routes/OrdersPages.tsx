/**
 * Orders (shell spec §2.6 `payments`, `payments/{paymentId}`; docs/orders.md): the list and an order's page.
 * One file per screen; this index is the area's lazy chunk.
 */
export { OrdersList } from './OrdersList';
export { PaymentDetail } from './PaymentDetail';
