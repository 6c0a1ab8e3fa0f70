/**
 * A typed amount in a capture or refund dialog, checked as the server checks it (docs/orders.md): the currency's
 * decimals at most, more than 0, at most what is left. The answer is a translation key of `orders` with its
 * values, or the amount in minor units.
 */
import { currencyDecimals, decimalToMinor, minorToDecimal } from '../../../domain/money';

export type AmountCheck =
  | { ok: true; minor: number }
  | {
      ok: false;
      key: 'amount.required' | 'amount.format' | 'amount.positive' | 'amount.left';
      values: Record<string, string | number>;
    };

export function checkAmount(text: string, currency: string, left: string): AmountCheck {
  const leftMinor = decimalToMinor(left, currency) ?? 0;
  if (text.trim() === '') return { ok: false, key: 'amount.required', values: {} };
  const minor = decimalToMinor(text, currency);
  if (minor === null)
    return { ok: false, key: 'amount.format', values: { decimals: currencyDecimals(currency) } };
  if (minor === 0) return { ok: false, key: 'amount.positive', values: {} };
  if (minor > leftMinor)
    return { ok: false, key: 'amount.left', values: { left: minorToDecimal(leftMinor, currency), currency } };
  return { ok: true, minor };
}
