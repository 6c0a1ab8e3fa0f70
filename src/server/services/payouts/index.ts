/**
 * Payouts (shell spec §2.6 `finance/payouts`; capital spec §9; issue 35; docs/payouts.md): the completed payouts
 * with filters, totals and CSV, one payout's breakdown and lines (and their CSV, which sums to its net), what is
 * planned next per store, the home's tile, and the payouts one payment was paid in. Every read first runs the
 * provider's payout run through today (settlement.ts: once a day per merchant, whichever instance).
 *
 * Scope: a caller sees the payouts of the merchants whose membership has `is_payouts_allowed` (isPayoutsAllowed,
 * shell spec §6); any other payout "does not exist" (404); a caller with none gets 403. Bad filters are 400 naming
 * the field.
 *
 * A wing of rooms over one context (context.ts: the dependencies, the scope, the filters, a payout shown):
 *
 * | Room | Holds |
 * | --- | --- |
 * | list.ts | the list, its totals and CSV; the payout run on demand (`settleDue`) |
 * | detail.ts | one payout, its transactions' CSV, the payouts of one order |
 * | upcoming.ts | the planned payouts per store, the home's last and next payout |
 * | settlement.ts | the provider's payout run (once a day per merchant, whichever instance) |
 */
import { listCalls } from './list';
import { detailCalls } from './detail';
import { upcomingCalls } from './upcoming';
import { payoutContext, type PayoutDeps } from './context';

export * from './context';

export function createPayoutService(deps: PayoutDeps) {
  const context = payoutContext(deps);
  return {
    ...listCalls(context),
    ...detailCalls(context),
    ...upcomingCalls(context),
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
