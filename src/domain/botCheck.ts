/**
 * The bot check's token (ALTCHA): the challenge solved (a proof of work) and sent as base64 JSON, the form the
 * server's verifySolution reads. Shared by the sign-in page (in a worker), the tests that sign in without a
 * browser, and bench:botcheck.
 *
 * The search is a plain synchronous loop over `@noble/hashes`' SHA-256 (audited, pure JavaScript) rather than
 * altcha-lib's solver, which awaits Web Crypto once per number: that await costs more than the hash, so a phone
 * hashed some 10,000 numbers a second while a script did 400,000, and the work could not be raised for scripts
 * without making merchants wait (issue 14, finding 10; figures from `npm run bench:botcheck` in docs/benchmarks.md).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export interface BotChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

export function botCheckToken(challenge: BotChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/**
 * The number whose SHA-256 of `salt + number` is `challenge`, searching from 0 to `max`.
 * @returns - the number, or null when none up to `max` gives the hash
 */
export function solveProofOfWork(challenge: string, salt: string, max: number): number | null {
  const target = hexToBytes(challenge);
  // The hasher after the salt, copied into one working hasher per number: no object or string per number.
  const salted = sha256.create().update(utf8ToBytes(salt));
  const work = sha256.create();
  const digits = new Uint8Array(16);
  const hash = new Uint8Array(32);
  for (let n = 0; n <= max; n += 1) {
    let length = 0;
    for (let rest = n; ; rest = Math.floor(rest / 10)) {
      length += 1;
      if (rest < 10) break;
    }
    for (let i = length - 1, rest = n; i >= 0; i -= 1, rest = Math.floor(rest / 10))
      digits[i] = 48 + (rest % 10);
    salted._cloneInto(work);
    work.update(digits.subarray(0, length));
    work.digestInto(hash);
    let same = true;
    for (let i = 0; i < 32; i += 1)
      if (hash[i] !== target[i]) {
        same = false;
        break;
      }
    if (same) return n;
  }
  return null;
}

/** Solves a challenge and returns its token; null when no number up to `maxnumber` solves it. */
export async function solveBotCheck(challenge: BotChallenge): Promise<string | null> {
  if (challenge.algorithm !== 'SHA-256')
    throw new Error(`unsupported bot-check algorithm ${challenge.algorithm}`);
  const number = solveProofOfWork(challenge.challenge, challenge.salt, challenge.maxnumber);
  return number === null ? null : botCheckToken(challenge, number);
}
