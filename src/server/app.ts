/**
 * Builds the Fastify application: one wiring function over plugins — what every answer carries (plugins/answers.ts),
 * the one error handler (plugins/errorHandler.ts), what every request meets first (plugins/security.ts), the
 * session, every service (wiring/services.ts) and every route (wiring/routes.ts). Nothing here listens on a
 * port, so tests build an app per file and call `app.inject`.
 */
import { randomUUID } from 'node:crypto';
import { fromRoot } from './paths';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyReply, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { createReadiness, type Readiness } from './readiness';
import type { Database } from './db';
import { adjustableClock, systemClock, type AdjustableClock, type Clock } from './clock';
import { sessionHook } from './auth/session';
import { answers } from './plugins/answers';
import { errorHandler } from './plugins/errorHandler';
import { buildValidator, closeQuery, refuseNonFinite } from './plugins/validation';
import { redactUrl } from './logRedaction';
import { security } from './plugins/security';
import { createServices, type ServiceOptions, type Services } from './wiring/services';
import { routes } from './wiring/routes';

export interface AppOptions extends ServiceOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Pino options or an existing logger; `false` silences it (tests). */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Where the built web app lives; defaults to dist/web of this checkout. */
  webRoot?: string;
  /** Compile every flow's current version before listening (the server's start; tests compile on demand). */
  warm?: boolean;
  /** What /ready answers (src/server/readiness.ts); the server's start passes its own to drain on SIGTERM. */
  readiness?: Readiness;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id: the caller's `x-request-id` header or `request_id` query parameter when sane, else a new UUID. */
function requestId(raw: { headers: Record<string, string | string[] | undefined>; url?: string }): string {
  const header = raw.headers['x-request-id'];
  if (typeof header === 'string' && REQUEST_ID.test(header)) return header;
  const query = raw.url?.split('?')[1];
  const fromQuery = query ? new URLSearchParams(query).get('request_id') : null;
  if (fromQuery && REQUEST_ID.test(fromQuery)) return fromQuery;
  return randomUUID();
}

/**
 * Builds the app around an open database.
 * @param options - configuration, database, and optionally a clock, logger and web root
 * @returns - a ready Fastify instance (not listening)
 */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const devEnabled = config.nodeEnv !== 'production';
  // Outside production QA can move the server's time forward (POST /dev/clock); tests pass their own clock.
  const adjustable: AdjustableClock | undefined =
    devEnabled && !options.clock ? adjustableClock(systemClock) : undefined;
  const clock = options.clock ?? adjustable ?? systemClock;
  // Fastify's request line, with the tokens an address may carry replaced (logRedaction.ts).
  const serializers = {
    req: (req: {
      method: string;
      url: string;
      host?: string;
      ip?: string;
      socket?: { remotePort?: number };
    }) => ({
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  };
  const given = options.logger ?? { level: config.nodeEnv === 'test' ? 'silent' : 'info' };
  const logger =
    typeof given === 'object' && given !== null && !('child' in given) ? { ...given, serializers } : given;
  const app = Fastify({
    ...(typeof logger === 'object' && logger !== null && 'child' in logger
      ? { loggerInstance: logger }
      : { logger }),
    genReqId: (req) => requestId(req),
    // The client's address for rate limits and logs: X-Forwarded-For only from the proxies TRUST_PROXY names.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (() => {
            const hops = config.trustProxy;
            return (_address: string, hop: number) => hop < hops;
          })()
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Every flow is compiled before the server listens (`warm`, an onReady hook): on a fresh database on a busy
    // machine that took more than Fastify's default 10 s, and the server refused to start. Two minutes.
    pluginTimeout: 120_000,
    // Bodies taken as typed, the query's text read as typed; no Infinity; nothing unknown dropped in silence.
    schemaController: { compilersFactory: { buildValidator } },
    // The router's own refusals in the product's shape (issue 53, finding 8): a path segment past the router's
    // limit is 414, an address it cannot decode 400 — never Fastify's `{ error, code }`.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      void reply
        .code(status)
        .header('cache-control', 'no-store')
        .send({
          status,
          message: tooLong ? 'the address is too long' : 'bad_request: the address cannot be read',
        });
    },
  });
  app.addHook('onRoute', closeQuery);
  app.addHook('preHandler', refuseNonFinite);

  const services = await createServices({ config, database, clock, adjustable, options, log: app.log });
  // API answers (and anything else not compressed at build) over 1 KiB compressed for a browser that accepts it,
  // Brotli first at @fastify/compress's fast setting (4): an orders page's 20 rows arrived as ~14 KiB of JSON.
  // What is compressed already (the build's twins, routes/spa.ts) is left as it is.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(answers, { sync: database.sync });
  await app.register(errorHandler);
  await app.register(security, {
    production: config.nodeEnv === 'production',
    authRateLimit: config.authRateLimit,
    bump: (key, now, windowMs) => services.counters.bump(key, now, windowMs),
    now: () => clock.now(),
    errorReportsDsn: config.errorReports?.dsn,
    sessionReplayUrl: config.sessionReplay?.endpoint,
    surveyUrl: config.siteLinks.survey ?? undefined,
  });
  sessionHook(app, services.auth, config.nodeEnv === 'production');
  app.decorate('services', {
    outbox: services.outbox,
    files: services.files,
    formEvents: services.formEvents,
    flows: services.flows,
  });
  lifecycle(app, services, options.warm === true);
  await app.register(routes, {
    config,
    database,
    services,
    devEnabled,
    adjustable,
    clock,
    webRoot: options.webRoot ?? fromRoot('dist/web'),
    readiness: options.readiness ?? createReadiness(),
  });
  return app;
}

/**
 * What runs beside the requests: the flows compiled before listening (the server's start), the chat's LISTEN,
 * the development clock's (outside production: its offset is every instance's), and the sweep of files nobody's answers point at (a day after their upload) and of form events past their retention, at start and every hour, by every
 * process (a file two processes both remove is simply gone).
 */
function lifecycle(app: ReturnType<typeof Fastify>, services: Services, warmFlows: boolean) {
  if (warmFlows) app.addHook('onReady', () => services.warmFlows());
  app.addHook('onReady', () => services.chatHub.start());
  app.addHook('onClose', () => services.chatHub.close());
  const { devClock } = services;
  if (devClock) {
    app.addHook('onReady', () => devClock.start());
    app.addHook('onClose', () => devClock.close());
  }
  // With the files, the form events past their retention (FORM_EVENTS_RETENTION_DAYS).
  const sweep = () =>
    Promise.all([
      services.files
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'sweeping unreferenced files failed')),
      services.formEvents
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'removing old form events failed')),
    ]);
  const sweeper = setInterval(sweep, 60 * 60_000);
  sweeper.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(sweeper));
  // The form events still waiting to be written go before the database closes.
  app.addHook('onClose', () => services.formEvents.flush());
  // The provider's run of capital payouts (simulated): every 10 minutes on every instance — a loan is paid out
  // by one conditional move, so two instances never pay one twice. Tests and QA run it at once: POST /dev/capital/run.
  const payOut = () =>
    services.capital
      .runDisbursements()
      .catch((error: unknown) => app.log.error({ err: error }, 'paying out capital advances failed'));
  const payer = setInterval(payOut, 10 * 60_000);
  payer.unref();
  app.addHook('onClose', async () => clearInterval(payer));
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Pick<Services, 'outbox' | 'files' | 'formEvents' | 'flows'>;
  }
}
