/**
 * Digits for a phone number no other test of this run has made. Random digits alone collided once in CI (two
 * accounts drew the same Saudi number, and the fixture was refused), and since the signatory rule of capital §8
 * a number another test's account signs in with is refused outright. So: the worker's process id, then a count
 * of the numbers this worker has made, then chance — two numbers of one run differ in the first six digits.
 */
let made = 0;

export function uniqueDigits(length: number): string {
  made += 1;
  const fixed = `${process.pid % 1000}`.padStart(3, '0') + `${made % 1000}`.padStart(3, '0');
  const chance = Array.from({ length: Math.max(0, length - fixed.length) }, () =>
    Math.floor(Math.random() * 10),
  ).join('');
  return (fixed + chance).slice(-length);
}

/**
 * An IBAN like `like` (its country and bank) with an account number no other test of this run has made, its
 * check digits right: the server refuses an IBAN that is another business's bank account (§8
 * LEGAL_BANK_DETAILS_CONFLICT), so two applications of one run must not share one.
 */
export function uniqueIban(like: string): string {
  const compact = like.replace(/\s+/g, '').toUpperCase();
  const country = compact.slice(0, 2);
  const bank = compact.slice(4, 8);
  const account = uniqueDigits(compact.length - 8);
  const digits = [...`${bank}${account}${country}00`].map((c) => parseInt(c, 36)).join('');
  const check = 98n - (BigInt(digits) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bank}${account}`;
}
