/**
 * Payment links (shell spec §2.6 `service/pl-status/{paymentId}`, §6 canCreatePaymentLinks, §8; issue 34;
 * docs/orders.md "Payment links"): a merchant sends a customer a link by SMS to pay for an order with a
 * product of the store's. The words the server and the app share. Pure.
 *
 * Decisions where the spec is silent (docs/orders.md):
 * - **Limits** per product, in the currency's units, for the riyal-sized currencies (SAR, AED, QAR, EGP is not
 *   offered links): pay later 10 to 5,000; instalments 100 to 20,000; every other product 10 to 20,000. The
 *   dinars (BHD, KWD, about ten riyals each) take a tenth.
 * - The §8 messages, by what the server finds: below the product's least, `order_amount_too_low`; above pay
 *   later's most where the store offers instalments and the amount fits them, `try_installments`; above the most
 *   otherwise, `order_amount_too_high`; instalments asked of a store that does not offer them,
 *   `no_installments`; any other product the store does not offer, `not_available`; an open link to the same
 *   phone for the same amount at the same store, `phone number is not unique` (a second link by mistake).
 * - **Strict** validation (the `strict_paylinks_validation` experiment) also needs the customer's name, an order
 *   number not used by another of the merchant's orders or open links, and items that add up to the amount.
 * - **Statuses**: `created` (sent), `opened` (the customer opened it), `paid` (the customer paid: the order
 *   exists, status new), `expired` (24 hours after it was sent, unpaid), `cancelled` (by the merchant, unpaid).
 */

export const LINK_STATUSES = ['created', 'opened', 'paid', 'expired', 'cancelled'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** A link can be paid for this long after it was sent. */
export const LINK_VALID_MS = 24 * 60 * 60_000;

/** The §8 messages a link's creation may answer. */
export const LINK_MESSAGES = [
  'order_amount_too_high',
  'order_amount_too_low',
  'try_installments',
  'no_installments',
  'not_available',
  'phone number is not unique',
] as const;
export type LinkMessage = (typeof LINK_MESSAGES)[number];

/** Least and most amount of a link for a product, in the currency's units. */
export function linkLimits(product: string, currency: string): { min: number; max: number } {
  const scale = currency === 'BHD' || currency === 'KWD' ? 0.1 : 1;
  const [min, max] =
    product === 'pay_later' ? [10, 5_000] : product === 'installments' ? [100, 20_000] : [10, 20_000];
  return { min: min * scale, max: max * scale };
}

/**
 * What the product and amount of a link say, against the store's products: nothing (fine), or the §8 message.
 * @param amount - in the currency's units (a decimal number)
 */
export function linkProblem(input: {
  product: string;
  amount: number;
  currency: string;
  storeProducts: readonly string[];
}): LinkMessage | null {
  const { product, amount, currency, storeProducts } = input;
  if (!storeProducts.includes(product))
    return product === 'installments' ? 'no_installments' : 'not_available';
  const { min, max } = linkLimits(product, currency);
  if (amount < min) return 'order_amount_too_low';
  if (amount > max) {
    const instalments = linkLimits('installments', currency);
    if (product === 'pay_later' && storeProducts.includes('installments') && amount <= instalments.max)
      return 'try_installments';
    return 'order_amount_too_high';
  }
  return null;
}

/**
 * The customer's language for a link (its SMS and the sandbox checkout's page): Arabic for Saudi, Qatari and
 * Egyptian stores, English elsewhere (the Gulf's other markets text in English).
 */
export const linkLanguage = (storeCountry: string): 'en' | 'ar' =>
  ['SAU', 'QAT', 'EGY'].includes(storeCountry) ? 'ar' : 'en';

/** Whether a link can still be paid (sent or opened, and not past its day when the status is as of now). */
export const isOpenLink = (status: LinkStatus) => status === 'created' || status === 'opened';

/** A link's status as of `now`: an unpaid, uncancelled one past its time has expired. */
export function linkStatus(stored: LinkStatus, sentAt: Date, now: Date): LinkStatus {
  if (isOpenLink(stored) && now.getTime() - sentAt.getTime() > LINK_VALID_MS) return 'expired';
  return stored;
}
