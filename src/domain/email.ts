/** Shell spec §5: an e-mail is trimmed, lowercased and valid ('please enter valid email'). */

/** An address with one @, no spaces and a dotted domain (the app trims and lowercases first). */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** What an e-mail is stored as: trimmed and lowercased. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();
