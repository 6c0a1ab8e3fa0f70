/**
 * What every room of payouts shares (index.ts lists the rooms): its dependencies, who may read which merchants'
 * payouts, the filters checked, a payout and its lines found and shown.
 */
import { isDay } from '../../../domain/days';
import { minorToDecimal } from '../../../domain/money';
import {
  dayOf,
  isPayoutStatus,
  payoutStatus,
  type Breakdown as BreakdownMinor,
} from '../../../domain/payouts';
import type { Payout, PayoutFilters } from '../../../contract/payouts';
import type { Clock } from '../../clock';
import { fieldError, notFound, refuseProblems, type FieldError } from '../../errors';
import type { AccountRepository } from '../../repositories/account';
import type { PaymentRepository } from '../../repositories/payments';
import type { PayoutQuery, PayoutRepository, PayoutRow } from '../../repositories/payouts';
import { enumFilter, merchantFilter, storeFilter, valuesOf } from '../listFilters';
import { createPayoutSettlement } from './settlement';
import { requireMerchants } from '../memberships';

export const PAYOUT_EXPORT_COLUMNS = [
  'id',
  'day',
  'status',
  'store_id',
  'store_name',
  'currency',
  'gross',
  'refunds',
  'disputes',
  'commissions',
  'fee',
  'capital',
  'net',
  'capture_count',
  'refund_count',
] as const;

export const TRANSACTION_COLUMNS = [
  'payout_id',
  'type',
  'id',
  'payment_id',
  'order_reference',
  'at',
  'product',
  'amount',
  'commission',
  'net',
  'currency',
] as const;

export interface PayoutDeps {
  repository: PayoutRepository;
  payments: PaymentRepository;
  accounts: AccountRepository;
  clock: Clock;
}

export function payoutContext(deps: PayoutDeps) {
  const { repository, payments, accounts, clock } = deps;
  const today = () => dayOf(clock.now());
  const { settleDue, planned } = createPayoutSettlement({ repository, clock });

  /** The merchants a caller may read payouts of (403 without any). */
  const readable = (accountId: string) => requireMerchants(accounts, accountId, 'is_payouts_allowed');

  async function storeNames(merchantIds: string[]) {
    return new Map((await accounts.storesOf(merchantIds)).map((s) => [s.id, s.name]));
  }

  const amounts = (b: BreakdownMinor, currency: string) => ({
    gross: minorToDecimal(b.gross, currency),
    refunds: minorToDecimal(b.refunds, currency),
    disputes: minorToDecimal(b.disputes, currency),
    commissions: minorToDecimal(b.commissions, currency),
    fee: minorToDecimal(b.fee, currency),
    capital: minorToDecimal(b.capital, currency),
    net: minorToDecimal(b.net, currency),
  });

  const breakdownOf = (row: PayoutRow): BreakdownMinor => ({
    gross: row.grossMinor,
    refunds: row.refundsMinor,
    disputes: row.disputesMinor,
    commissions: row.commissionsMinor,
    fee: row.feeMinor,
    capital: row.capitalMinor,
    net: row.netMinor,
  });

  function present(row: PayoutRow, names: Map<string, string>): Payout {
    return {
      id: row.id,
      merchant_id: row.merchantId,
      store_id: row.storeId,
      store_name: names.get(row.storeId) ?? row.storeId,
      day: row.payoutDay,
      status: payoutStatus(row.payoutDay, today()),
      currency: row.currency,
      ...amounts(breakdownOf(row), row.currency),
      capture_count: row.captureCount,
      refund_count: row.refundCount,
      destination: row.destination === 'wallet' ? 'wallet' : 'bank',
      kind: row.kind === 'capital_disbursement' ? 'capital_disbursement' : 'settlement',
    };
  }

  /** The filters checked, one problem a field. */
  async function query(input: PayoutFilters, allowed: string[]): Promise<PayoutQuery> {
    const problems: Record<string, FieldError> = {};
    const merchants = merchantFilter(input.merchant_ids, allowed, problems);
    const own = valuesOf(input.store_ids).length > 0 ? await storeNames(merchants) : new Map();
    const storeIds = storeFilter(input.store_ids, own, problems);
    const statuses = enumFilter(input.statuses, 'statuses', isPayoutStatus, problems);
    for (const field of ['day_gte', 'day_lte'] as const)
      if (input[field] && !isDay(input[field]!))
        problems[`/${field}`] = fieldError('validation:error.format.date');
    if (
      input.day_gte &&
      input.day_lte &&
      !problems['/day_gte'] &&
      !problems['/day_lte'] &&
      input.day_gte > input.day_lte
    )
      problems['/day_lte'] = fieldError('validation:error.dateOrder');
    refuseProblems(problems);
    await settleDue(merchants);
    return {
      merchantIds: merchants,
      storeIds: storeIds.length > 0 ? storeIds : undefined,
      from: input.day_gte || undefined,
      to: input.day_lte || undefined,
      statuses:
        statuses.length > 0
          ? {
              paidBefore: today(),
              paid: statuses.includes('paid'),
              in_transit: statuses.includes('in_transit'),
            }
          : undefined,
    };
  }

  /** A payout of the caller's (404 for any other), settled first. */
  async function payoutOf(accountId: string, id: string) {
    const allowed = await readable(accountId);
    await settleDue(allowed);
    const row = await repository.get(id, allowed);
    if (!row) throw notFound();
    return { row, names: await storeNames([row.merchantId]) };
  }

  /** A payout's lines, each with what it adds to the payout (minor units). */
  async function linesOf(row: PayoutRow) {
    const { captures, refunds } = await repository.lines(row.id);
    const lines = [
      ...captures.map((c) => ({
        kind: 'capture' as const,
        id: c.id,
        paymentId: c.paymentId,
        orderReference: c.orderReference,
        customerName: c.customerName,
        product: c.product,
        at: c.at,
        amount: c.amount,
        commission: c.commission ?? 0,
        reason: undefined as string | undefined,
        net: c.amount - (c.commission ?? 0),
      })),
      ...refunds.map((r) => ({
        kind: 'refund' as const,
        id: r.id,
        paymentId: r.paymentId,
        orderReference: r.orderReference,
        customerName: r.customerName,
        product: r.product,
        at: r.at,
        amount: r.amount,
        commission: 0,
        reason: r.reason as string | undefined,
        net: -r.amount,
      })),
    ];
    return lines.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
  }

  return {
    deps,
    repository,
    payments,
    accounts,
    clock,
    today,
    settleDue,
    planned,
    readable,
    storeNames,
    amounts,
    breakdownOf,
    present,
    query,
    payoutOf,
    linesOf,
  };
}

export type PayoutContext = ReturnType<typeof payoutContext>;
