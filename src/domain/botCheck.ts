/**
 * The bot check's token (ALTCHA): the challenge solved (a proof of work) and sent as base64 JSON, the form the
 * server's verifySolution reads. Shared by the sign-in page and the tests that sign in without a browser.
 */
import { solveChallenge } from 'altcha-lib/v1';
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

/** Solves a challenge and returns its token; null when no number up to `maxnumber` solves it. */
export async function solveBotCheck(challenge: BotChallenge): Promise<string | null> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  return solution ? botCheckToken(challenge, solution.number) : null;
}
