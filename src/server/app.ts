/**
 * Builds the Fastify application: plugins, the one error handler, request
 * ids, and the routes. Nothing here listens on a port, so tests build an app
 * per file and call `app.inject`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyError, FastifyServerOptions } from 'fastify';
import { toFieldErrors, toFieldMessages, type ValidationErrorLike } from '../engine/core/messages';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import type { Config } from './config';
import type { Database } from './db';
import { fieldError, HttpError } from './errors';
import { adjustableClock, systemClock, type AdjustableClock, type Clock } from './clock';
import { createOutboxRepository } from './repositories/outbox';
import { createOutboxService } from './services/outbox';
import { createAuthRepository } from './repositories/auth';
import { createAccountRepository } from './repositories/account';
import { createAuthService } from './services/auth';
import { createAccountService } from './services/account';
import { createBotCheck } from './services/botCheck';
import { sessionHook } from './auth/session';
import { attachPolicy, readsOnly, requestPolicy } from './routePolicy';
import { authRoutes } from './routes/auth';
import { accountRoutes } from './routes/account';
import { healthRoutes } from './routes/health';
import { helpCentreRoutes } from './routes/helpCentre';
import { devRoutes } from './routes/dev';
import { spaRoutes } from './routes/spa';
import { applicationRoutes } from './routes/application';
import { organizationRoutes } from './routes/organization';
import { createOrganizationRepository } from './repositories/organization';
import { createOrganizationService } from './services/organization';
import { createApplicationRepository } from './repositories/application';
import { createApplicationService, onboardingHooks, ONBOARDING_FLOW } from './services/application';
import { createFileService } from './services/files';
import { createFileRepository } from './repositories/files';
import { createDraftRepository } from './repositories/drafts';
import { createDraftsService, type FlowHooks } from './services/drafts';
import { capitalFlowHooks } from './services/capital/flowHooks';
import { draftRoutes } from './routes/drafts';
import { catalogueRoutes } from './routes/catalogue';
import { capitalRoutes } from './routes/capital';
import { disputeRoutes } from './routes/disputes';
import { createDisputeRepository } from './repositories/disputes';
import { createDisputeService } from './services/disputes';
import { supportRoutes } from './routes/support';
import { legalEntityRoutes } from './routes/legalEntities';
import { usersRoutes } from './routes/users';
import { storeRoutes } from './routes/stores';
import websocket from '@fastify/websocket';
import { chatRoutes } from './routes/chat';
import { chatSocketRoute } from './routes/chatSocket';
import { createRateLimitRepository } from './repositories/rateLimits';
import { createChatRepository } from './repositories/chat';
import { createChatHub, createChatService } from './services/chat';
import { createStoreService } from './services/stores';
import { createUsersRepository } from './repositories/users';
import { createUsersService } from './services/users';
import { createLegalEntityService } from './services/legalEntities';
import { createSupportRepository } from './repositories/support';
import { createSupportService } from './services/support';
import { sandboxRoutes } from './routes/sandbox';
import { sandboxConnector } from './services/connectors';
import { createCapitalRepository } from './repositories/capital';
import { createCodeLocks } from './services/codeLocks';
import { createCapitalService } from './services/capital';
import { warm, type FlowSource } from '../catalogue/serverFlowSource';
import { createUrlChecker, type UrlChecker } from './services/urlCheck';
import { localFileStore, type FileStore } from './storage';
import { s3FileStore, StorageUnavailable } from './s3';
import { serverFlowSource } from './catalogue';
import { readMetaFiles } from '../catalogue/source';
import { createFlowVersionRepository } from './repositories/flowVersions';
import { databaseFlowSource } from './services/flowStore';
import { createStudioService } from './services/studio';
import { studioRoutes } from './routes/studio';
import { jsonTooDeep, MAX_JSON_DEPTH } from './jsonDepth';
import { findLoneSurrogate, findNul } from './nulCheck';
import { registerOpenApi } from './openapi';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Pino options or an existing logger; `false` silences it (tests). */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Where the built web app lives; defaults to dist/web of this checkout. */
  webRoot?: string;
  /** Where uploads' bytes go; defaults to DATA_DIR/uploads. */
  fileStore?: FileStore;
  /** The website check; tests pass one that reaches their own local server. */
  urlChecker?: UrlChecker;
  /**
   * Where flows come from, as is: a test that plays publishing itself. Without it flows live in the database
   * (services/flowStore.ts), seeded from `seedFlows`, and ops publish them in the studio.
   */
  flows?: FlowSource;
  /** The versions the database is seeded from at start; defaults to the catalogue in SCHEMAS_DIR and LOCALES_DIR. */
  seedFlows?: FlowSource;
  /** More flows' server hooks, by flow id (tests give a files-only flow some). */
  flowHooks?: Record<string, FlowHooks>;
  /** Compile every flow's current version before listening (the server's start; tests compile on demand). */
  warm?: boolean;
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
  const logger = options.logger ?? { level: config.nodeEnv === 'test' ? 'silent' : 'info' };
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
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // An API answer is for this caller only: no shared or browser cache keeps it, unless the route said
    // otherwise (the catalogue's versions).
    if (requestPolicy(request).private && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  // DB_SYNC=on (embedded database): a state-changing answer leaves once what it wrote is on disk.
  const sync = database.sync;
  if (sync)
    app.addHook('onSend', async (request) => {
      if (readsOnly(request.method)) return;
      await sync().catch((error: unknown) =>
        request.log.error({ err: error }, 'flushing the database to disk failed'),
      );
    });

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
  // for every route, in
  // the body, the query and the path, before any handler meets it.
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

  // One error handler: known errors keep their status and message; anything else is logged and answered
  // with the spec's generic { status: 500, message: 'unknown' } — never a stack trace.
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send({
        status: error.status,
        message: error.message,
        ...(error.fieldErrors ? { field_errors: error.fieldErrors } : {}),
        ...error.extra,
      });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      // ajv's own errors, as message keys with their values (never ajv's English).
      const fieldErrors = toFieldErrors(toFieldMessages(fastifyError.validation as ValidationErrorLike[]));
      return reply.code(400).send({ status: 400, message: 'bad_request', field_errors: fieldErrors });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type): say what, not how.
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported content type'
          : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'request body is too large'
            : fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'request body is empty'
              : status === 429
                ? 'too many requests'
                : 'bad_request';
      return reply.code(status).send({ status, message });
    }
    if (error instanceof StorageUnavailable) {
      // The bucket is down or refuses us: the merchant may try again; ops read the reason in the log.
      request.log.error({ err: error }, 'file storage unavailable');
      return reply.code(503).send({ status: 503, message: 'file storage is unavailable, try again' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 500, message: 'unknown' });
  });

  await app.register(helmet, {
    // The app ships precompiled validators and no inline scripts, so no 'unsafe-eval' / 'unsafe-inline' scripts.
    // Styles: Mantine sets CSS variables through style attributes.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.nodeEnv === 'production' ? [] : null,
      },
    },
    hsts: config.nodeEnv === 'production',
  });
  await app.register(cookie);

  // JSON bodies: Fastify's own parser (prototype poisoning refused), after a depth check — a body nested
  // 100,000 deep would otherwise reach every recursive walk of the server. Nothing we accept is deeper.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(String(body), MAX_JSON_DEPTH))
      return done(
        new HttpError(400, 'bad_request', {
          '/': fieldError('validation:error.nesting', { limit: MAX_JSON_DEPTH }),
        }),
        undefined,
      );
    parseJson(request, String(body), done);
  });

  const outbox = createOutboxService({
    repository: createOutboxRepository(database.db),
    clock,
    smtpUrl: config.smtpUrl,
    from: `no-reply@${new URL(config.publicUrl).hostname}`,
  });

  const authRepository = createAuthRepository(database.db);
  const auth = createAuthService({
    repository: authRepository,
    outbox,
    clock,
    setupAddressLimit: config.setupAddressLimit,
  });
  const botCheck = createBotCheck({ repository: authRepository, clock, enabled: config.botCheck === 'on' });
  const accountRepository = createAccountRepository(database.db);
  const account = createAccountService({ repository: accountRepository, clock });
  /** The provider's staff: ops, who run the studio and answer the chat. Not merchants. */
  const isStaff = async (accountId: string) =>
    (await accountRepository.account(accountId))?.staffRole != null;

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
    const limit = group === 'auth' ? config.authRateLimit : config.authRateLimit * 4;
    const { count } = await authRepository.bump(`flood:${group}:${request.ip}`, clock.now(), 60_000);
    if (count > limit) throw new HttpError(429, 'too many requests');
  });
  sessionHook(app, auth);

  // Every route as registered: its policy worked out once (routePolicy.ts), and an entry in the table the
  // contract test reads (tests/server/openapi.test.ts).
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    attachPolicy(route);
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true,
        });
  });
  app.decorate('routeTable', routeTable);
  await registerOpenApi(app, { ui: devEnabled, version: '1' });

  await app.register(healthRoutes, { database });
  await app.register(helpCentreRoutes, { helpCentreUrl: config.helpCentreUrl });
  await app.register(authRoutes, { auth, botCheck, secureCookies: config.nodeEnv === 'production' });
  await app.register(accountRoutes, { account });
  const flowVersions = createFlowVersionRepository(database.db);
  const stored = options.flows
    ? undefined
    : await databaseFlowSource({
        repository: flowVersions,
        seed: options.seedFlows ?? serverFlowSource(config.schemasDir, config.localesDir),
        clock,
        log: app.log,
      });
  const flows = options.flows ?? stored!;
  if (options.warm) app.addHook('onReady', () => warm(flows));
  await app.register(catalogueRoutes, { flows });
  if (stored)
    await app.register(studioRoutes, {
      studio: createStudioService({
        repository: flowVersions,
        source: stored,
        meta: readMetaFiles(config.schemasDir),
        clock,
      }),
      isOps: async (accountId) => (await accountRepository.account(accountId))?.staffRole === 'ops',
    });
  const applicationRepository = createApplicationRepository(database.db);
  const draftRepository = createDraftRepository(database.db);
  const fileRepository = createFileRepository(database.db);
  // The e-commerce connector of the sales-data step: the sandbox (our consent page) unless configured off.
  const connector = config.ecommerceConnector === 'sandbox' ? sandboxConnector({ clock }) : null;
  const capital = createCapitalService({
    repository: createCapitalRepository(database.db),
    accounts: accountRepository,
    outbox,
    clock,
    connector,
    codeLocks: createCodeLocks({ counters: authRepository, clock }),
  });
  const drafts = createDraftsService({
    drafts: draftRepository,
    files: fileRepository,
    flows,
    clock,
    hooks: {
      [ONBOARDING_FLOW]: onboardingHooks({ applications: applicationRepository, drafts: draftRepository }),
      ...capitalFlowHooks({ capital }),
      ...options.flowHooks,
    },
  });
  await app.register(draftRoutes, { drafts, ownPaths: [ONBOARDING_FLOW], isStaff });
  const files = createFileService({
    repository: fileRepository,
    store:
      options.fileStore ??
      (config.s3 ? s3FileStore(config.s3) : localFileStore(path.join(config.dataDir, 'uploads'))),
    publicUrl: config.publicUrl,
    clock,
    quota: config.uploadQuota,
  });
  // Files nobody's answers point at go a day after their upload: swept at start and every hour, by every
  // process (a file two processes both remove is simply gone).
  const sweep = () =>
    files
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping unreferenced files failed'));
  const sweeper = setInterval(sweep, 60 * 60_000);
  sweeper.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(sweeper));
  app.decorate('services', { outbox, files });
  await app.register(applicationRoutes, {
    applications: createApplicationService({
      repository: applicationRepository,
      draftRows: draftRepository,
      drafts,
      clock,
    }),
    files,
    urlChecker: options.urlChecker ?? createUrlChecker(),
    hasMerchantAccess: async (accountId) =>
      (await accountRepository.memberships(accountId)).some((m) => m.flags.has_merchant_access === true),
    isStaff,
  });
  await app.register(organizationRoutes, {
    organizations: createOrganizationService({
      repository: createOrganizationRepository(database.db),
      accounts: accountRepository,
      clock,
    }),
  });
  await app.register(capitalRoutes, { capital });
  await app.register(disputeRoutes, {
    disputes: createDisputeService({
      repository: createDisputeRepository(database.db),
      accounts: accountRepository,
      files: fileRepository,
      clock,
    }),
    files,
  });
  await app.register(legalEntityRoutes, {
    legalEntities: createLegalEntityService({ accounts: accountRepository }),
  });
  let chatSecret: Promise<string> | undefined;
  const chatRepository = createChatRepository(database.db);
  const chat = createChatService({
    repository: chatRepository,
    accounts: accountRepository,
    clock,
    // Made once, kept in the database: every server process checks the tokens of every other.
    secret: () =>
      (chatSecret ??= authRepository.sharedSecret('chat_token_hmac_key', () =>
        randomBytes(32).toString('hex'),
      )),
    sessionOpen: (sessionId, accountId) => auth.sessionOpen(sessionId, accountId),
    limits: createRateLimitRepository(database.db),
  });
  // One LISTEN per process: every stored message, from this process or another, reaches its sockets.
  const chatHub = createChatHub({ listen: database.listen, repository: chatRepository, log: app.log });
  app.addHook('onReady', () => chatHub.start());
  app.addHook('onClose', () => chatHub.close());
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(chatRoutes, { chat });
  await app.register(chatSocketRoute, { chat, hub: chatHub });
  await app.register(storeRoutes, { stores: createStoreService({ accounts: accountRepository, clock }) });
  await app.register(usersRoutes, {
    users: createUsersService({
      repository: createUsersRepository(database.db),
      accounts: accountRepository,
      outbox,
      clock,
      publicUrl: config.publicUrl,
      counters: authRepository,
      inviteLimits: config.inviteLimits,
    }),
  });
  await app.register(supportRoutes, {
    support: createSupportService({
      repository: createSupportRepository(database.db),
      accounts: accountRepository,
      files: fileRepository,
      clock,
    }),
    files,
  });
  if (connector) await app.register(sandboxRoutes, { connector, capital, localesDir: config.localesDir });
  const webRoot = options.webRoot ?? fileURLToPath(new URL('../../dist/web', import.meta.url));
  if (devEnabled)
    await app.register(devRoutes, {
      db: database.db,
      outbox,
      account,
      clock: adjustable,
      now: () => clock.now(),
      flows,
      webRoot,
      auth,
    });
  await app.register(spaRoutes, { webRoot, devRoutes: devEnabled });

  return app;
}

/** A registered route: its method, path pattern, and whether it is left out of the API document (pages, files). */
export interface RouteEntry {
  method: string;
  url: string;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    services: { outbox: ReturnType<typeof createOutboxService>; files: ReturnType<typeof createFileService> };
  }
}
