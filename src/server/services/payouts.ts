/**
 * Payouts (shell spec §2.6 `finance/payouts`; capital spec §9; issue 35; docs/payouts.md): the completed payouts
 * with filters, totals and CSV, one payout's breakdown and lines (and their CSV, which sums to its net), what is
 * planned next per store, the home's tile, and the payouts one payment was paid in. Every read first runs the
 * provider's payout run through today (./payoutSettlement.ts: once a day per merchant, whichever instance).
 *
 * Scope: a caller sees the payouts of the merchants whose membership has `is_payouts_allowed` (isPayoutsAllowed,
 * shell spec §6); any other payout "does not exist" (404); a caller with none gets 403. Bad filters are 400 naming
 * the field.
 */
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { csvLine } from '../../domain/csv';
import { isDay } from '../../domain/days';
import { minorToDecimal } from '../../domain/money';
import {
  addDays,
  dayOf,
  feeRule,
  isPayoutStatus,
  PAYOUTS_PAGE_SIZE,
  payoutStatus,
  type Breakdown as BreakdownMinor,
} from '../../domain/payouts';
import { nextPayoutDay } from '../../domain/stores';
import { groupIban, maskIban } from '../../engine/core/iban';
import type {
  PaymentPayouts,
  Payout,
  PayoutAnswer,
  PayoutFilters,
  PayoutLine,
  PayoutsPage,
  PayoutsQuery,
  PayoutSummary,
  PayoutTotals,
  UpcomingAnswer,
  UpcomingStore,
} from '../../contract/payouts';
import type { Clock } from '../clock';
import { fieldError, notFound, refuseProblems, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { PaymentRepository } from '../repositories/payments';
import type { PayoutQuery, PayoutRepository, PayoutRow } from '../repositories/payouts';
import { valuesOf } from './listFilters';
import { createPayoutSettlement, settlementStores } from './payoutSettlement';
import { merchantsWhere, requireMerchants } from './memberships';
import { decodePageToken, encodePageToken } from './pageTokens';

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

export function createPayoutService(deps: {
  repository: PayoutRepository;
  payments: PaymentRepository;
  accounts: AccountRepository;
  clock: Clock;
}) {
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
    };
  }

  /** The filters checked, one problem a field. */
  async function query(input: PayoutFilters, allowed: string[]): Promise<PayoutQuery> {
    const problems: Record<string, FieldError> = {};
    const merchantIds = valuesOf(input.merchant_ids);
    const foreign = merchantIds.find((m) => !allowed.includes(m));
    if (foreign)
      problems['/merchant_ids'] = fieldError('validation:error.notYourMerchant', { value: foreign });
    const merchants = merchantIds.length > 0 ? merchantIds : allowed;
    const storeIds = valuesOf(input.store_ids);
    if (storeIds.length > 0) {
      const own = await storeNames(merchants);
      const strange = storeIds.find((s) => !own.has(s));
      if (strange) problems['/store_ids'] = fieldError('validation:error.notYourStore', { value: strange });
    }
    const statuses = valuesOf(input.statuses);
    const badStatus = statuses.find((s) => !isPayoutStatus(s));
    if (badStatus) problems['/statuses'] = fieldError('validation:error.enum', { value: badStatus });
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
    settleDue,

    async list(accountId: string, input: PayoutsQuery): Promise<PayoutsPage> {
      const filters = await query(input, await readable(accountId));
      const size = input.page_size ?? PAYOUTS_PAGE_SIZE;
      const cursor = input.page_token ? decodePageToken(input.page_token, 'instant') : undefined;
      const rows = await repository.list(
        filters,
        size + 1,
        cursor ? { day: String(cursor.value).slice(0, 10), id: cursor.id } : undefined,
      );
      const names = await storeNames(filters.merchantIds);
      const page = rows.slice(0, size);
      return {
        payouts: page.map((r) => present(r, names)),
        next_page_token: rows.length > size ? encodePageToken(page.at(-1)!.payoutDay, page.at(-1)!.id) : null,
      };
    },

    async totals(accountId: string, input: PayoutFilters): Promise<PayoutTotals> {
      const filters = await query(input, await readable(accountId));
      const rows = await repository.totals(filters);
      return {
        totals: rows.map((r) => ({
          currency: r.currency,
          count: Number(r.count),
          gross: minorToDecimal(Number(r.gross ?? 0), r.currency),
          deductions: minorToDecimal(Number(r.deductions ?? 0), r.currency),
          net: minorToDecimal(Number(r.net ?? 0), r.currency),
        })),
      };
    },

    /** The filtered payouts as CSV, newest first (every page). */
    async export(accountId: string, input: PayoutFilters): Promise<Readable> {
      const filters = await query(input, await readable(accountId));
      const names = await storeNames(filters.merchantIds);
      async function* lines() {
        yield csvLine(PAYOUT_EXPORT_COLUMNS);
        let cursor: { day: string; id: string } | undefined;
        for (;;) {
          const rows = await repository.list(filters, 1000, cursor);
          yield rows
            .map((r) => {
              const payout = present(r, names);
              return csvLine(PAYOUT_EXPORT_COLUMNS.map((c) => payout[c]));
            })
            .join('');
          if (rows.length < 1000) return;
          cursor = { day: rows.at(-1)!.payoutDay, id: rows.at(-1)!.id };
        }
      }
      return ReadableStream.from(lines());
    },

    async get(accountId: string, id: string): Promise<PayoutAnswer> {
      const { row, names } = await payoutOf(accountId, id);
      const lines = await linesOf(row);
      const money = (minor: number) => minorToDecimal(minor, row.currency);
      return {
        payout: {
          ...present(row, names),
          bank: row.iban
            ? { iban: groupIban(maskIban(row.iban.replace(/\s+/g, ''))), bank_name: row.bankName }
            : null,
          loan_id: row.loanId,
          lines: lines.map((l): PayoutLine => ({
            kind: l.kind,
            id: l.id,
            payment_id: l.paymentId,
            order_reference: l.orderReference,
            customer_name: l.customerName,
            product: l.product,
            at: l.at.toISOString(),
            amount: money(l.amount),
            commission: money(l.commission),
            ...(l.reason ? { reason: l.reason } : {}),
            net: money(l.net),
          })),
        },
      };
    },

    /**
     * A payout's transactions as CSV: its captures and refunds, then its fee and capital repayment as lines of
     * their own, so the `net` column sums to the payout's net (the reconciliation a bookkeeper does).
     */
    async transactions(accountId: string, id: string): Promise<{ csv: string; day: string }> {
      const { row } = await payoutOf(accountId, id);
      const money = (minor: number) => minorToDecimal(minor, row.currency);
      const rows = (await linesOf(row)).map((l) => [
        row.id,
        l.kind === 'refund' && l.reason === 'dispute' ? 'dispute' : l.kind,
        l.id,
        l.paymentId,
        l.orderReference,
        l.at.toISOString(),
        l.product,
        money(l.kind === 'refund' ? -l.amount : l.amount),
        money(-l.commission),
        money(l.net),
        row.currency,
      ]);
      const at = `${row.payoutDay}T00:00:00.000Z`;
      if (row.feeMinor > 0)
        rows.push([
          row.id,
          'payout_fee',
          `${row.id}-fee`,
          '',
          '',
          at,
          '',
          money(-row.feeMinor),
          money(0),
          money(-row.feeMinor),
          row.currency,
        ]);
      if (row.capitalMinor > 0)
        rows.push([
          row.id,
          'capital_repayment',
          `${row.id}-capital`,
          row.loanId ?? '',
          '',
          at,
          '',
          money(-row.capitalMinor),
          money(0),
          money(-row.capitalMinor),
          row.currency,
        ]);
      return { csv: csvLine(TRANSACTION_COLUMNS) + rows.map((r) => csvLine(r)).join(''), day: row.payoutDay };
    },

    /** What is planned for a merchant's stores over the next 31 days, from the money captured so far. */
    async upcoming(accountId: string, merchantId: string | undefined): Promise<UpcomingAnswer> {
      const allowed = await readable(accountId);
      const chosen = merchantId ?? allowed[0]!;
      if (!allowed.includes(chosen)) throw notFound();
      const versions = await settleDue([chosen]);
      const day = today();
      const {
        snapshot,
        result: { planned: plannedPayouts, loan },
      } = await planned(chosen, versions.get(chosen));
      const merchants = (await accounts.storesOf(allowed)).reduce(
        (list, s) =>
          list.some((m) => m.id === s.merchantId)
            ? list
            : [...list, { id: s.merchantId, name: s.merchantName }],
        [] as { id: string; name: string }[],
      );
      const stores = settlementStores(snapshot).map((store): UpcomingStore => {
        const own = plannedPayouts.filter((p) => p.store_id === store.id && p.day > day);
        const money = (minor: number) => minorToDecimal(minor, store.currency);
        const pending =
          snapshot.captures.filter((c) => c.store_id === store.id).reduce((sum, c) => sum + c.amount, 0) -
          snapshot.refunds.filter((r) => r.store_id === store.id).reduce((sum, r) => sum + r.amount, 0);
        const inPlan = own.reduce(
          (sum, p) => sum + p.breakdown.gross - p.breakdown.refunds - p.breakdown.disputes,
          0,
        );
        const rule = feeRule(store.currency);
        return {
          store_id: store.id,
          store_name: snapshot.stores.find((s) => s.id === store.id)!.name,
          currency: store.currency,
          schedules: store.schedules.map((s) => ({
            product: s.product,
            frequency: s.frequency,
            ...(s.weekday !== undefined ? { weekday: s.weekday } : {}),
            ...(s.day_of_month !== undefined ? { day_of_month: s.day_of_month } : {}),
            delay_days: s.delay_days,
            minimum: money(s.minimum_minor),
            next_payout_day: nextPayoutDay(s, addDays(day, 1)),
          })),
          planned: own.map((p) => ({
            day: p.day,
            ...amounts(p.breakdown, store.currency),
            capture_count: p.captures.length,
            refund_count: p.refunds.length,
          })),
          waiting: money(pending - inPlan),
          fee_rule: {
            threshold: money(rule.threshold_minor),
            below: money(rule.below_minor),
            above: money(rule.above_minor),
          },
        };
      });
      return {
        merchant_id: chosen,
        merchants,
        stores,
        loan: loan
          ? {
              id: loan.id,
              rate_percent: loan.rate_percent,
              currency: loan.currency,
              outstanding: minorToDecimal(loan.outstanding, loan.currency),
            }
          : null,
      };
    },

    /** The home's tile: the last payout sent, and the soonest planned one. */
    async summary(accountId: string): Promise<PayoutSummary> {
      const allowed = await readable(accountId);
      const versions = await settleDue(allowed);
      const names = await storeNames(allowed);
      const [last] = await repository.list({ merchantIds: allowed }, 1);
      const day = today();
      let next: PayoutSummary['next'] = null;
      for (const merchantId of allowed) {
        const { result } = await planned(merchantId, versions.get(merchantId));
        const soonest = result.planned.filter((p) => p.day > day).sort((a, b) => (a.day < b.day ? -1 : 1))[0];
        if (soonest && (!next || soonest.day < next.day))
          next = {
            day: soonest.day,
            currency: soonest.currency,
            net: minorToDecimal(soonest.breakdown.net, soonest.currency),
            store_name: names.get(soonest.store_id) ?? soonest.store_id,
          };
      }
      return { last: last ? present(last, names) : null, next };
    },

    /** The payouts a payment of the caller's was paid in (its orders' readers who may see payouts). */
    async ofPayment(accountId: string, paymentId: string): Promise<PaymentPayouts> {
      const allowed = await readable(accountId);
      const viewers = await merchantsWhere(accounts, accountId, 'is_order_view_allowed');
      const payment = await payments.get(
        paymentId,
        allowed.filter((m) => viewers.includes(m)),
      );
      if (!payment) throw notFound();
      await settleDue([payment.merchantId]);
      const { rows, captures, refunds } = await repository.ofPayment(paymentId);
      const names = await storeNames([payment.merchantId]);
      const currency = payment.currency;
      const money = (minor: number) => minorToDecimal(minor, currency);
      let paidOut = 0;
      const list = rows.map((row) => {
        const c = captures.find((x) => x.payoutId === row.id);
        const r = refunds.find((x) => x.payoutId === row.id);
        const captured = Number(c?.amount ?? 0);
        const commission = Number(c?.commission ?? 0);
        const refunded = Number(r?.amount ?? 0);
        paidOut += captured - refunded;
        return {
          ...present(row, names),
          of_payment: {
            captured: money(captured),
            commission: money(commission),
            refunded: money(refunded),
            net: money(captured - commission - refunded),
          },
        };
      });
      return {
        payouts: list,
        currency,
        waiting: money(payment.capturedMinor - payment.refundedMinor - paidOut),
      };
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
