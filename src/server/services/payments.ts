/**
 * Orders and their payments (issue 34; docs/orders.md): the list with filters, sort and keyset pages, the
 * filter's totals, a payment's detail (items, customer, captures, refunds, timeline, dispute), capture, refund,
 * and the CSV export of a list.
 *
 * Scope: a caller reads the payments of the merchants whose membership has `is_order_view_allowed`, refunds
 * those whose membership also has `is_dispute_refund_allowed`, and captures those whose membership also has
 * `is_order_creation_allowed`; any other payment "does not exist" (404). Filters are checked one by one and a
 * bad one is refused with 400 naming it.
 */
import type { Readable } from 'node:stream';
import { spreadsheetPhone, spreadsheetTime } from '../../domain/csv';
import { currencyDecimals, decimalToMinor, minorToDecimal } from '../../domain/money';
import {
  isPaymentProduct,
  isPaymentStatus,
  leftToCapture,
  leftToRefund,
  PAYMENTS_PAGE_SIZE,
  paymentStatus,
  REFUND_REASONS,
  type PaymentSort,
  type PaymentStatus,
} from '../../domain/payments';
import type { PermissionFlag } from '../../domain/permissions';
import type {
  CaptureBody,
  Payment,
  PaymentAnswer,
  PaymentDetail,
  PaymentFilters,
  PaymentItem,
  PaymentsPage,
  PaymentTotals,
  RefundBody,
  SalesSummary,
  TimelineEvent,
} from '../../contract/payments';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { DisputeRepository } from '../repositories/disputes';
import type { PaymentQuery, PaymentRepository, PaymentRow } from '../repositories/payments';
import { createdRange, valuesOf } from './listFilters';
import { csvExport } from './csvExport';
import { merchantsWhere, requireMerchants } from './memberships';
import { decodePageToken, encodePageToken } from './pageTokens';

/** Rows of the export read at a time (a keyset page each). */
const EXPORT_BATCH = 2000;
const QUERY_MAX = 100;

/** The export's columns, in order: their headings are the merchant's words (locales/<lang>/orders.json `csv`). */
export const EXPORT_COLUMNS = [
  'reference',
  'placed',
  'status',
  'product',
  'store',
  'currency',
  'amount',
  'captured',
  'refunded',
  'customer',
  'phone',
  'payment',
] as const;

/** What an export is written in: the headings and the words for statuses and products, in one language. */
export interface ExportWords {
  csv: Record<(typeof EXPORT_COLUMNS)[number], string>;
  status: Record<string, string>;
  product: Record<string, string>;
}

/** A decimal amount filter in thousandths of a unit (the repository's one figure for every currency). */
function thousandths(text: string): number | null {
  return decimalToMinor(text, 'KWD');
}

const amounts = (row: PaymentRow) => ({
  amount: row.amountMinor,
  captured: row.capturedMinor,
  refunded: row.refundedMinor,
  cancelled: row.cancelledAt !== null,
});

export function createPaymentService(deps: {
  repository: PaymentRepository;
  disputes: DisputeRepository;
  accounts: AccountRepository;
  clock: Clock;
}) {
  const { repository, disputes, accounts, clock } = deps;
  const granted = (accountId: string, flag: PermissionFlag) => merchantsWhere(accounts, accountId, flag);

  /** The merchants a caller may read orders of (403 without any). */
  const readable = (accountId: string) => requireMerchants(accounts, accountId, 'is_order_view_allowed');

  /** The filters checked, one problem at a time by field; `offsetMinutes` is the caller's time zone. */
  async function query(input: PaymentFilters, allowed: string[]): Promise<PaymentQuery> {
    const problems: Record<string, FieldError> = {};
    const statuses = valuesOf(input.statuses);
    const badStatus = statuses.find((s) => !isPaymentStatus(s));
    if (badStatus) problems['/statuses'] = fieldError('validation:error.enum', { value: badStatus });
    const products = valuesOf(input.products);
    const badProduct = products.find((p) => !isPaymentProduct(p));
    if (badProduct) problems['/products'] = fieldError('validation:error.enum', { value: badProduct });
    const merchantIds = valuesOf(input.merchant_ids);
    const foreign = merchantIds.find((m) => !allowed.includes(m));
    if (foreign)
      problems['/merchant_ids'] = fieldError('validation:error.notYourMerchant', { value: foreign });
    const storeIds = valuesOf(input.store_ids);
    if (storeIds.length > 0) {
      const own = new Set((await accounts.storesOf(allowed)).map((s) => s.id));
      const strange = storeIds.find((s) => !own.has(s));
      if (strange) problems['/store_ids'] = fieldError('validation:error.notYourStore', { value: strange });
    }
    const { from, to } = createdRange(input, problems, input.tz_offset ?? 0);
    const bound = (field: 'amount_gte' | 'amount_lte') => {
      const text = input[field]?.trim();
      if (!text) return undefined;
      const value = thousandths(text);
      if (value === null) problems[`/${field}`] = fieldError('validation:error.amount');
      return value ?? undefined;
    };
    const amountMin = bound('amount_gte');
    const amountMax = bound('amount_lte');
    if (amountMin !== undefined && amountMax !== undefined && amountMin > amountMax)
      problems['/amount_lte'] = fieldError('validation:error.amountOrder');
    const search = input.query?.trim() ?? '';
    if (search.length > QUERY_MAX)
      problems['/query'] = fieldError('validation:error.maxLength', { limit: QUERY_MAX });
    const fields = Object.keys(problems);
    if (fields.length > 0)
      throw new HttpError(400, `bad filter: ${fields.map((f) => f.slice(1)).join(', ')}`, problems);
    return {
      merchantIds: merchantIds.length > 0 ? merchantIds : allowed,
      storeIds,
      statuses,
      products,
      from,
      to,
      amountMin,
      amountMax,
      search: search || undefined,
    };
  }

  function present(row: Omit<PaymentRow, 'data'>): Payment {
    const money = (minor: number) => minorToDecimal(minor, row.currency);
    return {
      id: row.id,
      order_reference: row.orderReference,
      merchant_id: row.merchantId,
      store_id: row.storeId,
      status: row.status as PaymentStatus,
      product: row.product,
      currency: row.currency,
      amount: money(row.amountMinor),
      captured: money(row.capturedMinor),
      refunded: money(row.refundedMinor),
      customer_name: row.customerName,
      customer_phone: row.customerPhone,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function actorName(accountId: string) {
    const account = await accounts.account(accountId);
    return account?.email ?? account?.phone ?? accountId;
  }

  /** A payment with everything its page shows, and what this caller may do with it now. */
  async function detail(accountId: string, row: PaymentRow): Promise<PaymentDetail> {
    const [movements, dispute, stores, refunders, capturers] = await Promise.all([
      repository.movements(row.id),
      disputes.forOrder(row.merchantId, row.orderReference),
      accounts.storesOf([row.merchantId]),
      granted(accountId, 'is_dispute_refund_allowed'),
      granted(accountId, 'is_order_creation_allowed'),
    ]);
    const money = (minor: number) => minorToDecimal(minor, row.currency);
    const data = row.data as {
      items?: { name: string; quantity: number; unit_price_minor: number; sku?: string }[];
      customer_email?: string;
    };
    const items: PaymentItem[] = (data.items ?? []).map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unit_price: money(item.unit_price_minor),
      ...(item.sku ? { sku: item.sku } : {}),
    }));
    const timeline: TimelineEvent[] = [
      {
        at: row.createdAt.toISOString(),
        kind: 'authorised' as const,
        amount: money(row.amountMinor),
        by: 'customer',
      },
      ...movements.captures.map((c) => ({
        at: c.createdAt.toISOString(),
        kind: 'captured' as const,
        amount: money(c.amountMinor),
        by: c.by,
      })),
      ...movements.refunds.map((r) => ({
        at: r.createdAt.toISOString(),
        kind: 'refunded' as const,
        amount: money(r.amountMinor),
        by: r.by,
        note: r.reason,
      })),
      ...(row.cancelledAt ? [{ at: row.cancelledAt.toISOString(), kind: 'cancelled' as const }] : []),
      ...(dispute
        ? [
            {
              at: dispute.createdAt.toISOString(),
              kind: 'disputed' as const,
              by: 'customer',
              note: dispute.type,
            },
          ]
        : []),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const left = amounts(row);
    const mayRefund = refunders.includes(row.merchantId);
    const mayCapture = capturers.includes(row.merchantId);
    return {
      ...present(row),
      store_name: stores.find((s) => s.id === row.storeId)?.name ?? row.storeId,
      customer_email: data.customer_email ?? null,
      items,
      captures: movements.captures.map((c) => ({
        id: c.id,
        amount: money(c.amountMinor),
        at: c.createdAt.toISOString(),
        by: c.by,
      })),
      refunds: movements.refunds.map((r) => ({
        id: r.id,
        amount: money(r.amountMinor),
        at: r.createdAt.toISOString(),
        by: r.by,
        reason: r.reason,
        note: r.note,
      })),
      timeline,
      dispute: dispute ? { id: dispute.id, status: dispute.status } : null,
      left_to_capture: money(leftToCapture(left)),
      left_to_refund: money(leftToRefund(left)),
      can_capture: mayCapture && leftToCapture(left) > 0,
      can_refund: mayRefund && leftToRefund(left) > 0,
    };
  }

  /** A payment the caller may read (404 for none of theirs). */
  async function own(accountId: string, id: string): Promise<PaymentRow> {
    const row = await repository.get(id, await readable(accountId));
    if (!row) throw notFound('payment not found');
    return row;
  }

  /** An amount in the payment's currency, more than 0 and at most `left` (400 naming `amount` otherwise). */
  function amountOf(text: string, row: PaymentRow, left: number): number {
    const minor = decimalToMinor(text, row.currency);
    const refuse = (
      key: string,
      params: Record<string, unknown> = {},
      message = 'amount: not a valid amount',
    ) => new HttpError(400, message, { '/amount': fieldError(key, params) });
    if (minor === null)
      throw refuse('validation:error.amountDecimals', {
        decimals: currencyDecimals(row.currency),
      });
    if (minor === 0) throw refuse('validation:error.amountPositive');
    if (minor > left)
      throw refuse(
        'validation:error.amountLeft',
        { left: minorToDecimal(left, row.currency), currency: row.currency },
        'amount: more than is left',
      );
    return minor;
  }

  const status = (row: PaymentRow) => paymentStatus(amounts(row));

  /** Captures part or all of what is authorised (needs is_order_creation_allowed). */
  async function capture(accountId: string, id: string, body: CaptureBody): Promise<PaymentAnswer> {
    const row = await own(accountId, id);
    if (!(await granted(accountId, 'is_order_creation_allowed')).includes(row.merchantId))
      throw new HttpError(403, 'forbidden');
    const left = leftToCapture(amounts(row));
    if (left === 0)
      throw new HttpError(409, 'nothing is left to capture', undefined, {
        reason: 'nothing_to_capture',
        payment_status: row.status,
      });
    const amount = amountOf(body.amount, row, left);
    const moved = await repository.capture(row.id, amount, await actorName(accountId), clock.now(), status);
    // Someone else captured meanwhile: what is left is less now.
    if (!moved) return capture(accountId, id, body);
    return { payment: await detail(accountId, moved) };
  }

  /** Refunds part or all of what is captured and not yet refunded (needs is_dispute_refund_allowed). */
  async function refund(accountId: string, id: string, body: RefundBody): Promise<PaymentAnswer> {
    const row = await own(accountId, id);
    if (!(await granted(accountId, 'is_dispute_refund_allowed')).includes(row.merchantId))
      throw new HttpError(403, 'forbidden');
    if (!(REFUND_REASONS as readonly string[]).includes(body.reason))
      throw new HttpError(400, 'reason: not a refund reason', {
        '/reason': fieldError('validation:error.enum', { value: body.reason }),
      });
    const note = body.note?.trim() || null;
    if (body.reason === 'other' && !note)
      throw new HttpError(400, 'note: say why', { '/note': fieldError('validation:error.required') });
    const left = leftToRefund(amounts(row));
    if (left === 0)
      throw new HttpError(409, 'nothing is left to refund', undefined, {
        reason: 'nothing_to_refund',
        payment_status: row.status,
      });
    const amount = amountOf(body.amount, row, left);
    const moved = await repository.refund(
      row.id,
      { amount, reason: body.reason, note, by: await actorName(accountId) },
      clock.now(),
      status,
    );
    // Another refund was recorded meanwhile: check the amount against what is left now.
    if (!moved) return refund(accountId, id, body);
    return { payment: await detail(accountId, moved) };
  }

  return {
    async list(
      accountId: string,
      input: PaymentFilters & { sort?: PaymentSort; page_size?: number; page_token?: string },
    ): Promise<PaymentsPage> {
      const filters = await query(input, await readable(accountId));
      const sort = input.sort ?? '-created_at';
      const byAmount = sort === 'amount' || sort === '-amount';
      const size = input.page_size ?? PAYMENTS_PAGE_SIZE;
      const cursor = input.page_token
        ? decodePageToken(input.page_token, byAmount ? 'number' : 'instant')
        : undefined;
      // One more than asked tells whether there is a next page.
      const rows = await repository.list(filters, sort, size + 1, cursor);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        payments: page.map(present),
        next_page_token:
          rows.length > size && last
            ? encodePageToken(byAmount ? last.amountMinor : last.createdAt.toISOString(), last.id)
            : null,
      };
    },

    async totals(accountId: string, input: PaymentFilters): Promise<PaymentTotals> {
      const rows = await repository.totals(await query(input, await readable(accountId)));
      return {
        totals: rows.map((r) => {
          const [amount, captured, refunded] = [r.amount, r.captured, r.refunded].map((v) =>
            Number(v ?? 0),
          ) as [number, number, number];
          return {
            currency: r.currency,
            count: Number(r.count),
            amount: minorToDecimal(amount, r.currency),
            captured: minorToDecimal(captured, r.currency),
            refunded: minorToDecimal(refunded, r.currency),
            net: minorToDecimal(captured - refunded, r.currency),
          };
        }),
      };
    },

    /**
     * The home's sales: orders placed today and in the last 7 days (today and the 6 days before), in the caller's
     * time zone — a rolling week, the same in every country whatever day its week starts on.
     */
    async sales(accountId: string, offsetMinutes = 0): Promise<SalesSummary> {
      const merchants = await readable(accountId);
      const now = clock.now();
      const local = new Date(now.getTime() + offsetMinutes * 60_000);
      const midnight =
        Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMinutes * 60_000;
      const todayFrom = new Date(midnight);
      const weekFrom = new Date(midnight - 6 * 24 * 60 * 60_000);
      const rows = await repository.sales(merchants, todayFrom, weekFrom);
      return {
        sales: rows.map((r) => ({
          currency: r.currency,
          today: {
            count: Number(r.todayCount),
            amount: minorToDecimal(Number(r.todayAmount ?? 0), r.currency),
          },
          week: { count: Number(r.weekCount), amount: minorToDecimal(Number(r.weekAmount ?? 0), r.currency) },
        })),
        today_from: todayFrom.toISOString(),
        week_from: weekFrom.toISOString(),
      };
    },

    async get(accountId: string, id: string): Promise<PaymentAnswer> {
      return { payment: await detail(accountId, await own(accountId, id)) };
    },

    capture,
    refund,

    /**
     * The list's payments as CSV, every page, streamed (never the whole list in memory), in the list's default
     * order (newest first) — written for the merchant's spreadsheet (issue 56): a byte-order mark, headings and
     * words in their language, times in their zone (named in the heading), stores by name, phones as text.
     */
    async export(
      accountId: string,
      input: PaymentFilters,
      reader: { words: ExportWords; timeZone: string },
    ): Promise<Readable> {
      const allowed = await readable(accountId);
      const filters = await query(input, allowed);
      const storeNames = new Map((await accounts.storesOf(allowed)).map((s) => [s.id, s.name]));
      const { words, timeZone } = reader;
      const headings = EXPORT_COLUMNS.map((c) =>
        c === 'placed' ? `${words.csv[c]} (${timeZone})` : words.csv[c],
      );
      // A batch of 2,000 rows is one string (csvExport.ts), so the stream moves batches, not rows.
      return csvExport({
        columns: headings,
        bom: true,
        size: EXPORT_BATCH,
        batch: (cursor: { value: string; id: string } | undefined) =>
          repository.exportBatch(filters, EXPORT_BATCH, cursor),
        cells: (row) => {
          const p = present(row);
          const partly = p.status === 'captured' && row.refundedMinor > 0;
          return [
            p.order_reference,
            spreadsheetTime(row.createdAt, timeZone),
            words.status[partly ? 'partlyRefunded' : p.status] ?? p.status,
            words.product[p.product] ?? p.product,
            storeNames.get(p.store_id) ?? p.store_id,
            p.currency,
            p.amount,
            p.captured,
            p.refunded,
            p.customer_name,
            spreadsheetPhone(p.customer_phone),
            p.id,
          ];
        },
        after: (last) => ({ value: last.createdAt.toISOString(), id: last.id }),
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
