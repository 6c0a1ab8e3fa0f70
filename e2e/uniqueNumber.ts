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
