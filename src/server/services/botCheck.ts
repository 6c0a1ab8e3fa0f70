/**
 * The bot check: ALTCHA, a proof of work served and verified here (no third-party host). The app fetches a
 * challenge (`GET /merchant/api/v1/auth/bot-check` — the spec does not name this path), solves it in the
 * browser, and sends the solution as `cf_turnstile` (the spec's field name) with authenticate. A missing, wrong,
 * expired or already used solution gets 400 `bad_request`. `BOT_CHECK=off` skips it (automated API tests; the
 * config refuses it in production).
 *
 * MAX_NUMBER sets the work, a number of SHA-256 hashes uniform from 0 to it. `npm run bench:botcheck` measured
 * (2 shared cores): the app's solver ~96,000 hashes/s at 4x CPU throttle (our stand-in for a mid-range phone),
 * so 150,000 costs a phone ~0.8 s on average (1.6 s at worst) and a desktop ~0.2 s, solved in a worker while
 * the merchant types; a node:crypto script ~0.19 s per sign-in, three times the 44–64 ms of 50,000. A native
 * solver is faster still: the proof of work slows scripts down, the per-address rate limits stop them. The HMAC
 * key lives in the database so every server process shares it.
 */
import { randomBytes } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import type { Clock } from '../clock';
import { badRequest } from '../errors';
import type { AuthRepository } from '../repositories/auth';

export const MAX_NUMBER = 150_000;
const CHALLENGE_LIFETIME_MS = 10 * 60_000;

export function createBotCheck(deps: { repository: AuthRepository; clock: Clock; enabled: boolean }) {
  let key: Promise<string> | undefined;
  const hmacKey = () =>
    (key ??= deps.repository.sharedSecret('bot_check_hmac_key', () => randomBytes(32).toString('hex')));
  return {
    enabled: deps.enabled,
    async challenge() {
      return createChallenge({
        hmacKey: await hmacKey(),
        maxNumber: MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      });
    },
    /** Throws 400 bad_request unless `token` is a fresh, correct, unused solution. */
    async verify(token: string | undefined): Promise<void> {
      if (!deps.enabled) return;
      if (!token || token.length > 4096) throw badRequest('bad_request');
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
      } catch {
        throw badRequest('bad_request');
      }
      if (typeof payload?.challenge !== 'string' || !(await verifySolution(payload, await hmacKey(), true)))
        throw badRequest('bad_request');
      const expiresAt = new Date(deps.clock.now().getTime() + CHALLENGE_LIFETIME_MS);
      if (!(await deps.repository.useBotChallenge(payload.challenge, expiresAt, deps.clock.now())))
        throw badRequest('bad_request');
    },
  };
}

export type BotCheck = ReturnType<typeof createBotCheck>;
