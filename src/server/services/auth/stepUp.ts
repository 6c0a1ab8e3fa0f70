/**
 * The step-up code (issue 53): asked for before a secret is shown or money moves, one purpose each, spent once.
 */
import { randomUUID } from 'node:crypto';
import { HttpError, badRequest } from '../../errors';
import type { Factor } from '../../../domain/signInFlow';
import type { StepUpPurpose } from '../../../contract/merchants';
import type { SessionContext } from '../../auth/session';
import { CODE_TRIES, maskAddress, RESEND_AFTER_MS } from './context';
import type { AuthContext } from './context';

export function stepUpCalls(context: AuthContext) {
  const { repo, clock, countSend, sendCode, spendCode } = context;
  return {
    /**
     * POST /merchant/api/v1/auth/step-up: a fresh code to the account's own second factor (its phone, else its
     * e-mail), asked for before a secret is shown or money moves, for one purpose (an API secret key, a transfer, a
     * card's details) and good only for it. The same lockouts as sign-in's. Asked again for the same purpose within
     * the resend interval, the code already sent is still valid: the answer says when it went (`sent: false`) and
     * nothing is sent; an explicit `resend` then is refused with 429 and how long to wait.
     */
    async startStepUp(session: SessionContext, purpose: StepUpPurpose, resend = false) {
      if (session.state !== 'open') throw new HttpError(401, 'unauthorized');
      // A secret is shown, and money moved, in the app itself, never in a page its token opened.
      if (session.webview) throw new HttpError(403, 'a webview session cannot ask for step-up codes');
      const account = await repo.accountById(session.accountId);
      const factor: Factor = account?.phone ? 'phone' : 'email';
      const target = account?.phone ?? account?.email;
      if (!target) throw badRequest('bad_request');
      const earlier = await repo.latestStepUp(session.id, purpose);
      if (earlier) {
        // A code tried wrong too often (max attempts reached) is replaced at once.
        const dead = earlier.failures >= CODE_TRIES;
        const wait = dead ? 0 : earlier.sentAt.getTime() + RESEND_AFTER_MS - clock.now().getTime();
        if (wait > 0 && resend)
          throw new HttpError(429, 'too many requests', undefined, { retry_after: Math.ceil(wait / 1000) });
        if (
          wait > 0 &&
          earlier.expiresAt > clock.now() &&
          earlier.channel === factor &&
          earlier.target === target
        )
          return {
            sent: false,
            sent_at: earlier.sentAt.toISOString(),
            factor,
            to: maskAddress(factor, target),
            resend_after: Math.ceil(wait / 1000),
          };
      }
      await countSend(target);
      const sent = await sendCode(factor, target, account?.lang ?? 'en');
      await repo.insertCode({
        id: randomUUID(),
        purpose: 'step_up',
        action: purpose,
        channel: factor,
        target,
        accountId: session.accountId,
        sessionId: session.id,
        setup: false,
        lang: account?.lang ?? 'en',
        ...sent,
        createdAt: clock.now(),
      });
      return {
        sent: true,
        sent_at: sent.sentAt.toISOString(),
        factor,
        to: maskAddress(factor, target),
        resend_after: RESEND_AFTER_MS / 1000,
      };
    },

    /**
     * Checks this session's newest step-up code for `purpose` and uses it up: one code, one secret shown or one
     * transfer, even when several calls bring it at once. Wrong codes count towards the address's lockout; no code
     * asked for this purpose (or it is used up), 400 "session expired" (ask for one).
     */
    async verifyStepUp(session: SessionContext, purpose: StepUpPurpose, code: string) {
      if (session.webview) throw new HttpError(403, 'a webview session cannot ask for step-up codes');
      const row = await repo.latestStepUp(session.id, purpose);
      if (!row) throw badRequest('session expired');
      await spendCode(row, code);
    },
  };
}
