/**
 * One-time codes, as sign-in and the capital signatory step both use them: a code of n digits, kept only as the
 * SHA-256 of a random salt and the code, and compared in constant time.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A code of `length` digits, leading zeros kept. */
export const newCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** A fresh salt for `hashCode`. */
export const newSalt = () => randomBytes(16).toString('hex');

export const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);

/** Two hex digests equal, in constant time. */
export const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};
