/**
 * Support tickets (onboarding spec §2 "Other areas", §3, §4, §5, §7): the words the server and the app share. Pure.
 *
 * Decisions where the spec is silent (docs/support.md):
 * - A ticket belongs to a **merchant**: every member with merchant access (canViewSupport) sees the merchant's
 *   tickets, whoever opened them, so a colleague can follow up while the opener is away.
 * - The `{product}_ads` topic is `tby_ads` (the product's ads, as the capital base's second spelling
 *   `finance/tby-capital` names the product); the form offers it only to those who see ads (canViewAds).
 * - The conversation is read in the ticket; the merchant answers an open ticket in the live chat (the spec has no
 *   call to add a message to a ticket).
 * - CSAT: the provider asks for a rating when it resolves a ticket (`requested`); the merchant likes or dislikes it
 *   **once**, with an optional note, while the ticket is resolved or closed and the rating is requested.
 * - Images: JPEG or PNG, at most 5 a ticket, each at most 5 MB where 1 MB = 1,000,000 bytes (as disputes').
 */
import { isOneOf } from './oneOf';

export const TICKET_STATUSES = [
  'new',
  'pending',
  'opened',
  'resolved',
  'closed',
  'hold',
  'escalated',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The statuses a list filter offers: `opened` stands for opened, hold and escalated (§4). */
export const TICKET_FILTER_STATUSES = ['new', 'pending', 'opened', 'resolved', 'closed'] as const;

/** Still open: every status but closed (§4). */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = TICKET_STATUSES.filter((s) => s !== 'closed');

export const CSAT_STATES = ['none', 'requested', 'positive', 'negative'] as const;
export type CsatState = (typeof CSAT_STATES)[number];

/** Topics in the order the form lists them; `tby_ads` is the spec's `{product}_ads`. */
export const TICKET_TOPICS = ['tech_issue', 'finances', 'tby_ads', 'other'] as const;
export type TicketTopic = (typeof TICKET_TOPICS)[number];
export const ADS_TOPIC: TicketTopic = 'tby_ads';

/** The longest ticket text and CSAT note, in characters; the shortest text that says something. */
export const TICKET_TEXT_MIN = 10;
export const TICKET_TEXT_MAX = 5000;
export const CSAT_NOTE_MAX = 1000;

/** Images: at most 5 a ticket, each at most 5 MB (decimal). */
export const TICKET_ATTACHMENTS_MAX = 5;
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1000 * 1000;

/** Lists: default limit (§3: 20) and the largest a caller may ask for. */
export const TICKETS_LIMIT = 20;
export const TICKETS_LIMIT_MAX = 100;

export const isTicketStatus = isOneOf(TICKET_STATUSES);

export const isTicketTopic = isOneOf(TICKET_TOPICS);

/** The statuses a filter stands for: `opened` also means hold and escalated (§4); duplicates dropped. */
export function expandTicketStatuses(filter: readonly string[]): TicketStatus[] {
  const out = new Set<TicketStatus>();
  for (const status of filter) {
    if (!isTicketStatus(status)) continue;
    out.add(status);
    if (status === 'opened') {
      out.add('hold');
      out.add('escalated');
    }
  }
  return [...out];
}

/** The status a list filter shows a ticket under (hold and escalated are "opened"). */
export const filterStatusOf = (status: TicketStatus): (typeof TICKET_FILTER_STATUSES)[number] =>
  status === 'hold' || status === 'escalated' ? 'opened' : status;

/** The merchant may rate a ticket now. */
export const canRate = (status: string, csat: string) =>
  (status === 'resolved' || status === 'closed') && csat === 'requested';

/** A ticket's subject, as the merchant writes it (the ticket's title): 3 to 120 characters. */
export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 120;

/**
 * A ticket's title when it has no subject (one opened through the API without it): its text's first line, at
 * most 80 characters, cut after a whole word with "…" (issue 32: "…Screenshot att…" read as broken). The full
 * text is the ticket's first message.
 */
export function ticketTitle(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  if (line.length <= 80) return line;
  // The last space within the first 80 characters ends the last whole word that fits with its "…"; a first line
  // without a space for most of its length (a pasted address) is cut where it must be.
  const space = line.slice(0, 80).lastIndexOf(' ');
  const cut = space >= 40 ? line.slice(0, space) : line.slice(0, 79);
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}
