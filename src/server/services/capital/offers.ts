/** Capital offers and the live quote (capital spec §2 Offer page, §3 Offer, §7). */
import { quote } from '../../../domain/capital/quote';
import { notFound } from '../../errors';
import type { CapitalContext } from './context';
import { invalid, offerView, termErrors, type CapitalScope } from './model';

export function offerCalls({ repo, offerOf }: CapitalContext) {
  return {
    async offers(who: CapitalScope, filter: { merchantId?: string; storeId?: string }) {
      const { merchantIds } = who;
      if (filter.merchantId && !merchantIds.includes(filter.merchantId)) throw notFound('merchant not found');
      const [offers, applications, loans] = await Promise.all([
        repo.offers(merchantIds, filter),
        repo.applications(merchantIds),
        repo.loans(merchantIds),
      ]);
      // An offer whose advance was taken (its application's contract signed, the loan made) is offered no more.
      const withLoan = new Set(loans.map((l) => l.applicationId));
      const taken = new Set(applications.filter((a) => withLoan.has(a.id)).map((a) => a.offerId));
      return { items: offers.filter((o) => !taken.has(o.id)).map(offerView) };
    },

    /** The quote of an amount and tenor on an offer (§2 "calculated live"): both required and within limits. */
    async calculate(who: CapitalScope, offerId: string, body: { amount?: unknown; tenor?: unknown }) {
      const offer = offerView(await offerOf(who.merchantIds, offerId));
      const errors = termErrors(body, offer, true);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const q = quote({
        amount: body.amount as number,
        tenor: body.tenor as number,
        currency: offer.currency,
        weeklyFeePercent: offer.weekly_fee_percent,
      });
      return { ...q, currency: offer.currency };
    },
  };
}
