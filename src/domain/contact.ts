/**
 * E-mail and phone rules (shell spec §5), shared by sign-in, the catalogue's formats and the server. Kept apart
 * from the other formats so the sign-in page does not carry IBAN rules; the sign-in page loads this module
 * (libphonenumber-js, ~10 KiB gzip) only when a phone number is checked.
 */
import { isEmail } from './email';
import { isValidPhoneNumber } from 'libphonenumber-js/core';
// Full metadata on the server; the browser build keeps only the dial-code countries (catalogueVitePlugin).
import phoneMetadata from 'libphonenumber-js/metadata.max.json';

/** Spec shell §5: + followed by digits only, length over 2 and up to 16 — and a real number for its country. */
export function isPhone(value: string): boolean {
  return /^\+\d{2,15}$/.test(value) && isValidPhoneNumber(value, phoneMetadata);
}

export { isEmail };
