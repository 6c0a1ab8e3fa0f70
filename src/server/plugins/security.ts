/**
 * What every request meets before a route reads it: the security headers (helmet), cookies, JSON bodies parsed
 * after a depth check, `{}` for a body-less call, no NUL or half surrogate anywhere, state changes only as JSON
 * or with the app's header, and the flood limits of sign-in calls and analytics events.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cookie from '@fastify/cookie';
import { fieldError, HttpError } from '../errors';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../jsonDepth';
import { findLoneSurrogate, findNul } from '../nulCheck';
import { readsOnly, requestPolicy } from '../routePolicy';

export interface SecurityOptions {
  production: boolean;
  /** Sign-in calls per client address per minute (analytics events: four times as many). */
  authRateLimit: number;
  /** Counts a key's hits in a window, shared by every server process (the database). */
  bump: (key: string, now: Date, windowMs: number) => Promise<{ count: number }>;
  now: () => Date;
  /** The error reports' DSN (ERROR_REPORTS_DSN): its origin is where the browser may send them. */
  errorReportsDsn?: string;
  /** Where session-replay chunks go (SESSION_REPLAY_URL): an https address's origin is opened to the browser. */
  sessionReplayUrl?: string;
  /** The payments survey (SURVEY_URL): the only page the app may frame. */
  surveyUrl?: string;
}

/** The origin of an absolute address (a relative one — this server's own sink — needs none). */
const originOf = (address: string | undefined) =>
  address && /^https?:\/\//.test(address) ? [new URL(address.replaceAll('{lang}', 'en')).origin] : [];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How deep this route's JSON body may nest (default MAX_JSON_DEPTH): a session recording's page snapshot nests
     * as deep as the page's DOM (routes/devReplay.ts).
     */
    maxJsonDepth?: number;
  }
}

export const security = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  // A call sent with no body at all (no Content-Type, nothing after the headers) is read as `{}`: calls that
  // take nothing (logout, resend) keep working without one, and the rest say which field is missing.
  app.addHook('preValidation', async (request) => {
    if (
      request.body === undefined &&
      request.headers['content-type'] === undefined &&
      !readsOnly(request.method) &&
      request.method !== 'DELETE'
    )
      request.body = {};
  });

  // A NUL character or half a surrogate pair cannot be stored (PostgreSQL refuses them in text and JSON): refused
  // for every route, in the body, the query and the path, before any handler meets it.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const pointer = findNul(value);
      if (pointer !== null)
        throw new HttpError(400, `the ${part} holds a NUL character (U+0000), which is not allowed`, {
          [pointer === '' ? '/' : pointer]: fieldError('validation:error.nulCharacter', {}),
        });
      const half = findLoneSurrogate(value);
      if (half !== null)
        throw new HttpError(400, `the ${part} holds half a UTF-16 surrogate pair, which is not text`, {
          [half === '' ? '/' : half]: fieldError('validation:error.loneSurrogate', {}),
        });
    }
  });

  // The security headers: helmet's own middleware, built once. @fastify/helmet built it again on every request
  // (the policy's directives parsed each time: 1.3 % of the server's CPU under load, bench:api's profile).
  const securityHeaders = helmet({
    // The app ships precompiled validators and no inline scripts, so no 'unsafe-eval' / 'unsafe-inline' scripts.
    // Styles: Mantine sets CSS variables through style attributes.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The error reports' host when a DSN is set (config.ts ERROR_REPORTS_DSN), session replay's when its
        // address is another server's (SESSION_REPLAY_URL), and nothing else.
        connectSrc: ["'self'", ...originOf(options.errorReportsDsn), ...originOf(options.sessionReplayUrl)],
        // The payments survey's page, in a frame (SURVEY_URL): a frame cannot read the page around it, where a
        // survey vendor's script would read every IBAN and token on it.
        frameSrc: ["'self'", ...originOf(options.surveyUrl)],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    hsts: options.production,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(cookie);

  // JSON bodies: Fastify's own parser (prototype poisoning refused), after a depth check — a body nested
  // 100,000 deep would otherwise reach every recursive walk of the server. Nothing we accept is deeper.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const limit = request.routeOptions.config?.maxJsonDepth ?? MAX_JSON_DEPTH;
    if (jsonTooDeep(String(body), limit))
      return done(
        new HttpError(400, 'bad_request', {
          '/': fieldError('validation:error.nesting', { limit }),
        }),
        undefined,
      );
    parseJson(request, String(body), done);
  });

  // No cross-site form posts: a state-changing API call must be JSON (which a cross-site form cannot send
  // without CORS, which this server does not allow) or carry the app's own header.
  app.addHook('onRequest', async (request) => {
    if (!requestPolicy(request).api || readsOnly(request.method)) return;
    const json = request.headers['content-type']?.startsWith('application/json') ?? false;
    if (!json && request.headers['x-mbo-client'] === undefined)
      throw new HttpError(403, 'state-changing requests must be JSON or carry the x-mbo-client header');
  });

  // Floods: sign-in calls and analytics events per client address per minute, counted in the database so
  // every server process shares the count. The group comes from the matched route (routePolicy.ts).
  app.addHook('onRequest', async (request) => {
    const group = requestPolicy(request).flood;
    if (!group) return;
    const limit = group === 'auth' ? options.authRateLimit : options.authRateLimit * 4;
    const { count } = await options.bump(`flood:${group}:${request.ip}`, options.now(), 60_000);
    if (count > limit) throw new HttpError(429, 'too many requests');
  });
});
