/**
 * What every room of orders shares (index.ts lists the rooms): its dependencies, who may read which merchants'
 * orders, the filters checked, an order found and shown in full.
 */
import { decimalToMinor, minorToDecimal } from '../../../domain/money';
import {
  isPaymentProduct,
  isPaymentStatus,
  leftToCapture,
  leftToRefund,
  type PaymentStatus,
} from '../../../domain/payments';
import type { PermissionFlag } from '../../../domain/permissions';
import type {
  Payment,
  PaymentDetail,
  PaymentFilters,
  PaymentItem,
  TimelineEvent,
} from '../../../contract/payments';
import type { Clock } from '../../clock';
import { fieldError, notFound, type FieldError } from '../../errors';
import type { AccountRepository } from '../../repositories/account';
import type { DisputeRepository } from '../../repositories/disputes';
import type { PaymentQuery, PaymentRepository, PaymentRow } from '../../repositories/payments';
import {
  createdRange,
  enumFilter,
  merchantFilter,
  refuseFilters,
  searchFilter,
  storeFilter,
  valuesOf,
} from '../listFilters';
import { actorName as nameOf, merchantsWhere, requireMerchants } from '../memberships';

/** Rows of the export read at a time (a keyset page each). */
export const EXPORT_BATCH = 2000;
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

export const amounts = (row: PaymentRow) => ({
  amount: row.amountMinor,
  captured: row.capturedMinor,
  refunded: row.refundedMinor,
  cancelled: row.cancelledAt !== null,
});

export interface PaymentDeps {
  repository: PaymentRepository;
  disputes: DisputeRepository;
  accounts: AccountRepository;
  clock: Clock;
}

/** A payment as a list shows it (its amounts as decimals of its currency). */
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

/** What happened to a payment, oldest first: authorised, each capture and refund, a cancel, a dispute. */
function timelineOf(
  row: PaymentRow,
  movements: Awaited<ReturnType<PaymentRepository['movements']>>,
  dispute: { createdAt: Date; type: string } | null | undefined,
): TimelineEvent[] {
  const money = (minor: number) => minorToDecimal(minor, row.currency);
  return [
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
}

export function paymentContext(deps: PaymentDeps) {
  const { repository, disputes, accounts, clock } = deps;
  const granted = (accountId: string, flag: PermissionFlag) => merchantsWhere(accounts, accountId, flag);

  /** The merchants a caller may read orders of (403 without any). */
  const readable = (accountId: string) => requireMerchants(accounts, accountId, 'is_order_view_allowed');

  /** The filters checked, one problem at a time by field; `offsetMinutes` is the caller's time zone. */
  async function query(input: PaymentFilters, allowed: string[]): Promise<PaymentQuery> {
    const problems: Record<string, FieldError> = {};
    const statuses = enumFilter(input.statuses, 'statuses', isPaymentStatus, problems);
    const products = enumFilter(input.products, 'products', isPaymentProduct, problems);
    const merchantIds = merchantFilter(input.merchant_ids, allowed, problems);
    const own =
      valuesOf(input.store_ids).length > 0 ? (await accounts.storesOf(allowed)).map((s) => s.id) : [];
    const storeIds = storeFilter(input.store_ids, new Set(own), problems);
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
    const search = searchFilter(input.query, QUERY_MAX, problems);
    refuseFilters(problems);
    return {
      merchantIds,
      storeIds,
      statuses,
      products,
      from,
      to,
      amountMin,
      amountMax,
      search,
    };
  }

  const actorName = (accountId: string) => nameOf(accounts, accountId);

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
    const timeline = timelineOf(row, movements, dispute);
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

  return {
    deps,
    repository,
    disputes,
    accounts,
    clock,
    granted,
    readable,
    query,
    present,
    actorName,
    detail,
    own,
  };
}

export type PaymentContext = ReturnType<typeof paymentContext>;
