/**
 * Offers (capital spec §1, §2, §5, §9): which one is best, the selector's order, the banner's headline, and the
 * amount and tenor a merchant may ask for.
 */
import type { Offer } from './types';

/** Offer limits (§5, §9). */
export const OFFER_LIMITS = {
  amount: { min: 10_000, max: 1_000_000, step: 1_000, default: 100_000 },
  tenor: { min: 4, max: 28, step: 4, default: 20 },
} as const;

/**
 * The most a merchant may ask for on an offer: its own amount, within the limits (§5, §9). The server refuses
 * more and the customisation's input and slider stop there.
 */
export const maxAmountFor = (offer: Pick<Offer, 'amount'>): number =>
  Math.min(OFFER_LIMITS.amount.max, Math.max(OFFER_LIMITS.amount.min, offer.amount));

const hasTag = (offer: Offer, tag: string) => offer.tags.includes(tag);

/** The offers with the highest amount, in their order. */
const highest = (offers: readonly Offer[]) => {
  const top = Math.max(...offers.map((o) => o.amount));
  return offers.filter((o) => o.amount === top);
};

/**
 * The best offer (§9): the full_revenue_flow offer with the highest amount; otherwise, of the other offers, those
 * with the highest amount, an early_payoff one preferred, else the longest tenor. Ties left after that go to the
 * first in the list.
 * @returns - null when there are no offers
 */
export function bestOffer(offers: readonly Offer[]): Offer | null {
  if (offers.length === 0) return null;
  const fullRevenue = offers.filter((o) => hasTag(o, 'full_revenue_flow'));
  if (fullRevenue.length > 0) return highest(fullRevenue)[0]!;
  const top = highest(offers);
  const earlyPayoff = top.find((o) => hasTag(o, 'early_payoff'));
  if (earlyPayoff) return earlyPayoff;
  return top.reduce((longest, o) => (o.tenor > longest.tenor ? o : longest), top[0]!);
}

/** The offer selector (§2): amount descending, then tenor descending; the first is marked best. */
export function selectorOptions(offers: readonly Offer[]): { offer: Offer; best: boolean }[] {
  return [...offers]
    .sort((a, b) => b.amount - a.amount || b.tenor - a.tenor)
    .map((offer, i) => ({ offer, best: i === 0 }));
}

/**
 * The offer banner's "up to" amount: what this merchant can take on the offer it opens (the most the amount
 * field allows). §1 says 1,000,000 for a full-revenue offer; over an offer of 250,000 that promised what the
 * merchant could not choose (issue 32), so the 1,000,000 stays the generic headline's example (§10) and a
 * banner over a real offer says the real amount.
 */
export const headlineAmount = (offer: Offer): number => maxAmountFor(offer);

export type OfferInputError = 'required' | 'amount_min' | 'tenor_min' | 'not_a_number';

export interface OfferInput {
  amount: number | null;
  tenor: number | null;
  errors: { amount?: OfferInputError; tenor?: OfferInputError };
}

/** A typed value as a number: digits with optional separators and Arabic-Indic digits; null when empty. */
function toNumber(value: string | number | null | undefined): number | null | 'nan' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'nan';
  const latin = value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s,\u066c]/g, '');
  if (latin === '') return null;
  return /^\d+(\.\d+)?$/.test(latin) ? Number(latin) : 'nan';
}

/**
 * The customisation inputs (§5): strings converted to numbers, both required, each capped at its maximum (a
 * value above it becomes the maximum), below the minimum an error ('amount must be at least'). Below the
 * minimum is not raised to it: the merchant may be typing a longer number.
 */
export function readOfferInput(
  amountRaw: string | number | null | undefined,
  tenorRaw: string | number | null | undefined,
): OfferInput {
  const errors: OfferInput['errors'] = {};
  const read = (raw: typeof amountRaw, field: 'amount' | 'tenor'): number | null => {
    const limits = OFFER_LIMITS[field];
    const value = toNumber(raw);
    if (value === null) {
      errors[field] = 'required';
      return null;
    }
    if (value === 'nan') {
      errors[field] = 'not_a_number';
      return null;
    }
    const whole = Math.round(value);
    if (whole < limits.min) errors[field] = field === 'amount' ? 'amount_min' : 'tenor_min';
    return Math.min(whole, limits.max);
  };
  return { amount: read(amountRaw, 'amount'), tenor: read(tenorRaw, 'tenor'), errors };
}

/** A quote is requested only when both values are in range (§5). */
export const quoteAllowed = (amount: number | null, tenor: number | null): boolean =>
  amount !== null &&
  tenor !== null &&
  amount >= OFFER_LIMITS.amount.min &&
  amount <= OFFER_LIMITS.amount.max &&
  tenor >= OFFER_LIMITS.tenor.min &&
  tenor <= OFFER_LIMITS.tenor.max;
