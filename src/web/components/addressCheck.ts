/**
 * Checks an e-mail or phone as typed, the way every form of sign-in and the account page does (spec §5): an
 * e-mail trimmed and lowercased, a phone checked with libphonenumber-js — loaded only when a phone is first
 * checked, so the sign-in page does not carry it.
 */
import { isEmail, normalizeEmail } from '../../domain/email';

/** The message key (auth namespace) of a bad address. */
export type AddressProblem = 'validEmail' | 'errors.invalidPhone';

export async function checkAddress(
  factor: 'email' | 'phone',
  typed: string,
): Promise<{ address: string; problem?: undefined } | { address?: undefined; problem: AddressProblem }> {
  if (factor === 'email') {
    const address = normalizeEmail(typed);
    return isEmail(address) ? { address } : { problem: 'validEmail' };
  }
  const { isPhone } = await import('../../domain/contact');
  return isPhone(typed) ? { address: typed } : { problem: 'errors.invalidPhone' };
}
