/**
 * One way to write an amount, in a sentence as in a tile (issue 56: "SAR 10.00" in tiles but "10.00 SAR" in
 * sentences). A text writes `{{max, money}}` and is given `currency` beside the amount (a server's field error
 * carries both): the amount is then written as `<Money>` writes it — the currency's decimals, the language's
 * order (en "SAR 10.00", ar "10.00 SAR"), Latin digits — in a left-to-right isolate inside Arabic.
 */
import type { i18n as I18n } from 'i18next';
import { money } from '../../domain/capital/format';
import { isolateLtr, langOf } from '../components/listText';

/** An amount inside a sentence, as `<Money>` draws it. */
export const moneyInText = (amount: number | string, currency: string, lang: 'en' | 'ar') =>
  isolateLtr(money(Number(amount), currency, lang));

/** Teaches an i18next instance the `money` format (the app's, and a test's own). */
export function addMoneyFormat(instance: I18n) {
  instance.services.formatter?.add('money', (value: unknown, lng: string | undefined, options) => {
    const currency = (options as { currency?: unknown }).currency;
    const amount = typeof value === 'number' || typeof value === 'string' ? value : NaN;
    return typeof currency === 'string' && Number.isFinite(Number(amount))
      ? moneyInText(amount, currency, langOf(lng ?? 'en'))
      : String(value);
  });
}
