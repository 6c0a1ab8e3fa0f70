/**
 * The mobile app's webview (docs/shell-and-permissions.md "The money area"): a one-time token, and the
 * webview's own session it opens.
 */
import { sha256 } from '../../auth/codes';
import { HttpError } from '../../errors';
import type { SessionContext } from '../../auth/session';
import { WEBVIEW_TOKEN_MS } from './context';
import type { AuthContext } from './context';

export function webviewCalls(context: AuthContext) {
  const { repo, clock, newToken, insertSession, alive, lifeLeft } = context;
  return {
    /**
     * A one-time token for the mobile app's webview (docs/shell-and-permissions.md "The money area"): the app,
     * signed in, asks for one for the page it opens; good once, for 60 seconds.
     */
    async issueWebviewToken(session: SessionContext, path: string) {
      if (session.webview) throw new HttpError(403, 'a webview session cannot open another webview');
      const now = clock.now();
      const { token, tokenHash } = newToken();
      const expiresAt = new Date(now.getTime() + WEBVIEW_TOKEN_MS);
      await repo.insertWebviewToken({
        tokenHash,
        sessionId: session.id,
        accountId: session.accountId,
        path,
        expiresAt,
        createdAt: now,
      });
      return { token, expiresAt };
    },

    /**
     * The webview's own session for a token: opened when the token is unused, unexpired and the app's session that
     * asked for it is still alive; null otherwise (the token is spent either way).
     */
    async enterWebview(input: { token: string; userAgent?: string; ip?: string }) {
      const now = clock.now();
      const used = await repo.useWebviewToken(sha256(input.token), now);
      if (!used) return null;
      const source = await repo.sessionById(used.sessionId);
      if (!source || source.state !== 'open' || source.endedAt !== null || !alive(source)) return null;
      const { token } = await insertSession({
        accountId: used.accountId,
        state: 'open',
        pending: null,
        factor: source.factor,
        userAgent: input.userAgent,
        ip: input.ip ?? null,
        webview: true,
        parentSessionId: source.id,
      });
      return { token, path: used.path, maxAgeMs: lifeLeft(source) };
    },
  };
}
