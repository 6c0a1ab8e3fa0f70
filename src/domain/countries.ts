/**
 * Countries, dial codes and currencies (shell spec §9). Pure data shared by
 * the sign-in phone input, the phone widget and the server.
 */
export const DIAL_CODES = [
  { country: 'SAU', code: '966' },
  { country: 'ARE', code: '971' },
  { country: 'BHR', code: '973' },
  { country: 'KWT', code: '965' },
  { country: 'QAT', code: '974' },
  { country: 'EGY', code: '20' },
  { country: 'JOR', code: '962' },
] as const;

export type DialCountry = (typeof DIAL_CODES)[number]['country'];

/** The default dial code (spec: default SAU). */
export const DEFAULT_DIAL_COUNTRY: DialCountry = 'SAU';

/**
 * The most digits a national number may have after a dial code: 12 minus the
 * dial code's length (spec §5; 9 for +966, 10 for +20).
 */
export function maxNationalDigits(dialCode: string): number {
  return 12 - dialCode.length;
}

/**
 * Splits `+<dial code><digits>` into its country and national digits; an
 * unknown or missing dial code gives the default country and all digits.
 */
export function splitPhone(value: string | undefined): { country: DialCountry; digits: string } {
  const digits = (value ?? '').replace(/\D/g, '');
  const match = [...DIAL_CODES]
    .sort((a, b) => b.code.length - a.code.length)
    .find((d) => digits.startsWith(d.code));
  return match
    ? { country: match.country, digits: digits.slice(match.code.length) }
    : { country: DEFAULT_DIAL_COUNTRY, digits };
}

/** Joins a country's dial code and national digits as stored: `+<digits>`, or undefined when there are none. */
export function joinPhone(country: DialCountry, digits: string): string | undefined {
  const clean = digits.replace(/\D/g, '');
  if (clean === '') return undefined;
  const code = DIAL_CODES.find((d) => d.country === country)?.code ?? '';
  return `+${code}${clean}`;
}

/** `+<dial code>` of a stored number's country (the default country's when there is none): keeps a picked dial code when the digits are cleared. */
export function dialPrefix(value: string | undefined): string {
  const { country } = splitPhone(value);
  return `+${DIAL_CODES.find((d) => d.country === country)?.code ?? ''}`;
}
