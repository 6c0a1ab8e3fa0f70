/**
 * The onboarding review loop, the reviewers' side (issue 58; domain/review.ts for its rules, docs/review.md):
 * the queue of submitted applications, one application with its answers, what changed since it was sent back,
 * the reasons that concern it, and its history; the moves — take, let go, approve, reject, send back — each made
 * only from where the application still stands and only by the reviewer who has it, each audited.
 *
 * Only the provider's onboarding reviewers (`staff_role = onboarding_reviewer`) reach it: anyone else 403.
 */
import type { Clock } from '../clock';
import type { Language } from '../../domain/language';
import type { OutboxService } from './outbox';
import type { StoredFile } from './files';
import { fieldError, HttpError, notFound, refuseProblems, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import {
  BankDetailsTaken,
  type Provision,
  type ReviewedApplication,
  type ReviewRepository,
} from '../repositories/reviews';
import { randomUUID } from 'node:crypto';
import { approvedBusiness, canApprove } from '../../domain/approval';
import { ROLE_FLAGS } from '../../domain/permissions';
import {
  ACTION_BY,
  canDecide,
  canSendBack,
  isReviewReason,
  isReviewStatus,
  offeredReasons,
  reasonPointers,
  REVIEWER_ROLE,
  sentBackAttention,
  reviewMove,
  WAITING_STATUSES,
  type ReviewAction,
  type ReviewStatus,
  type SentBackItem,
} from '../../domain/review';
import { valuesOf } from './listFilters';
import { actorName } from './memberships';
import { changedPointers, getAt } from '../../engine/core/pointer';

export const REVIEW_PAGE_SIZE = 20;
/** A note to the merchant: a few sentences, not a letter. */
export const NOTE_MAX = 1000;
/** At most this many things sent back at once (every field of a long application, with room). */
export const SENT_BACK_MAX = 50;

export interface ReviewServiceDeps {
  repository: ReviewRepository;
  accounts: AccountRepository;
  /** Reads a stored file whoever uploaded it (the file service's `anyFile`). */
  files: { anyFile(url: string): Promise<StoredFile> };
  clock: Clock;
  /** The applicant is told by e-mail when their application is sent back or decided. */
  outbox: Pick<OutboxService, 'send'>;
  /** Each language's words for those e-mails and the reasons (locales/<lang>/review.json `email`, reasons.json). */
  words: Record<Language, ReviewWords>;
  publicUrl: string;
}

/** What the e-mails say, per language. */
export interface ReviewWords {
  email: Record<'sent_back' | 'approved' | 'rejected', { subject: string; body: string }>;
  reasons: Record<string, { title: string; fix: string }>;
}

/** An e-mail's words with its values put in (`{{business}}`…; a line left empty by a missing value goes). */
const fill = (text: string, values: Record<string, string>) =>
  text
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');

export function createReviewService(deps: ReviewServiceDeps) {
  const context = reviewContext(deps);
  return { ...readCalls(context), ...moveCalls(context) };
}

/** What the calls share: who may review, an application found, shown and moved. */
function reviewContext(deps: ReviewServiceDeps) {
  const { repository, accounts, clock } = deps;

  async function reviewer(accountId: string) {
    if ((await accounts.account(accountId))?.staffRole !== REVIEWER_ROLE)
      throw new HttpError(403, 'forbidden: onboarding reviewers only');
  }

  async function found(id: string) {
    const row = await repository.get(id);
    // A draft is the merchant's alone: not in the console.
    if (!row || !isReviewStatus(row.status)) throw notFound('application not found');
    return row;
  }

  const text = (value: unknown) => (typeof value === 'string' ? value : null);

  /** A queue row: what a reviewer picks by. */
  const listed = (row: ReviewedApplication) => ({
    id: row.id,
    status: row.status as ReviewStatus,
    business_name: text(row.answers.business_name),
    country: text(row.answers.country_of_main_operations),
    email: row.email,
    round: row.reviewRound,
    reviewer_id: row.reviewerId,
    requires_sales_contact: row.requiresSalesContact,
    submitted_at: row.submittedAt?.toISOString() ?? null,
  });

  /**
   * Where the move takes the application; a refusal names why not: another reviewer has it (`taken`), or it
   * has moved on (`moved`: decided, sent back, or not taken yet). Checked before a body's problems: a second
   * click hears that it is done, not that its body is wrong.
   */
  async function guard(
    accountId: string,
    row: ReviewedApplication,
    action: ReviewAction,
  ): Promise<ReviewStatus> {
    const to = reviewMove(row.status, action, row.reviewRound);
    const heldByOther = row.status === 'in_review' && row.reviewerId !== accountId;
    if (heldByOther)
      throw new HttpError(409, 'another reviewer has this application', undefined, {
        reason: 'taken',
        reviewer: row.reviewerId ? await actorName(accounts, row.reviewerId) : null,
      });
    if (!to || ACTION_BY[action] !== 'reviewer')
      throw new HttpError(409, `the application is ${row.status}`, undefined, {
        reason: 'moved',
        application_status: row.status,
      });
    return to;
  }

  /**
   * Moves the application the caller read, from where it stood; a refusal names why: another reviewer has it
   * (`taken`), or it has moved on (`moved`: a second click, or a second reviewer first).
   */
  async function move(
    accountId: string,
    row: ReviewedApplication,
    action: ReviewAction,
    changes: Parameters<ReviewRepository['move']>[0]['changes'],
    audit: { reasons: SentBackItem[] | string[]; note: string | null },
    provision?: Provision,
  ) {
    const to = await guard(accountId, row, action);
    const moved = await repository.move({
      id: row.id,
      from: row.status,
      heldBy: row.status === 'in_review' ? accountId : undefined,
      to,
      changes,
      audit: { actorId: accountId, action, ...audit },
      // Sent back: each reason shows on its field in the wizard until the merchant saves that step.
      reopen:
        action === 'send_back'
          ? { attention: sentBackAttention(audit.reasons as SentBackItem[]) }
          : undefined,
      provision,
      now: clock.now(),
    });
    if (!moved) {
      // Read again: say where it went.
      const now = await found(row.id);
      throw new HttpError(409, `the application is ${now.status}`, undefined, {
        reason: now.status === 'in_review' && now.reviewerId !== accountId ? 'taken' : 'moved',
        application_status: now.status,
      });
    }
    return detail(await found(row.id));
  }

  async function detail(row: ReviewedApplication) {
    return {
      application: {
        ...listed(row),
        answers: row.answers,
        flow_version: row.version,
        sent_back: row.sentBack,
        decision_reason: row.decisionReason,
        note: row.reviewNote,
        decided_at: row.decidedAt?.toISOString() ?? null,
      },
      changed: changedSince(row),
      // What could be sent back, with the answers each concerns.
      reasons: offeredReasons(row.answers),
      history: (await repository.history(row.id)).map((h) => ({
        action: h.action,
        from: h.fromStatus,
        to: h.toStatus,
        by: h.actorName,
        reasons: h.reasons,
        note: h.note,
        at: h.at.toISOString(),
      })),
    };
  }

  /** The application a reviewer acts on, once the act is theirs to make (before its body is read). */
  async function held(accountId: string, id: string, action: ReviewAction) {
    await reviewer(accountId);
    const row = await found(id);
    await guard(accountId, row, action);
    return row;
  }

  /**
   * Tells the applicant, in their language, that their application was sent back or decided. A failed e-mail
   * does not undo the move: it is in the outbox, and the application's page says the same.
   */
  async function tell(
    row: ReviewedApplication,
    kind: keyof ReviewWords['email'],
    reasons: string[],
    note: string | null,
  ) {
    if (!row.email) return;
    const lang: Language = (await accounts.account(row.accountId))?.lang === 'ar' ? 'ar' : 'en';
    const words = deps.words[lang];
    const reasonLines = reasons
      .map((key) => words.reasons[key])
      .filter((r): r is { title: string; fix: string } => r !== undefined)
      .map((r) => `- ${r.title} ${kind === 'rejected' ? '' : r.fix}`.trimEnd());
    const text = words.email[kind];
    const values = {
      business: typeof row.answers.business_name === 'string' ? row.answers.business_name : '',
      reasons: [...new Set(reasonLines)].join('\n'),
      note: note ?? '',
      link: `${deps.publicUrl}${kind === 'approved' ? '/dashboard' : '/applications/view'}`,
    };
    try {
      await deps.outbox.send({
        to: row.email,
        channel: 'email',
        subject: text.subject,
        body: fill(text.body, values),
      });
    } catch {
      // Kept in the outbox table before sending; the page tells the merchant too.
    }
  }

  return { repository, files: deps.files, clock, reviewer, found, listed, detail, held, move, tell };
}
type ReviewContext = ReturnType<typeof reviewContext>;

/** The queue and one application. */
function readCalls(context: ReviewContext) {
  const { repository, reviewer, found, listed, detail } = context;
  return {
    async queue(
      accountId: string,
      query: { status?: string[]; country?: string; q?: string; page?: number },
    ) {
      await reviewer(accountId);
      const problems: Record<string, FieldError> = {};
      const chosen = valuesOf(query.status);
      const statuses = chosen.length > 0 ? chosen : [...WAITING_STATUSES, 'in_review'];
      if (!statuses.every(isReviewStatus)) problems['/status'] = fieldError('validation:error.enum');
      if (query.country !== undefined && !/^[A-Z]{3}$/.test(query.country))
        problems['/country'] = fieldError('validation:error.enum');
      refuseProblems(problems);
      const page = Math.max(1, query.page ?? 1);
      const { rows, total } = await repository.queue({
        statuses,
        country: query.country,
        search: query.q?.trim() || undefined,
        page,
        size: REVIEW_PAGE_SIZE,
      });
      return { applications: rows.map(listed), total, page, page_size: REVIEW_PAGE_SIZE };
    },

    async get(accountId: string, id: string) {
      await reviewer(accountId);
      return detail(await found(id));
    },

    /**
     * A document the application's answers point at (`pointer`, e.g. `/bank_details/iban_certificate_url`), for
     * reading inline: only an address that stands in this application's answers, whoever uploaded it.
     */
    async document(accountId: string, id: string, pointer: string) {
      await reviewer(accountId);
      const row = await found(id);
      const url = getAt(row.answers, pointer);
      if (typeof url !== 'string' || !pointer.endsWith('_url')) throw notFound('document not found');
      return context.files.anyFile(url);
    },
  };
}

/** The moves: take, let go, approve, reject, send back. */
function moveCalls(context: ReviewContext) {
  const { clock, reviewer, found, held, move, tell } = context;
  return {
    async take(accountId: string, id: string) {
      await reviewer(accountId);
      return move(accountId, await found(id), 'take', { reviewerId: accountId }, { reasons: [], note: null });
    },

    async release(accountId: string, id: string) {
      await reviewer(accountId);
      return move(accountId, await found(id), 'release', { reviewerId: null }, { reasons: [], note: null });
    },

    /**
     * Approves: the organization, its merchant, store and legal entity are created from the answers, with the
     * applicant as the merchant's workspace admin (domain/approval.ts), in the approval's own transaction.
     */
    async approve(accountId: string, id: string) {
      const row = await held(accountId, id, 'approve');
      if (!canApprove(row.answers))
        throw new HttpError(422, 'application is incomplete', undefined, { key: 'review:errors.incomplete' });
      const business = approvedBusiness(row.answers, {
        organization: `org-${randomUUID()}`,
        merchant: `mer-${randomUUID()}`,
        store: `sto-${randomUUID()}`,
        legalEntity: `le-${randomUUID()}`,
      });
      const flags = Object.fromEntries(ROLE_FLAGS.workspace_admin.map((flag) => [flag, true]));
      const member = { accountId: row.accountId, role: 'workspace_admin', flags };
      const decided = { decidedAt: clock.now() };
      const approved = await move(
        accountId,
        row,
        'approve',
        decided,
        { reasons: [], note: null },
        { business, member },
      ).catch((error: unknown) => {
        if (!(error instanceof BankDetailsTaken)) throw error;
        throw new HttpError(409, 'legal bank details conflict', undefined, {
          kind: 'conflict',
          type: 'LEGAL_BANK_DETAILS_CONFLICT',
        });
      });
      await tell(row, 'approved', [], null);
      return approved;
    },

    async reject(accountId: string, id: string, body: { reason?: unknown; note?: unknown }) {
      const row = await held(accountId, id, 'reject');
      const problems: Record<string, FieldError> = {};
      const reason = body.reason;
      if (!isReviewReason(reason) || !canDecide(reason))
        problems['/reason'] = fieldError('review:errors.reason');
      const note = noteOf(body.note, problems);
      refuseProblems(problems);
      const decided = { decisionReason: reason as string, reviewNote: note, decidedAt: clock.now() };
      const rejected = await move(accountId, row, 'reject', decided, { reasons: [reason as string], note });
      await tell(row, 'rejected', [reason as string], note);
      return rejected;
    },

    /**
     * Sends the application back with one or more reasons, each on an answer it concerns (a reason on an answer
     * it does not concern, or on one the application does not have, is refused by its place in the list).
     */
    async sendBack(accountId: string, id: string, body: { items?: unknown; note?: unknown }) {
      const row = await held(accountId, id, 'send_back');
      const problems: Record<string, FieldError> = {};
      const items: SentBackItem[] = [];
      if (!Array.isArray(body.items) || body.items.length === 0)
        problems['/items'] = fieldError('review:errors.noItems');
      else if (body.items.length > SENT_BACK_MAX)
        problems['/items'] = fieldError('validation:error.maxItems', { limit: SENT_BACK_MAX });
      else
        body.items.forEach((item: unknown, i) => {
          const { reason, pointer } = (item ?? {}) as { reason?: unknown; pointer?: unknown };
          if (!isReviewReason(reason) || !canSendBack(reason))
            problems[`/items/${i}/reason`] = fieldError('review:errors.reason');
          else if (typeof pointer !== 'string' || !reasonPointers(reason, row.answers).includes(pointer))
            problems[`/items/${i}/pointer`] = fieldError('review:errors.pointer');
          else if (!items.some((x) => x.reason === reason && x.pointer === pointer))
            items.push({ reason, pointer });
        });
      const note = noteOf(body.note, problems);
      refuseProblems(problems);
      // The answers as sent back: what must change, and what changed by the next round.
      const sent = {
        sentBack: items,
        reviewedAnswers: row.answers,
        reviewRound: row.reviewRound + 1,
        reviewNote: note,
      };
      const moved = await move(accountId, row, 'send_back', sent, { reasons: items, note });
      await tell(
        row,
        'sent_back',
        items.map((item) => item.reason),
        note,
      );
      return moved;
    },
  };
}

/** The answers that differ from what the last send-back saw (none before one). */
const changedSince = (row: ReviewedApplication): string[] =>
  row.reviewedAnswers ? changedPointers(row.reviewedAnswers, row.answers) : [];

function noteOf(value: unknown, problems: Record<string, FieldError>): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    problems['/note'] = fieldError('validation:error.type');
    return null;
  }
  const note = value.trim();
  if (note.length > NOTE_MAX)
    problems['/note'] = fieldError('validation:error.maxLength', { limit: NOTE_MAX });
  return note || null;
}

export type ReviewService = ReturnType<typeof createReviewService>;
