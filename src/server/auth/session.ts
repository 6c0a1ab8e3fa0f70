/**
 * Who is asking: the session from the `auth_token` bearer header or the session cookie, looked up for API
 * paths only. `requireSession` guards a route: no live session → 401; a half-open one (first code done, second
 * factor not yet) only where the route says so — it can do nothing else.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { AuthService, SessionContext } from '../services/auth';
import { requestPolicy } from '../routePolicy';

export const SESSION_COOKIE = 'mbo_session';

export function sessionHook(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!requestPolicy(request).api) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies[SESSION_COOKIE];
    if (token && token.length <= 200) request.session = await auth.sessionForToken(token);
  });
}

export function requireSession(
  request: FastifyRequest,
  options: { halfOpen?: boolean } = {},
): SessionContext {
  const session = request.session;
  if (!session || (session.state === 'half' && !options.halfOpen)) throw new HttpError(401, 'unauthorized');
  return session;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 30 * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}
