/**
 * Who is asking: the session from the `auth_token` bearer header or the session cookie, looked up for API
 * paths only. `requireSession` guards a route: no live session → 401; a half-open one (first code done, second
 * factor not yet) only where the route says so — it can do nothing else.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE, type Factor } from '../../domain/signInFlow';
import { HttpError } from '../errors';
import { requestPolicy } from '../routePolicy';

export const SESSION_COOKIE = 'mbo_session';
/** The readable twin (domain/signInFlow.ts): it lives and dies with the session cookie. */
export { SESSION_HINT_COOKIE };

/** A request's session: half-open after the first code (the second factor pending), open after both. */
export interface SessionContext {
  id: string;
  accountId: string;
  state: 'half' | 'open';
  pending: 'input_2fa' | 'setup_2fa' | null;
  factor: Factor | null;
  /** Opened inside the mobile app's webview with a one-time token (the money area is for these only). */
  webview: boolean;
}

/** What the hook needs of the sign-in service: a token's live session, if any. */
export interface SessionLookup {
  sessionForToken(token: string): Promise<SessionContext | null>;
}

export function sessionHook(app: FastifyInstance, auth: SessionLookup, secure: boolean) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!requestPolicy(request).api) return;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const token = bearer ?? request.cookies[SESSION_COOKIE];
    if (token && token.length <= 200) request.session = await auth.sessionForToken(token);
    // A cookie whose session ended (expired, revoked, signed out elsewhere): both cookies go, so the app's next
    // visit knows without asking. A route that opens a session sets them again after this.
    if (!bearer && token && !request.session) clearSessionCookie(reply, secure);
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

/** The signed-in caller's account (401 without a session): what every merchant call is asked as. */
export const accountOf = (request: FastifyRequest) => requireSession(request).accountId;

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
const cookieOptions = (httpOnly: boolean, secure: boolean) =>
  ({ httpOnly, sameSite: 'lax', secure, path: '/' }) as const;

/** @param maxAgeMs - how long the cookie may live (30 days unless the session lives less) */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, maxAgeMs?: number) {
  const maxAge =
    maxAgeMs === undefined ? THIRTY_DAYS_S : Math.min(THIRTY_DAYS_S, Math.floor(maxAgeMs / 1000));
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(true, secure), maxAge });
  setSessionHint(reply, secure, maxAge);
}

/** The readable twin alone (a session from before the twin existed gets it when the sign-in page asks). */
export function setSessionHint(reply: FastifyReply, secure: boolean, maxAgeSeconds = THIRTY_DAYS_S) {
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...cookieOptions(false, secure), maxAge: maxAgeSeconds });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(true, secure));
  reply.clearCookie(SESSION_HINT_COOKIE, cookieOptions(false, secure));
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}
