/**
 * Support (onboarding spec §2 "Other areas": ticket list, ticket form, ticket detail, CSAT; §4 statuses and
 * topics): the list with its filters and page in the address, the form in a dialog, and a ticket with its
 * conversation and the rating once it is resolved.
 *
 * One file per screen; this index is the area's lazy chunk.
 */
import { prefetchTickets } from '../api';
export { SupportList } from './SupportList';
export { TicketDetail } from './TicketDetail';

/** Each screen's first questions, asked when its code loads (api/firstQuestions.ts). */
export const firstQuestions = { SupportList: prefetchTickets };
