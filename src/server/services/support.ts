/**
 * Support tickets (onboarding spec §2 "Other areas", §4, §5, §7; docs/support.md): lists with filters, a ticket
 * with its conversation, opening a ticket with images, and the merchant's rating once it is resolved.
 *
 * Scope: a caller sees the tickets of the merchants whose membership has `has_merchant_access` (canViewSupport);
 * any other ticket "does not exist" (404). Filters are checked one by one and a bad one is refused with 400
 * naming it.
 */
import { randomUUID } from 'node:crypto';
import {
  canRate,
  CSAT_NOTE_MAX,
  expandTicketStatuses,
  filterStatusOf,
  isTicketStatus,
  isTicketTopic,
  TICKET_ATTACHMENTS_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
  TICKET_TEXT_MAX,
  TICKET_TEXT_MIN,
  TICKETS_LIMIT,
  ticketTitle,
  type TicketStatus,
  type TicketTopic,
} from '../../domain/support';
import { fieldError, HttpError, notFound, type FieldError } from '../errors';
import type { MessageRow, SupportRepository, TicketRow } from '../repositories/support';
import { ownImages } from './attachments';
import { actorName, requireMerchants, type AreaDeps } from './memberships';
import { createdRange, enumFilter, merchantFilter, refuseFilters } from './listFilters';
import type { Message, Ticket, TicketsPage, TicketWithMessages } from '../../contract/support';

/** The list's filters as the query string gives them. */
export interface TicketFilterInput {
  statuses?: string[];
  topics?: string[];
  created_at_gte?: string;
  created_at_lte?: string;
  merchant_ids?: string[];
}

export interface OpenTicketInput {
  topic: string;
  /** The title (default: the text's first line, cut after a word). */
  subject?: string;
  text: string;
  attachments?: string[];
  merchant_id?: string;
}

/**
 * A trimmed text's length against its bounds: required when empty, else too short or too long; `limit` as ajv
 * names it, `length` the message's own ("Minimum length is {{length}}").
 */
function lengthProblem(text: string, min: number, max: number): FieldError | undefined {
  if (text.length < min)
    return fieldError(text === '' ? 'validation:error.required' : 'validation:error.minLength', {
      limit: min,
      length: min,
    });
  if (text.length > max) return fieldError('validation:error.maxLength', { limit: max, length: max });
  return undefined;
}

export type SupportDeps = AreaDeps<SupportRepository>;

export function createSupportService(deps: SupportDeps) {
  const context = supportContext(deps);
  return {
    ...readCalls(context),
    ...writeCalls(context),
  };
}

/** What the calls share: the merchants whose tickets the caller sees, a ticket shown with its messages. */
function supportContext(deps: SupportDeps) {
  const { repository, accounts, files, clock } = deps;

  /** The merchants a caller may see tickets of, in membership order (403 without any). */
  const readable = (accountId: string) => requireMerchants(accounts, accountId, 'has_merchant_access');

  const nameOf = (accountId: string) => actorName(accounts, accountId);

  function present(row: TicketRow): Ticket {
    const data = row.data as { csat_note?: string; rated_at?: string; rated_by?: string; opened_by?: string };
    const status = row.status as TicketStatus;
    return {
      id: row.id,
      merchant_id: row.merchantId,
      status,
      filter_status: filterStatusOf(status),
      // Written only after isTicketTopic (open) or by the fixtures' checked file: one of the four.
      topic: row.topic as TicketTopic,
      topics: [row.topic],
      title: row.title,
      opened_by: data.opened_by ?? null,
      csat: row.csat,
      csat_note: data.csat_note ?? null,
      can_rate: canRate(row.status, row.csat),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  const presentMessage = (row: MessageRow): Message => ({
    id: row.id,
    author: row.author,
    author_name: row.authorName,
    body: row.body,
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
  });

  async function withMessages(row: TicketRow): Promise<TicketWithMessages> {
    return {
      ticket: present(row),
      messages: (await repository.messages(row.id)).map(presentMessage),
    };
  }

  return {
    deps,
    repository,
    accounts,
    files,
    clock,
    readable,
    nameOf,
    present,
    presentMessage,
    withMessages,
  };
}
type SupportContext = ReturnType<typeof supportContext>;

/** The tickets: listed and filtered, one with its messages. */
function readCalls(context: SupportContext) {
  const { repository, readable, present, withMessages } = context;
  return {
    async list(
      accountId: string,
      input: TicketFilterInput & { limit?: number; offset?: number },
      offsetMinutes = 0,
    ): Promise<TicketsPage> {
      const allowed = await readable(accountId);
      const problems: Record<string, FieldError> = {};
      const statuses = enumFilter(input.statuses, 'statuses', isTicketStatus, problems);
      const topics = enumFilter(input.topics, 'topics', isTicketTopic, problems);
      const merchantIds = merchantFilter(input.merchant_ids, allowed, problems);
      const { from, to } = createdRange(input, problems, offsetMinutes);
      refuseFilters(problems);
      const limit = input.limit ?? TICKETS_LIMIT;
      const offset = input.offset ?? 0;
      const { rows, total } = await repository.list(
        {
          merchantIds,
          statuses: expandTicketStatuses(statuses),
          topics,
          from,
          to,
        },
        offset,
        limit,
      );
      return { tickets: rows.map(present), total, offset, limit };
    },

    async get(accountId: string, id: string) {
      const row = await repository.get(id, await readable(accountId));
      if (!row) throw notFound('ticket not found');
      return withMessages(row);
    },
  };
}

/** A new ticket, and the merchant's rating of a closed one. */
function writeCalls(context: SupportContext) {
  const { repository, files, clock, readable, nameOf, withMessages } = context;
  return {
    /** A new ticket (status new, no rating asked yet) with the merchant's text and images as its first message. */
    async open(accountId: string, input: OpenTicketInput) {
      const allowed = await readable(accountId);
      const problems: Record<string, FieldError> = {};
      if (!isTicketTopic(input.topic))
        problems['/topic'] = fieldError('validation:error.enum', { value: input.topic });
      const text = input.text.trim();
      const textProblem = lengthProblem(text, TICKET_TEXT_MIN, TICKET_TEXT_MAX);
      if (textProblem) problems['/text'] = textProblem;
      const subject = input.subject?.trim();
      const subjectProblem =
        subject === undefined ? undefined : lengthProblem(subject, TICKET_SUBJECT_MIN, TICKET_SUBJECT_MAX);
      if (subjectProblem) problems['/subject'] = subjectProblem;
      const merchantId = input.merchant_id ?? allowed[0]!;
      if (!allowed.includes(merchantId))
        problems['/merchant_id'] = fieldError('validation:error.notYourMerchant', { value: merchantId });
      const attachments = await ownImages(
        files,
        accountId,
        input.attachments ?? [],
        TICKET_ATTACHMENTS_MAX,
        problems,
      );
      if (Object.keys(problems).length > 0) throw new HttpError(400, 'bad_request', problems);
      const now = clock.now();
      const id = randomUUID();
      const name = await nameOf(accountId);
      const row = await repository.open(
        {
          id,
          merchantId,
          accountId,
          topic: input.topic,
          status: 'new',
          csat: 'none',
          title: subject || ticketTitle(text),
          data: { opened_by: name },
          createdAt: now,
          updatedAt: now,
        },
        {
          id: randomUUID(),
          ticketId: id,
          author: 'merchant',
          authorName: name,
          body: text,
          attachments,
          createdAt: now,
        },
      );
      return withMessages(row);
    },

    /** The merchant's rating of a resolved ticket: like or dislike, once, with an optional note. */
    async rate(accountId: string, id: string, csat: 'positive' | 'negative', note?: string) {
      const text = note?.trim() ?? '';
      if (text.length > CSAT_NOTE_MAX)
        throw new HttpError(400, 'bad_request', {
          '/note': fieldError('validation:error.maxLength', { limit: CSAT_NOTE_MAX }),
        });
      const row = await repository.get(id, await readable(accountId));
      if (!row) throw notFound('ticket not found');
      const refuse = (current: TicketRow) =>
        new HttpError(409, 'the ticket does not ask for a rating', undefined, {
          reason: 'not_ratable',
          csat: current.csat,
          ticket_status: current.status,
        });
      if (!canRate(row.status, row.csat)) throw refuse(row);
      const rated = await repository.rate(
        id,
        csat,
        {
          ...(row.data as Record<string, unknown>),
          csat_note: text || undefined,
          rated_at: clock.now().toISOString(),
          rated_by: await nameOf(accountId),
        },
        clock.now(),
      );
      if (!rated) throw refuse((await repository.get(id, [row.merchantId])) ?? row);
      return withMessages(rated);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
