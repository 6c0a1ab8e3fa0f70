/**
 * The provider's payout run (services/payouts/; docs/payouts.md): what waits for each merchant — captures,
 * refunds, the running sales-share advance — planned into payouts by src/domain/payouts.ts planSettlement and
 * written by the repository in one transaction, once a day per merchant (the first read of the day, under the
 * merchant's run row's lock, whichever instance serves it); and the plan of the next payouts that the upcoming page
 * and the home's tile show, kept while the merchant's money has not moved.
 */
import { randomUUID } from 'node:crypto';
import { currencyDecimals } from '../../../domain/money';
import {
  addDays,
  dayOf,
  planSettlement,
  type SettlementLoan,
  type SettlementStore,
} from '../../../domain/payouts';
import { currencyOfCountry, type PayoutSchedule } from '../../../domain/stores';
import type { Clock } from '../../clock';
import type {
  LoanRow,
  PayoutRepository,
  SettlementSnapshot,
  SettlementWrite,
} from '../../repositories/payouts';

/** Loans whose weekly repayment comes out of the payouts (capital spec §3: sales-share; direct debit is not). */
const RUNNING = new Set(['paying', 'overdue']);
/** How far ahead the upcoming page plans. */
const PLAN_DAYS = 31;

const major = (minor: number, currency: string) => minor / 10 ** currencyDecimals(currency);
const minorOf = (amount: unknown, currency: string) =>
  Math.round(Number(amount ?? 0) * 10 ** currencyDecimals(currency));

/** The running sales-share advance of a merchant, in the planner's terms (minor units of its currency). */
function runningLoan(loans: LoanRow[]): (SettlementLoan & { currency: string; row: LoanRow }) | null {
  for (const row of loans) {
    const d = row.data;
    const tags = Array.isArray(d.tags) ? (d.tags as string[]) : [];
    if (!RUNNING.has(row.status) || tags.includes('direct_debit') || d.direct_debit) continue;
    const currency = typeof d.currency === 'string' ? d.currency : 'AED';
    const repayments = Array.isArray(d.repayments) ? (d.repayments as Record<string, unknown>[]) : [];
    return {
      id: row.id,
      row,
      currency,
      rate_percent: Number(d.repayment_rate ?? 22),
      outstanding: Math.max(0, minorOf(d.amount_vat, currency) - minorOf(d.paid_amount, currency)),
      since: typeof d.applied_at === 'string' ? d.applied_at.slice(0, 10) : dayOf(row.createdAt),
      next_due: typeof d.next_repayment_date === 'string' ? d.next_repayment_date.slice(0, 10) : null,
      repayments: repayments
        .filter((r) => r.repayment_type !== 'early_pay_off')
        .map((r) => ({ date: String(r.date).slice(0, 10), amount: minorOf(r.amount, currency) })),
    };
  }
  return null;
}

/** The planner's view of a merchant's stores (their JSON as the stores API writes it). */
export const settlementStores = (snapshot: SettlementSnapshot): SettlementStore[] =>
  snapshot.stores.map((s) => ({
    id: s.id,
    currency: currencyOfCountry(s.country),
    schedules: s.payoutSchedules as unknown as PayoutSchedule[],
    commissions: s.commissions as unknown as SettlementStore['commissions'],
  }));

export function createPayoutSettlement(deps: { repository: PayoutRepository; clock: Clock }) {
  const { repository, clock } = deps;
  const today = () => dayOf(clock.now());

  /**
   * Plans a merchant's settlement through `through` from what waits: the stores of the running advance's currency
   * with the advance (it is repaid from those), the others without.
   */
  function plan(snapshot: SettlementSnapshot, through: string) {
    const stores = settlementStores(snapshot);
    const loan = runningLoan(snapshot.loans);
    const repaying = (storeId: string) =>
      loan !== null && stores.find((s) => s.id === storeId)?.currency === loan.currency;
    const part = (withLoan: boolean) =>
      planSettlement({
        through,
        stores: stores.filter((s) => repaying(s.id) === withLoan),
        captures: snapshot.captures.filter((c) => repaying(c.store_id) === withLoan),
        refunds: snapshot.refunds.filter((r) => repaying(r.store_id) === withLoan),
        loan: withLoan ? loan : null,
      });
    return { planned: loan ? [...part(false), ...part(true)] : part(false), loan };
  }

  /** The provider's payout run for these merchants through today (each once a day; see the module's note). */
  async function settleDue(merchantIds: string[]): Promise<Map<string, number>> {
    const day = today();
    const runs = await repository.runs(merchantIds);
    const due = merchantIds.filter((m) => (runs.get(m)?.settledThrough ?? '') < day);
    for (const merchantId of due) {
      await repository.settle(merchantId, day, (snapshot): SettlementWrite => {
        const { planned, loan } = plan(snapshot, day);
        const withIds = planned.map((p) => ({
          ...p,
          id: `po-${p.day.replace(/-/g, '')}-${randomUUID().slice(0, 8)}`,
        }));
        const loans: SettlementWrite['loans'] = [];
        if (loan) {
          const taken = withIds.filter((p) => p.loan && !p.loan.recorded && p.breakdown.capital > 0);
          if (taken.length > 0) {
            const d = loan.row.data;
            const repayments = Array.isArray(d.repayments) ? [...(d.repayments as unknown[])] : [];
            let paid = minorOf(d.paid_amount, loan.currency);
            for (const p of taken) {
              paid += p.breakdown.capital;
              repayments.push({
                id: `${loan.id}-${p.id}`,
                repayment_type: 'weekly',
                date: p.day,
                amount: major(p.breakdown.capital, loan.currency),
                payment_amount: major(p.breakdown.capital + p.breakdown.net, loan.currency),
                payout_id: p.id,
              });
            }
            loans.push({
              id: loan.id,
              data: {
                ...d,
                repayments,
                paid_amount: major(paid, loan.currency),
                // The next is a week after the last taken (the capital pages' "next repayment").
                next_repayment_date: addDays(taken.at(-1)!.day, 7),
              },
            });
          }
        }
        return { payouts: withIds, loans };
      });
    }
    const current = due.length > 0 ? await repository.runs(merchantIds) : runs;
    return new Map([...current].map(([m, run]) => [m, run.version]));
  }

  /**
   * A merchant's next payouts (the next 31 days) as planned from what waits: kept while its money's version holds
   * (every capture, refund and settlement moves it, in the database, so an instance never serves a plan another
   * instance's capture made stale), at most 1,000 merchants' (the oldest kept leaves first).
   */
  const plans = new Map<
    string,
    { day: string; version: number; result: ReturnType<typeof plan>; snapshot: SettlementSnapshot }
  >();
  async function planned(merchantId: string, version: number | undefined) {
    const day = today();
    const kept = plans.get(merchantId);
    if (kept && version !== undefined && kept.day === day && kept.version === version) return kept;
    const snapshot = await repository.snapshot(merchantId);
    const fresh = { day, version: version ?? -1, result: plan(snapshot, addDays(day, PLAN_DAYS)), snapshot };
    plans.delete(merchantId);
    plans.set(merchantId, fresh);
    if (plans.size > 1000) plans.delete(plans.keys().next().value!);
    return fresh;
  }

  return { settleDue, planned };
}

export type PayoutSettlement = ReturnType<typeof createPayoutSettlement>;
