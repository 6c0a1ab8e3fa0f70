/**
 * The mobile app's webview (shell spec §2.6: the money area "only inside the mobile-app webview, otherwise redirect
 * to root"; docs/shell-and-permissions.md "The money area"). A user agent proves nothing, so the webview proves
 * itself with a one-time token the signed-in app asks for and puts in the address:
 *
 *   POST /merchant/api/v1/webview/tokens   the app's session asks for a token for one page → { url, expires_at }
 *   GET  /webview/enter?token=…            the webview spends it: its own session (a cookie marked webview), then
 *                                          303 to the page; a token spent, expired or unknown goes to root
 */
import type { FastifyInstance } from 'fastify';
import { WebviewTokenAnswer, WebviewTokenBody } from '../../contract/webview';
import { requireSession, setSessionCookie } from '../auth/session';
import { answers } from '../openapi';
import type { AuthService } from '../services/auth';
import type { AccountService } from '../services/account';
import { HttpError } from '../errors';

export async function webviewRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; account: AccountService; publicUrl: string; secureCookies: boolean },
) {
  const { auth, account, publicUrl, secureCookies } = opts;

  app.post<{ Body: WebviewTokenBody }>(
    '/merchant/api/v1/webview/tokens',
    {
      schema: {
        tags: ['webview'],
        summary: 'A one-time token for the mobile app’s webview to open one page of the money area (60 s)',
        body: WebviewTokenBody,
        response: answers({ 200: WebviewTokenAnswer }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      // The money area is the app's money tab: open only with the `mobile_money_tab` experiment (shell spec §6).
      if (
        request.body.path.startsWith('/money/') &&
        !(await account.experimentOn(session.accountId, 'mobile_money_tab'))
      )
        throw new HttpError(403, 'the money tab is not on for this account');
      const { token, expiresAt } = await auth.issueWebviewToken(session, request.body.path);
      return {
        url: `${publicUrl}/webview/enter?token=${token}`,
        expires_at: expiresAt.toISOString(),
      };
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/webview/enter',
    {
      schema: {
        tags: ['webview'],
        summary:
          'Spends a webview token: the webview’s session, then the page (root when the token is not good)',
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', maxLength: 200 } },
        },
        response: answers({ 303: { type: 'null', description: 'to the page, or to root' } }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const token = request.query.token ?? '';
      const entered = token
        ? await auth.enterWebview({ token, userAgent: request.headers['user-agent'], ip: request.ip })
        : null;
      if (!entered) return reply.redirect('/', 303);
      // The cookie lives no longer than the app's session that opened it (the server checks that one too).
      setSessionCookie(reply, entered.token, secureCookies, entered.maxAgeMs);
      return reply.redirect(entered.path, 303);
    },
  );
}
