/**
 * Money as the product keeps it: integers in the currency's minor unit (halalas, fils), so sums and differences
 * are exact; shown and typed as decimals with the currency's decimals (spec §9: 3 for BHD and KWD, otherwise 2).
 * Pure.
 */

/** How many decimals a currency has (shell spec §9). */
export const currencyDecimals = (currency: string) => (currency === 'BHD' || currency === 'KWD' ? 3 : 2);

/** A money amount given in minor units, as a decimal string with the currency's decimals (3 for BHD, KWD). */
export function minorToDecimal(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * A decimal amount as typed or sent ("120", "120.5", "120.50") in minor units; null when it is not a
 * non-negative amount with at most the currency's decimals (never rounded: "10.005" SAR is refused, not 10.01).
 */
export function decimalToMinor(text: string, currency: string): number | null {
  const decimals = currencyDecimals(currency);
  const match = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${decimals}}))?$`).exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  return Number(match[1]) * 10 ** decimals + Number(fraction);
}
