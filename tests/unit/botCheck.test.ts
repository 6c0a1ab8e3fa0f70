import { describe, expect, it } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { solveBotCheck, solveProofOfWork } from '../../src/domain/botCheck';

describe('the bot-check solver', () => {
  it('finds the number ALTCHA hid, and the server accepts the token', async () => {
    for (const number of [0, 7, 10, 99, 1000, 12_345]) {
      const challenge = await createChallenge({ hmacKey: 'k', maxNumber: 20_000, number });
      expect(solveProofOfWork(challenge.challenge, challenge.salt, 20_000)).toBe(number);
      const token = await solveBotCheck({ ...challenge, maxnumber: 20_000 });
      const payload = JSON.parse(atob(token!));
      expect(await verifySolution(payload, 'k', true)).toBe(true);
    }
  });

  it('says null when no number up to the maximum gives the hash', async () => {
    const challenge = await createChallenge({ hmacKey: 'k', maxNumber: 20_000, number: 5000 });
    expect(solveProofOfWork(challenge.challenge, challenge.salt, 4999)).toBeNull();
  });
});
