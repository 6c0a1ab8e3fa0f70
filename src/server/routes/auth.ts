/**
 * Sign-in and sessions (shell spec §7): v2 authenticate / verify / challenge, v1 logout and sessions, and the
 * bot-check challenge. Messages are the spec's server messages (§8).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import {
  clearSessionCookie,
  requireSession,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  setSessionCookie,
  setSessionHint,
} from '../auth/session';
import type { AuthService, Credentials } from '../services/auth';
import type { BotCheck } from '../services/botCheck';
import { answers, EMPTY, ID_PARAMS } from '../openapi';
import {
  AuthStarted,
  AuthStep,
  BotCheckAnswer,
  ChallengeVerified,
  Revoked,
  Sessions,
  SetupStarted,
  SignedIn,
} from '../../contract/auth';

// Bodies are described loosely (strings, all optional): the service answers a wrong or missing one with the
// spec's own message ("invalid email", "invalid otp code", "session expired"), which a schema would replace
// with bad_request.
const ADDRESS = {
  email: { type: 'string', maxLength: 1000, description: 'e-mail address (either this or phone)' },
  phone: {
    type: 'string',
    maxLength: 1000,
    description: 'phone number with dial code (either this or email)',
  },
} as const;
const CODE = {
  code: { type: 'string', maxLength: 100 },
  otp_code: { type: 'string', maxLength: 100, description: 'the code, as older clients name it' },
} as const;
const body = (properties: Record<string, unknown>) => ({ type: 'object', properties }) as const;
const tags = ['sign-in'];

type Body = Record<string, unknown>;

const bodyOf = (request: FastifyRequest): Body =>
  request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Body)
    : {};

const text = (body: Body, name: string): string | undefined =>
  typeof body[name] === 'string' ? (body[name] as string) : undefined;

/** `email` or `phone` from a body; neither, or both, is the caller's mistake. */
function credentialsOf(body: Body): Credentials {
  const email = text(body, 'email');
  const phone = text(body, 'phone');
  if (email !== undefined && phone === undefined) return { email: email.slice(0, 320) };
  if (phone !== undefined && email === undefined) return { phone: phone.slice(0, 32) };
  throw badRequest(phone === undefined ? 'invalid email' : 'invalid phone');
}

const codeOf = (body: Body) => {
  const code = text(body, 'code') ?? text(body, 'otp_code');
  if (code === undefined) throw badRequest('invalid otp code');
  return code.slice(0, 12);
};

export interface AuthRouteOptions {
  auth: AuthService;
  botCheck: BotCheck;
  secureCookies: boolean;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  signInRoutes(app, opts);
  sessionRoutes(app, opts);
}

/** Signing in: the bot check, the first code, the second factor. */
function signInRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  const { auth, botCheck, secureCookies } = opts;

  app.get(
    '/merchant/api/v1/auth/bot-check',
    {
      schema: {
        tags,
        summary:
          'A proof-of-work challenge (ALTCHA) to solve before authenticate; { disabled: true } when off',
        response: answers({ 200: BotCheckAnswer }),
      },
    },
    async () => (botCheck.enabled ? botCheck.challenge() : { disabled: true }),
  );

  app.post(
    '/merchant/api/v2/auth/authenticate',
    {
      schema: {
        tags,
        summary: 'Starts sign-in (a code to the address), or sends the first code again with session_id',
        body: body({
          ...ADDRESS,
          lang: { type: 'string', maxLength: 10 },
          session_id: { type: 'string', maxLength: 100 },
          cf_turnstile: { type: 'string', maxLength: 4096, description: 'the solved bot check (base64)' },
        }),
        response: answers({ 200: AuthStarted }),
      },
    },
    async (request) => {
      const body = bodyOf(request);
      const credentials = credentialsOf(body);
      const sessionId = text(body, 'session_id');
      if (sessionId !== undefined) return auth.resendFirst({ sessionId, credentials });
      await botCheck.verify(text(body, 'cf_turnstile'));
      return auth.authenticate({ credentials, lang: text(body, 'lang') === 'ar' ? 'ar' : 'en' });
    },
  );

  app.post(
    '/merchant/api/v2/auth/verify',
    {
      schema: {
        tags,
        summary: 'The first code: a half-open session (cookie) and what the second factor needs',
        body: body({ session_id: { type: 'string', maxLength: 100 }, ...CODE }),
        response: answers({ 200: AuthStep }),
      },
    },
    async (request, reply) => {
      const body = bodyOf(request);
      const sessionId = text(body, 'session_id');
      if (sessionId === undefined) throw badRequest('session expired');
      const result = await auth.verify({
        sessionId,
        code: codeOf(body),
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookie(reply, result.token, secureCookies);
      return result.body;
    },
  );

  app.post(
    '/merchant/api/v2/auth/challenge',
    { schema: { tags, summary: 'The second code again', body: body({}), response: answers({ 200: EMPTY }) } },
    async (request) => auth.resendChallenge(requireSession(request, { halfOpen: true })),
  );

  app.post(
    '/merchant/api/v2/auth/challenge/setup',
    {
      schema: {
        tags,
        summary: 'A second factor (or a changed phone) for the account: a code to the new address',
        body: body(ADDRESS),
        response: answers({ 200: SetupStarted }),
      },
    },
    async (request) =>
      auth.setupChallenge(
        requireSession(request, { halfOpen: true }),
        credentialsOf(bodyOf(request)),
        request.ip,
      ),
  );

  app.post(
    '/merchant/api/v2/auth/challenge/verify',
    {
      schema: {
        tags,
        summary: 'The second code: opens the session (auth_token and cookie)',
        body: body(CODE),
        response: answers({ 200: ChallengeVerified }),
      },
    },
    async (request, reply) => {
      const result = await auth.verifyChallenge(
        requireSession(request, { halfOpen: true }),
        codeOf(bodyOf(request)),
      );
      if (result.token) setSessionCookie(reply, result.token, secureCookies);
      return result.body;
    },
  );

  app.post(
    '/merchant/api/v1/auth/logout',
    { schema: { tags, summary: 'Ends the session', body: body({}), response: answers({ 200: EMPTY }) } },
    async (request, reply) => {
      // Logging out twice, or with a session that already ended, is not an error: the caller is signed out.
      if (request.session) await auth.logout(request.session);
      clearSessionCookie(reply, secureCookies);
      return {};
    },
  );
}

/** The session: whether this browser is signed in, its sessions listed and ended. */
function sessionRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  const { auth, secureCookies } = opts;
  // Whether this browser is signed in, answered for everyone: the sign-in page asks it when it opens, and a
  // signed-out visitor is an answer, not an error (issue 32: no 401 in the console on every visit).
  app.get(
    '/merchant/api/v1/auth/session',
    {
      schema: {
        tags,
        summary: 'Whether the request carries a live, fully signed-in session (never 401)',
        response: answers({ 200: SignedIn }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const signedIn = request.session?.state === 'open';
      // A browser signed in before the readable twin existed gets it here (the sign-in page asks this first).
      if (signedIn && !request.cookies[SESSION_HINT_COOKIE] && request.cookies[SESSION_COOKIE])
        setSessionHint(reply, secureCookies);
      return { signed_in: signedIn };
    },
  );

  app.get(
    '/merchant/api/v1/auth/sessions',
    {
      schema: {
        tags,
        summary: "The account's open sessions",
        response: answers({ 200: Sessions }),
      },
    },
    async (request) => auth.listSessions(requireSession(request)),
  );
  app.delete(
    '/merchant/api/v1/auth/sessions',
    { schema: { tags, summary: 'Signs out every other session', response: answers({ 200: Revoked }) } },
    async (request) => auth.revokeOthers(requireSession(request)),
  );
  app.delete<{ Params: { id: string } }>(
    '/merchant/api/v1/auth/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Signs one session out',
        params: ID_PARAMS,
        response: answers({ 200: Revoked }),
      },
    },
    async (request, reply) => {
      const result = await auth.revoke(requireSession(request), request.params.id);
      if (result.current) clearSessionCookie(reply, secureCookies);
      return result;
    },
  );
}
