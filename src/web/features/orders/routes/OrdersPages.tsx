/**
 * Orders (shell spec §2.6 `payments`, `payments/{paymentId}`, `service/pl-status/{paymentId}`; docs/orders.md):
 * the list, an order's page, the payment links sent, and where one stands.
 * One file per screen; this index is the area's lazy chunk.
 */
import { prefetchOrders } from '../api';
export { OrdersList } from './OrdersList';
export { PaymentDetail } from './PaymentDetail';
export { LinkStatusPage } from './LinkStatusPage';
export { PaymentLinksList } from './PaymentLinksList';

/** Each screen's first questions, asked when its code loads (api/firstQuestions.ts). */
export const firstQuestions = { OrdersList: prefetchOrders };
