/**
 * Signing in (shell spec §4, §7–§9): the first code (authenticate, resend, verify) and the second factor
 * (challenge, set-up, verify) that opens the session.
 */
import { randomUUID } from 'node:crypto';
import { badRequest } from '../../errors';
import type { AccountRow } from '../../repositories/auth';
import type { Factor } from '../../../domain/signInFlow';
import type { SessionContext } from '../../auth/session';
import { maskAddress, type AuthContext, type Credentials } from './context';

export function signInCalls(context: AuthContext) {
  // The context's helpers are called as its own (context.sendCode…): only the store and the clock are named here.
  const { repo, clock } = context;
  return {
    /** POST /merchant/api/v2/auth/authenticate (without session_id). */
    async authenticate(input: { credentials: Credentials; lang: string }): Promise<{ session_id: string }> {
      const factor: Factor = 'email' in input.credentials ? 'email' : 'phone';
      const target = context.checkAddress(
        factor,
        'email' in input.credentials ? input.credentials.email : input.credentials.phone,
      );
      const account =
        factor === 'email' ? await repo.accountByEmail(target) : await repo.accountByPhone(target);
      if (factor === 'phone' && !account) throw badRequest('start with email');
      await context.assertNotBlocked(account?.id ?? null);
      await context.countSend(target);
      const sent = await context.sendCode(factor, target, input.lang);
      const id = randomUUID();
      await repo.insertCode({
        id,
        purpose: 'sign_in',
        channel: factor,
        target,
        accountId: account?.id ?? null,
        lang: input.lang,
        ...sent,
        createdAt: clock.now(),
      });
      return { session_id: id };
    },

    /** POST /merchant/api/v2/auth/authenticate with session_id: a new first code to the same address. */
    async resendFirst(input: {
      sessionId: string;
      credentials: Credentials;
    }): Promise<{ session_id: string }> {
      const row = await context.firstCode(input.sessionId);
      const given =
        'email' in input.credentials
          ? input.credentials.email.trim().toLowerCase()
          : input.credentials.phone.trim();
      if (given !== row.target) throw badRequest('session expired');
      await context.resendRow(row);
      return { session_id: row.id };
    },

    /** POST /merchant/api/v2/auth/verify: the first code; starts a half-open session. */
    async verify(input: { sessionId: string; code: string; userAgent?: string; ip?: string }) {
      const row = await context.firstCode(input.sessionId);
      await context.spendCode(row, input.code);
      const now = clock.now();
      const factor = row.channel as Factor;
      let account: AccountRow | undefined =
        factor === 'email' ? await repo.accountByEmail(row.target) : await repo.accountByPhone(row.target);
      if (!account && factor === 'email')
        account = await repo.createAccount({ email: row.target, lang: row.lang, createdAt: now });
      if (!account) throw badRequest('session expired');

      const second: Factor = factor === 'email' ? 'phone' : 'email';
      const secondAddress = second === 'phone' ? account.phone : account.email;
      const pending = secondAddress ? 'input_2fa' : 'setup_2fa';
      const { id, token } = await context.insertSession({
        accountId: account.id,
        state: 'half',
        pending,
        factor: second,
        userAgent: input.userAgent,
        ip: input.ip ?? null,
      });
      const session = { id, accountId: account.id };
      if (secondAddress) await context.startChallenge(session, second, secondAddress, row.lang, false);
      return {
        token,
        body: {
          status: pending,
          factor: second,
          ...(secondAddress ? { [second]: maskAddress(second, secondAddress) } : {}),
        },
      };
    },

    /** POST /merchant/api/v2/auth/challenge: the second code again. */
    async resendChallenge(session: SessionContext) {
      const row = await repo.latestChallenge(session.id);
      if (!row) throw badRequest('session expired');
      await context.resendRow(row);
      return {};
    },

    /** POST /merchant/api/v2/auth/challenge/setup: a phone (or e-mail) for the account, confirmed by a code. */
    async setupChallenge(session: SessionContext, credentials: Credentials, clientAddress: string) {
      const factor: Factor = 'email' in credentials ? 'email' : 'phone';
      if (session.state === 'half' && (session.pending !== 'setup_2fa' || session.factor !== factor))
        throw badRequest('bad_request');
      const target = context.checkAddress(
        factor,
        'email' in credentials ? credentials.email : credentials.phone,
      );
      const owner =
        factor === 'email' ? await repo.accountByEmail(target) : await repo.accountByPhone(target);
      if (owner) throw badRequest(factor === 'email' ? 'email is not unique' : 'phone number is not unique');
      await context.countSetupAddress(session.id, target, clientAddress);
      const account = await repo.accountById(session.accountId);
      await context.startChallenge(session, factor, target, account?.lang ?? 'en', true);
      return { factor, [factor]: target };
    },

    /** POST /merchant/api/v2/auth/challenge/verify: the second code; opens a half-open session. */
    async verifyChallenge(session: SessionContext, code: string) {
      const row = await repo.latestChallenge(session.id);
      if (!row) throw badRequest('session expired');
      await context.spendCode(row, code);
      const now = clock.now();
      if (row.setup) {
        const saved = await repo.setAccountAddress(session.accountId, row.channel as Factor, row.target);
        if (!saved)
          throw badRequest(row.channel === 'email' ? 'email is not unique' : 'phone number is not unique');
      }
      if (session.state === 'open') return { token: null, body: {} };
      const { token, tokenHash } = context.newToken();
      await repo.updateSession(session.id, { state: 'open', pending: null, tokenHash, lastSeenAt: now });
      return { token, body: { status: 'authenticated', auth_token: token } };
    },
  };
}
