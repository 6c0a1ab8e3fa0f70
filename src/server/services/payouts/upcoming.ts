/**
 * What comes next: each store's planned payouts, and the last and next payout of the home.
 */
import { minorToDecimal } from '../../../domain/money';
import { addDays, feeRule } from '../../../domain/payouts';
import { nextPayoutDay } from '../../../domain/stores';
import type { PayoutSummary, UpcomingAnswer, UpcomingStore } from '../../../contract/payouts';
import { notFound } from '../../errors';
import { settlementStores } from './settlement';
import { type PayoutContext } from './context';

export function upcomingCalls(context: PayoutContext) {
  const { repository, accounts, today, settleDue, planned, readable, storeNames, amounts, present } = context;
  return {
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
  };
}
