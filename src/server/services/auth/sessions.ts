/**
 * The sessions of an account: found by token, listed, ended (one, the others, this one), and opened without
 * codes for the development routes.
 */
import { sha256 } from '../../auth/codes';
import { HttpError, badRequest } from '../../errors';
import type { Factor } from '../../../domain/signInFlow';
import type { Revoked, Sessions } from '../../../contract/auth';
import type { SessionContext } from '../../auth/session';
import type { AuthContext } from './context';

export function sessionCalls(context: AuthContext) {
  const { repo, clock, checkAddress, insertSession, parentAlive, alive } = context;
  return {
    /**
     * An open session for an account that has both factors, without codes: only the development routes call it
     * (`POST /dev/sessions`, absent in production), so tests set a signed-in state up without walking the sign-in
     * the auth tests already prove. An account without its second factor yet is refused: it signs in for real.
     */
    async openSessionForDevelopment(input: { email: string; userAgent?: string; ip?: string }) {
      const account = await repo.accountByEmail(checkAddress('email', input.email));
      if (!account) throw badRequest('no account has this e-mail');
      if (!account.phone)
        throw badRequest('the account has no phone yet: it signs in through the sign-in steps');
      const { token } = await insertSession({
        accountId: account.id,
        state: 'open',
        pending: null,
        factor: 'phone',
        userAgent: input.userAgent,
        ip: input.ip ?? null,
      });
      return { token, body: { status: 'authenticated', auth_token: token } };
    },

    /** The session a token belongs to, if it is still alive (and marks it used). */
    async sessionForToken(token: string): Promise<SessionContext | null> {
      const row = await repo.sessionByTokenHash(sha256(token));
      if (!row || !alive(row)) return null;
      // A webview's session lives only while the app's session that opened it does (issue 53, finding 6).
      if (row.parentSessionId !== null && !(await parentAlive(row.parentSessionId))) return null;
      const now = clock.now();
      if (now.getTime() - row.lastSeenAt.getTime() > 60_000)
        await repo.updateSession(row.id, { lastSeenAt: now });
      return {
        id: row.id,
        accountId: row.accountId,
        state: row.state as 'half' | 'open',
        pending: (row.pending as SessionContext['pending']) ?? null,
        factor: (row.factor as Factor | null) ?? null,
        webview: row.webview,
      };
    },

    /** Whether a session is open (second factor done, not ended, not expired) and the account's. */
    async sessionOpen(sessionId: string, accountId: string): Promise<boolean> {
      const row = await repo.sessionById(sessionId);
      return (
        row !== undefined &&
        row.accountId === accountId &&
        row.state === 'open' &&
        row.endedAt === null &&
        alive(row)
      );
    },

    async logout(session: SessionContext) {
      await repo.endSession(session.accountId, session.id, clock.now());
    },

    async listSessions(session: SessionContext): Promise<Sessions> {
      const rows = (await repo.openSessions(session.accountId)).filter(alive);
      return {
        items: rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          user_agent: row.userAgent,
          ip: row.ip,
          current: row.id === session.id,
        })),
      };
    },
    /** Ends every other session of the account (the one asking stays signed in). */
    async revokeOthers(session: SessionContext): Promise<Revoked> {
      return { revoked: await repo.endOtherSessions(session.accountId, session.id, clock.now()) };
    },
    async revoke(session: SessionContext, id: string): Promise<Revoked> {
      if (!(await repo.endSession(session.accountId, id, clock.now()))) throw new HttpError(404, 'not found');
      return { revoked: 1, current: id === session.id };
    },
  };
}
