/**
 * Sign-in and sessions (shell spec §7): v2 authenticate / verify / challenge, v1 logout and sessions, and the
 * bot-check challenge. Messages are the spec's server messages (§8).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import { clearSessionCookie, requireSession, setSessionCookie } from '../auth/session';
import type { AuthService, Credentials } from '../services/auth';
import type { BotCheck } from '../services/botCheck';

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

export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; botCheck: BotCheck; secureCookies: boolean },
) {
  const { auth, botCheck, secureCookies } = opts;

  app.get('/merchant/api/v1/auth/bot-check', async () =>
    botCheck.enabled ? botCheck.challenge() : { disabled: true },
  );

  app.post('/merchant/api/v2/auth/authenticate', async (request) => {
    const body = bodyOf(request);
    const credentials = credentialsOf(body);
    const sessionId = text(body, 'session_id');
    if (sessionId !== undefined) return auth.resendFirst({ sessionId, credentials });
    await botCheck.verify(text(body, 'cf_turnstile'));
    return auth.authenticate({ credentials, lang: text(body, 'lang') === 'ar' ? 'ar' : 'en' });
  });

  app.post('/merchant/api/v2/auth/verify', async (request, reply) => {
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
  });

  app.post('/merchant/api/v2/auth/challenge', async (request) =>
    auth.resendChallenge(requireSession(request, { halfOpen: true })),
  );

  app.post('/merchant/api/v2/auth/challenge/setup', async (request) =>
    auth.setupChallenge(
      requireSession(request, { halfOpen: true }),
      credentialsOf(bodyOf(request)),
      request.ip,
    ),
  );

  app.post('/merchant/api/v2/auth/challenge/verify', async (request, reply) => {
    const result = await auth.verifyChallenge(
      requireSession(request, { halfOpen: true }),
      codeOf(bodyOf(request)),
    );
    if (result.token) setSessionCookie(reply, result.token, secureCookies);
    return result.body;
  });

  app.post('/merchant/api/v1/auth/logout', async (request, reply) => {
    // Logging out twice, or with a session that already ended, is not an error: the caller is signed out.
    if (request.session) await auth.logout(request.session);
    clearSessionCookie(reply, secureCookies);
    return {};
  });

  app.get('/merchant/api/v1/auth/sessions', async (request) => auth.listSessions(requireSession(request)));
  app.delete('/merchant/api/v1/auth/sessions', async (request) => auth.revokeOthers(requireSession(request)));
  app.delete<{ Params: { id: string } }>('/merchant/api/v1/auth/sessions/:id', async (request, reply) => {
    const result = await auth.revoke(requireSession(request), request.params.id);
    if (result.current) clearSessionCookie(reply, secureCookies);
    return result;
  });
}
