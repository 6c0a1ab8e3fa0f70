/**
 * Payouts (shell spec §2.3, §2.6 `finance/payouts`; capital spec §9; issue 35; docs/payouts.md): how a store's
 * captured orders become money in the merchant's bank account. Pure: the server settles with it and the tests
 * read it as a table. All amounts are integers in the currency's minor units.
 *
 * The rules, in the spec's words where it has them (the rest is docs/payouts.md's decision):
 * - A payout is one store's money on one of its **payout days**: each product's schedule says which (daily, a
 *   weekday — the fixed cycle is weekly on Monday —, or a day of the month) and how many days after its capture
 *   an order's money may be paid (`delay_days`). A refund is taken from the next payout after it, whenever the
 *   order was paid out.
 * - What it holds: the captures (**gross**), less the **refunds**, less the refunds of lost **disputes**, less the
 *   provider's **commissions** (each product's rate of a capture, and its fixed fee on the order's first
 *   capture), less the **payout fee** ("settlements under AED 2500 carry a fee of AED 25; above AED 2500 a fee of
 *   AED 6"), less the **capital repayment** a running sales-share advance takes ("22 percent of weekly sales
 *   payout is deducted").
 * - The **flexible cycle** ("held until a threshold, with a payout fee"): a product's money is held while it is
 *   under its schedule's `minimum_minor`; and nothing is paid while what there is would not cover the fee. What is
 *   held waits for the next payout day: nothing is lost, nothing is paid twice.
 */
import { currencyDecimals } from './money';
import { paysOn, type PayoutSchedule } from './stores';
import { isOneOf } from './oneOf';

const DAY_MS = 86_400_000;

/** A day (yyyy-mm-dd, UTC) plus some days. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The UTC day of an instant. */
export const dayOf = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

/** The schedule's payout days from `from` to `to`, both included, in order. */
export function payoutDays(
  schedule: Pick<PayoutSchedule, 'frequency' | 'weekday' | 'day_of_month'>,
  from: string,
  to: string,
): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (paysOn(schedule, day)) days.push(day);
  return days;
}

/**
 * The payout fee's rule per currency: the spec gives it in AED (under 2,500 a fee of 25, from 2,500 a fee of 6);
 * the other Gulf currencies use round figures of about the same worth (docs/payouts.md), in major units.
 */
const FEE_RULES: Record<string, { threshold: number; below: number; above: number }> = {
  AED: { threshold: 2500, below: 25, above: 6 },
  SAR: { threshold: 2500, below: 25, above: 6 },
  QAR: { threshold: 2500, below: 25, above: 6 },
  BHD: { threshold: 250, below: 2.5, above: 0.6 },
  OMR: { threshold: 250, below: 2.5, above: 0.6 },
  KWD: { threshold: 200, below: 2, above: 0.5 },
  EGP: { threshold: 25000, below: 250, above: 60 },
};

export interface FeeRule {
  currency: string;
  /** Under this a payout carries `below`; from it on, `above` (minor units). */
  threshold_minor: number;
  below_minor: number;
  above_minor: number;
}

export function feeRule(currency: string): FeeRule {
  const rule = FEE_RULES[currency] ?? FEE_RULES.AED!;
  const scale = 10 ** currencyDecimals(currency);
  return {
    currency,
    threshold_minor: Math.round(rule.threshold * scale),
    below_minor: Math.round(rule.below * scale),
    above_minor: Math.round(rule.above * scale),
  };
}

/** The fee of a payout of `amount` (what it holds before the fee). */
export function payoutFee(currency: string, amount: number): number {
  const rule = feeRule(currency);
  return amount < rule.threshold_minor ? rule.below_minor : rule.above_minor;
}

/** The provider's commission on one capture: its rate of the amount, and the fixed fee on the order's first. */
export function commissionOf(
  amount: number,
  terms: { rate_percent: number; fixed_fee_minor: number } | undefined,
  firstCapture: boolean,
): number {
  if (!terms) return 0;
  return Math.round((amount * terms.rate_percent) / 100) + (firstCapture ? terms.fixed_fee_minor : 0);
}

/** A sales-share advance's weekly repayment: its rate of the payout before it, never more than is owed. */
export function capitalDeduction(beforeCapital: number, ratePercent: number, outstanding: number): number {
  if (beforeCapital <= 0 || outstanding <= 0) return 0;
  return Math.min(Math.round((beforeCapital * ratePercent) / 100), outstanding);
}

/** What a payout is made of (minor units); `net` is what reaches the bank. */
export interface Breakdown {
  gross: number;
  refunds: number;
  disputes: number;
  commissions: number;
  fee: number;
  capital: number;
  net: number;
}

/** One line of a payout: a capture (positive) or a refund (negative), with the commission a capture bears. */
export interface PayoutLine {
  kind: 'capture' | 'refund';
  amount: number;
  commission: number;
  /** A refund's reason; `dispute` is a lost dispute. */
  reason?: string;
}

/** What the lines come to before the fee and capital: gross less refunds, disputes and commissions. */
export function beforeFee(lines: readonly PayoutLine[]): Omit<Breakdown, 'fee' | 'capital' | 'net'> & {
  amount: number;
} {
  let gross = 0;
  let refunds = 0;
  let disputes = 0;
  let commissions = 0;
  for (const line of lines) {
    if (line.kind === 'capture') {
      gross += line.amount;
      commissions += line.commission;
    } else if (line.reason === 'dispute') disputes += line.amount;
    else refunds += line.amount;
  }
  return { gross, refunds, disputes, commissions, amount: gross - refunds - disputes - commissions };
}

/**
 * A payout's breakdown from its lines, or null when it is held (nothing to pay once the fee is taken): the fee by
 * the amount before it, then the capital repayment of what is left (`capital` gives rate and what is owed).
 */
export function breakdown(
  currency: string,
  lines: readonly PayoutLine[],
  capital?: { rate_percent: number; outstanding: number } | { fixed: number },
): Breakdown | null {
  const sums = beforeFee(lines);
  const fee = payoutFee(currency, sums.amount);
  const afterFee = sums.amount - fee;
  if (afterFee <= 0) return null;
  const deduction = !capital
    ? 0
    : 'fixed' in capital
      ? Math.min(capital.fixed, afterFee)
      : capitalDeduction(afterFee, capital.rate_percent, capital.outstanding);
  const { amount: _amount, ...rest } = sums;
  return { ...rest, fee, capital: deduction, net: afterFee - deduction };
}

export const PAYOUT_STATUSES = ['in_transit', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const isPayoutStatus = isOneOf(PAYOUT_STATUSES);

/** A payout is sent on its day and in the bank the day after (docs/payouts.md). */
export const payoutStatus = (day: string, today: string): PayoutStatus =>
  day < today ? 'paid' : 'in_transit';

/** Lists: 20 a page (spec §9), at most 100. */
export const PAYOUTS_PAGE_SIZE = 20;
export const PAYOUTS_PAGE_SIZE_MAX = 100;

/** A capture waiting for its payout. `day` is the day it was captured. */
export interface PendingCapture {
  id: string;
  store_id: string;
  product: string;
  amount: number;
  day: string;
  /** The order's first capture (it bears the product's fixed fee). */
  first: boolean;
}

/** A refund waiting to be taken from a payout. `day` is the day it was made. */
export interface PendingRefund {
  id: string;
  store_id: string;
  product: string;
  amount: number;
  reason: string;
  day: string;
}

export interface SettlementStore {
  id: string;
  currency: string;
  schedules: readonly PayoutSchedule[];
  commissions: readonly { product: string; rate_percent: number; fixed_fee_minor: number }[];
}

/** A running sales-share advance (direct-debit advances are repaid by their debit, not from payouts). */
export interface SettlementLoan {
  id: string;
  rate_percent: number;
  /** What is still owed, minor units. */
  outstanding: number;
  /** The day it was taken out: payouts before it repay nothing. */
  since: string;
  /** The repayments it has recorded (minor units), any order. */
  repayments: readonly { date: string; amount: number }[];
  /** The loan's next repayment date (capital spec §3), when it has one: its next repayment is not taken before. */
  next_due?: string | null;
}

export interface PlannedPayout {
  store_id: string;
  day: string;
  currency: string;
  breakdown: Breakdown;
  captures: { id: string; commission: number }[];
  refunds: string[];
  /** The advance the repayment went to; `recorded` when it is a repayment the loan already holds. */
  loan: { id: string; recorded: boolean } | null;
}

/**
 * Settles the payout days up to `through` (included), oldest first: on each of a store's payout days, the
 * products that pay that day bring their captures whose delay has passed and their refunds made by then; a
 * product whose money is under its schedule's minimum is held (one that owes — refunds over captures — always
 * comes, so a refund is never left untaken); the payout is made when anything is left after the fee. Held money
 * waits for the next payout day.
 *
 * A running advance takes one repayment a week (by the rule `capitalDeduction`), from the first payout on or after its
 * next repayment date (the loan's, else a week after its last repayment), the next a week after that; a payout day on or before the loan's last recorded repayment shows the repayment
 * recorded in the seven days up to it (history the provider already took), once.
 */
export function planSettlement(input: {
  through: string;
  stores: readonly SettlementStore[];
  captures: readonly PendingCapture[];
  refunds: readonly PendingRefund[];
  loan?: SettlementLoan | null;
}): PlannedPayout[] {
  const storeById = new Map(input.stores.map((s) => [s.id, s]));
  const open = {
    captures: new Set(input.captures.map((c) => c.id)),
    refunds: new Set(input.refunds.map((r) => r.id)),
  };
  // Each store's and product's waiting money, so a payout day reads only its own.
  const capturesBy = groupBy(input.captures, (c) => `${c.store_id}|${c.product}`);
  const refundsBy = groupBy(input.refunds, (r) => `${r.store_id}|${r.product}`);
  const scheduleOf = (storeId: string, product: string) =>
    storeById.get(storeId)?.schedules.find((s) => s.product === product);

  // Every store's payout days from its earliest waiting money to `through`.
  const slots: { day: string; store: SettlementStore }[] = [];
  for (const store of input.stores) {
    const earliest = [
      ...input.captures
        .filter((c) => c.store_id === store.id)
        .map((c) => addDays(c.day, scheduleOf(store.id, c.product)?.delay_days ?? 0)),
      ...input.refunds.filter((r) => r.store_id === store.id).map((r) => r.day),
    ].sort()[0];
    if (!earliest || earliest > input.through) continue;
    for (let day = earliest; day <= input.through; day = addDays(day, 1))
      if (store.schedules.some((s) => paysOn(s, day))) slots.push({ day, store });
  }
  slots.sort((a, b) => (a.day === b.day ? (a.store.id < b.store.id ? -1 : 1) : a.day < b.day ? -1 : 1));

  const loan = input.loan ? { ...input.loan } : null;
  const recorded = [...(loan?.repayments ?? [])].sort((a, b) => (a.date < b.date ? -1 : 1));
  const lastRecorded = recorded.at(-1)?.date ?? null;
  // The next repayment is due on the loan's next repayment date, else a week after its last one (or from its
  // start); once one is taken here, a week after that.
  let due = loan?.next_due ?? (lastRecorded ? addDays(lastRecorded, 7) : (loan?.since ?? ''));
  const matched = new Set<number>();

  const planned: PlannedPayout[] = [];
  for (const { day, store } of slots) {
    const lines: PayoutLine[] = [];
    const captureIds: { id: string; commission: number }[] = [];
    const refundIds: string[] = [];
    for (const schedule of store.schedules) {
      if (!paysOn(schedule, day)) continue;
      const terms = store.commissions.find((c) => c.product === schedule.product);
      const key = `${store.id}|${schedule.product}`;
      const due = addDays(day, -schedule.delay_days);
      const captures = (capturesBy.get(key) ?? []).filter((c) => open.captures.has(c.id) && c.day <= due);
      const refunds = (refundsBy.get(key) ?? []).filter((r) => open.refunds.has(r.id) && r.day <= day);
      const own: PayoutLine[] = [
        ...captures.map((c) => ({
          kind: 'capture' as const,
          amount: c.amount,
          commission: commissionOf(c.amount, terms, c.first),
        })),
        ...refunds.map((r) => ({
          kind: 'refund' as const,
          amount: r.amount,
          commission: 0,
          reason: r.reason,
        })),
      ];
      if (own.length === 0) continue;
      const net = beforeFee(own).amount;
      if (net >= 0 && net < schedule.minimum_minor) continue;
      lines.push(...own);
      captures.forEach((c, i) => captureIds.push({ id: c.id, commission: own[i]!.commission }));
      refundIds.push(...refunds.map((r) => r.id));
    }
    if (lines.length === 0) continue;

    let capital: Parameters<typeof breakdown>[2];
    let loanLink: PlannedPayout['loan'] = null;
    if (loan && day >= loan.since) {
      if (lastRecorded && day <= lastRecorded) {
        const index = recorded.findIndex(
          (r, i) => !matched.has(i) && r.date > addDays(day, -7) && r.date <= day,
        );
        if (index >= 0) {
          matched.add(index);
          capital = { fixed: recorded[index]!.amount };
          loanLink = { id: loan.id, recorded: true };
        }
      } else if (loan.outstanding > 0 && day >= due) {
        capital = { rate_percent: loan.rate_percent, outstanding: loan.outstanding };
        loanLink = { id: loan.id, recorded: false };
      }
    }
    const result = breakdown(store.currency, lines, capital);
    if (!result) continue;
    if (loanLink && !loanLink.recorded) {
      if (result.capital > 0) {
        loan!.outstanding -= result.capital;
        due = addDays(day, 7);
      } else loanLink = null;
    }
    captureIds.forEach((c) => open.captures.delete(c.id));
    refundIds.forEach((id) => open.refunds.delete(id));
    for (const schedule of store.schedules) {
      const key = `${store.id}|${schedule.product}`;
      const captures = capturesBy.get(key);
      if (captures)
        capturesBy.set(
          key,
          captures.filter((c) => open.captures.has(c.id)),
        );
      const refunds = refundsBy.get(key);
      if (refunds)
        refundsBy.set(
          key,
          refunds.filter((r) => open.refunds.has(r.id)),
        );
    }
    planned.push({
      store_id: store.id,
      day,
      currency: store.currency,
      breakdown: result,
      captures: captureIds,
      refunds: refundIds,
      loan: loanLink,
    });
  }
  return planned;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
