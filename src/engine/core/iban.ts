/** How an IBAN is shown: grouped by four (the form and the answers read back), and masked for confirming. */

/** `SA0380000000608010167519` → `SA03 8000 0000 6080 1016 7519`. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The known IBAN with positions 3, 4 and the last three replaced by dots. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)}••${iban.slice(4, -3)}•••`;
}

/** The IBAN with the five hidden characters put back, in order. */
export function fillIban(known: string, missing: string): string {
  return `${known.slice(0, 2)}${missing.slice(0, 2)}${known.slice(4, -3)}${missing.slice(2)}`;
}

/** An IBAN as two are compared: upper case, without spaces (`sa03 8000 …` is `SA038000…`). */
export function ibanKey(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}
