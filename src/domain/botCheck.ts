/**
 * The bot check's token (ALTCHA): the solved challenge as base64 JSON, the form the server's verifySolution
 * reads. Shared by the sign-in page and the tests that sign in without a browser.
 */
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
