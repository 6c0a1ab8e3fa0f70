/**
 * Disputes (onboarding spec §2, §4, §5, §7, §9; docs/disputes.md): lists with filters and search, the active
 * count, a dispute with its order and timeline, the merchant's refund or challenge, challenge images, and the
 * CSV export of a list.
 *
 * Scope: a caller sees the disputes of the merchants whose membership has `is_disputes_allowed` (canFetchDisputes)
 * and acts on those whose membership has `is_dispute_refund_allowed`; any other dispute "does not exist" (404).
 * Filters are checked one by one and a bad one is refused with 400 naming it (never a 500, never ignored).
 */
import type { Readable } from 'node:stream';
import {
  ACTIVE_DISPUTE_STATUSES,
  canActOn,
  CHALLENGE_REASONS,
  DISPUTE_ATTACHMENTS_MAX,
  DISPUTES_PAGE_SIZE,
  isDisputeStatus,
  minorToDecimal,
  type ChallengeReason,
  type DisputeStatus,
} from '../../domain/disputes';
import type { PermissionFlag } from '../../domain/permissions';
import { actorName as nameOf, merchantsWhere, requireMerchants, type AreaDeps } from './memberships';
import { decodePageToken, encodePageToken } from './pageTokens';
import { fieldError, HttpError, notFound, type FieldError } from '../errors';
import type { DisputeQuery, DisputeRepository, DisputeRow } from '../repositories/disputes';
import { ownImages } from './attachments';
import { createdRange, enumFilter, merchantFilter, refuseFilters, searchFilter } from './listFilters';
import { csvExport } from './csvExport';
import type {
  ActiveDisputes,
  Dispute,
  DisputeAnswer,
  DisputesPage,
  TimelineEntry,
} from '../../contract/disputes';

/** The list's filters as the query string (or the export's body) gives them. */
export interface DisputeFilterInput {
  statuses?: string[];
  created_at_gte?: string;
  created_at_lte?: string;
  merchant_ids?: string[];
  query?: string;
}

/** Rows of the export read at a time (a keyset page each). */
const EXPORT_BATCH = 1000;
/** The longest search text. */
const QUERY_MAX = 100;

export const EXPORT_COLUMNS = [
  'id',
  'created_at',
  'status',
  'type',
  'order_id',
  'merchant_id',
  'store_id',
  'amount',
  'currency',
  'customer_name',
  'challenge_reason',
  'updated_at',
] as const;

export type DisputeDeps = AreaDeps<DisputeRepository>;

export function createDisputeService(deps: DisputeDeps) {
  const context = disputeContext(deps);
  return {
    ...readCalls(context),
    ...actionCalls(context),
  };
}

/** What the calls share: who may read and act on which merchants' disputes, the filters checked, a dispute shown and moved. */
function disputeContext(deps: DisputeDeps) {
  const { repository, accounts, files, clock } = deps;

  const merchantsWith = (accountId: string, flag: PermissionFlag) =>
    merchantsWhere(accounts, accountId, flag);

  /** The merchants a caller may read disputes of (403 without any). */
  const readable = (accountId: string) => requireMerchants(accounts, accountId, 'is_disputes_allowed');

  /** The filters checked, one problem at a time by field; `offsetMinutes` is the caller's time zone. */
  function query(input: DisputeFilterInput, allowed: string[], offsetMinutes = 0): DisputeQuery {
    const problems: Record<string, FieldError> = {};
    const statuses = enumFilter(input.statuses, 'statuses', isDisputeStatus, problems);
    const merchantIds = merchantFilter(input.merchant_ids, allowed, problems);
    const { from, to } = createdRange(input, problems, offsetMinutes);
    const search = searchFilter(input.query, QUERY_MAX, problems);
    refuseFilters(problems);
    return { merchantIds, statuses, from, to, search };
  }

  /** A dispute as the API answers it; `canAct` says whether this caller may refund or challenge it now. */
  function present(row: DisputeRow, canAct: boolean): Dispute {
    const data = row.data as Record<string, unknown>;
    return {
      id: row.id,
      merchant_id: row.merchantId,
      store_id: row.storeId,
      order_id: row.orderId,
      status: row.status as DisputeStatus,
      type: row.type,
      amount: minorToDecimal(row.amountMinor, row.currency),
      currency: row.currency,
      customer_name: row.customerName,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      respond_by: (data.respond_by as string | undefined) ?? null,
      customer_note: (data.customer_note as string | undefined) ?? null,
      // The document's parts as the fixtures' checked file and this service's own moves write them.
      order: (data.order as Dispute['order'] | undefined) ?? null,
      timeline: (data.timeline as TimelineEntry[] | undefined) ?? [],
      challenge: (data.challenge as Dispute['challenge'] | undefined) ?? null,
      can_act: canAct && canActOn(row.status),
    };
  }

  /** A dispute the caller may act on, still pending (404 for none of theirs, 403 without the right, 409 if moved on). */
  async function actionable(accountId: string, id: string) {
    const row = await repository.get(id, await readable(accountId));
    if (!row) throw notFound('dispute not found');
    if (!(await merchantsWith(accountId, 'is_dispute_refund_allowed')).includes(row.merchantId))
      throw new HttpError(403, 'forbidden');
    if (!canActOn(row.status))
      throw new HttpError(409, 'the dispute is not pending', undefined, {
        reason: 'not_pending',
        dispute_status: row.status,
      });
    return row;
  }

  const actorName = (accountId: string) => nameOf(accounts, accountId);

  async function move(row: DisputeRow, to: string, change: Record<string, unknown>, entry: TimelineEntry) {
    const data = row.data as Record<string, unknown>;
    const timeline = [...((data.timeline as TimelineEntry[] | undefined) ?? []), entry];
    const moved = await repository.transition(
      row.id,
      row.status,
      to,
      { ...data, ...change, timeline },
      clock.now(),
    );
    if (!moved) throw new HttpError(409, 'the dispute is not pending', undefined, { reason: 'not_pending' });
    return moved;
  }

  return {
    deps,
    repository,
    accounts,
    files,
    clock,
    merchantsWith,
    readable,
    query,
    present,
    actionable,
    actorName,
    move,
  };
}
type DisputeContext = ReturnType<typeof disputeContext>;

/** Reading: the list, the open disputes' count, one dispute, the CSV. */
function readCalls(context: DisputeContext) {
  const { repository, merchantsWith, readable, query, present } = context;
  return {
    async list(
      accountId: string,
      input: DisputeFilterInput & { page_size?: number; page_token?: string },
      offsetMinutes = 0,
    ): Promise<DisputesPage> {
      const allowed = await readable(accountId);
      const refunders = await merchantsWith(accountId, 'is_dispute_refund_allowed');
      const filters = query(input, allowed, offsetMinutes);
      const size = input.page_size ?? DISPUTES_PAGE_SIZE;
      const token = input.page_token ? decodePageToken(input.page_token, 'instant') : undefined;
      const after = token && { createdAt: new Date(token.value), id: token.id };
      // One more than asked tells whether there is a next page.
      const rows = await repository.list({ ...filters, after }, size + 1);
      const page = rows.slice(0, size);
      return {
        disputes: page.map((row) => present(row, refunders.includes(row.merchantId))),
        next_page_token:
          rows.length > size ? encodePageToken(page.at(-1)!.createdAt.toISOString(), page.at(-1)!.id) : null,
      };
    },

    /** The open disputes (pending or in arbitration): their count, for the sidebar's badge. */
    async active(accountId: string): Promise<ActiveDisputes> {
      const merchants = await merchantsWith(accountId, 'is_disputes_allowed');
      const [total, pending] = await Promise.all([
        repository.count({ merchantIds: merchants, statuses: [...ACTIVE_DISPUTE_STATUSES] }),
        repository.count({ merchantIds: merchants, statuses: ['pending'] }),
      ]);
      return { total, statuses: [...ACTIVE_DISPUTE_STATUSES], pending };
    },

    async get(accountId: string, id: string): Promise<DisputeAnswer> {
      const row = await repository.get(id, await readable(accountId));
      if (!row) throw notFound('dispute not found');
      const refunders = await merchantsWith(accountId, 'is_dispute_refund_allowed');
      return { dispute: present(row, refunders.includes(row.merchantId)) };
    },

    /**
     * The list's disputes as CSV, every page of them, streamed (never the whole list in memory): a header and a
     * row a dispute, the filters as the list's.
     */
    async export(accountId: string, input: DisputeFilterInput, offsetMinutes = 0): Promise<Readable> {
      const filters = query(input, await readable(accountId), offsetMinutes);
      return csvExport({
        columns: EXPORT_COLUMNS,
        size: EXPORT_BATCH,
        batch: (after: DisputeQuery['after']) => repository.list({ ...filters, after }, EXPORT_BATCH),
        cells: (row) => {
          const challenge = (row.data as { challenge?: { reason?: string } }).challenge;
          return [
            row.id,
            row.createdAt.toISOString(),
            row.status,
            row.type,
            row.orderId,
            row.merchantId,
            row.storeId ?? '',
            minorToDecimal(row.amountMinor, row.currency),
            row.currency,
            row.customerName ?? '',
            challenge?.reason ?? '',
            row.updatedAt.toISOString(),
          ];
        },
        after: (last) => ({ createdAt: last.createdAt, id: last.id }),
      });
    },
  };
}

/** Acting on a pending dispute: refunding the customer, or challenging it with a reason and photos. */
function actionCalls(context: DisputeContext) {
  const { files, clock, present, actionable, actorName, move } = context;
  return {
    /** The merchant refunds the customer: pending → approved. */
    async approve(accountId: string, id: string): Promise<DisputeAnswer> {
      const row = await actionable(accountId, id);
      const moved = await move(
        row,
        'approved',
        {},
        {
          at: clock.now().toISOString(),
          kind: 'approved',
          by: await actorName(accountId),
        },
      );
      return { dispute: present(moved, true) };
    },

    /** The merchant challenges: a reason, a note and up to 5 images of their own; pending → arbitration. */
    async challenge(
      accountId: string,
      id: string,
      input: { reason: string; note?: string; attachments?: string[] },
    ): Promise<DisputeAnswer> {
      const problems: Record<string, FieldError> = {};
      if (!(CHALLENGE_REASONS as readonly string[]).includes(input.reason))
        problems['/reason'] = fieldError('validation:error.enum', { value: input.reason });
      const note = input.note?.trim() ?? '';
      // "Other" says nothing by itself: its note is required.
      if (input.reason === 'other' && note === '')
        problems['/note'] = fieldError('validation:error.required');
      const attachments = await ownImages(
        files,
        accountId,
        input.attachments ?? [],
        DISPUTE_ATTACHMENTS_MAX,
        problems,
      );
      if (Object.keys(problems).length > 0) throw new HttpError(400, 'bad_request', problems);
      const row = await actionable(accountId, id);
      const at = clock.now().toISOString();
      const by = await actorName(accountId);
      const moved = await move(
        row,
        'arbitration',
        { challenge: { reason: input.reason as ChallengeReason, note, attachments, at, by } },
        { at, kind: 'challenged', by, note: input.reason },
      );
      return { dispute: present(moved, true) };
    },
  };
}

export type DisputeService = ReturnType<typeof createDisputeService>;
