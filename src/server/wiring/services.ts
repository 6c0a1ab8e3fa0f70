/**
 * Every service of the server, made once per app around its database (routes → services → repositories: the
 * repositories are made here and handed to the services that own them). What a route needs it gets from this
 * object (routes.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { warm, type FlowSource } from '../../catalogue/serverFlowSource';
import { readMetaFiles } from '../../catalogue/source';
import { serverFlowSource } from '../catalogue';
import type { AdjustableClock, Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db';
import { createAccountRepository } from '../repositories/account';
import { createApplicationRepository } from '../repositories/application';
import { createAuthRepository } from '../repositories/auth';
import { createCapitalRepository } from '../repositories/capital';
import { createChatRepository } from '../repositories/chat';
import { createDisputeRepository } from '../repositories/disputes';
import { createPaymentRepository } from '../repositories/payments';
import { createPayoutRepository } from '../repositories/payouts';
import { createWalletRepository } from '../repositories/wallet';
import { createLocationRepository } from '../repositories/locations';
import { createAdsRepository } from '../repositories/ads';
import { createMarketingRepository } from '../repositories/marketing';
import { createAnalyticsRepository } from '../repositories/analytics';
import { createDraftRepository } from '../repositories/drafts';
import { createFileRepository } from '../repositories/files';
import { createFlowVersionRepository } from '../repositories/flowVersions';
import { createOrganizationRepository } from '../repositories/organization';
import { createOutboxRepository } from '../repositories/outbox';
import { createRateLimitRepository } from '../repositories/rateLimits';
import { createResumableLockRepository } from '../repositories/resumableLocks';
import { createResumableLocker } from '../services/resumableLocks';
import { createReviewRepository } from '../repositories/reviews';
import { createSupportRepository } from '../repositories/support';
import { createUsersRepository } from '../repositories/users';
import { s3FileStore } from '../s3';
import { createAccountService } from '../services/account';
import { createApplicationService, onboardingHooks, ONBOARDING_FLOW } from '../services/application';
import { createReviewService, type ReviewWords } from '../services/review';
import { LANGUAGES, type Language } from '../../domain/language';
import { createAuthService } from '../services/auth';
import { createBotCheck } from '../services/botCheck';
import { createCapitalService } from '../services/capital';
import { capitalFlowHooks } from '../services/capital/flowHooks';
import { createChatHub, createChatService } from '../services/chat';
import { createCodeLocks } from '../services/codeLocks';
import { sandboxConnector } from '../services/connectors';
import { createDisputeService } from '../services/disputes';
import { createPaymentService } from '../services/payments';
import { createPayoutService } from '../services/payouts';
import { createWalletService } from '../services/wallet';
import { createLocationService } from '../services/locations';
import { createAdsService } from '../services/ads';
import { createMarketingService, STORE_LISTING_FLOW } from '../services/marketing';
import { createAnalyticsService } from '../services/analytics';
import { createCardService } from '../services/cards';
import { createRemoteConfigService } from '../services/remoteConfig';
import { createMerchantService } from '../services/merchants';
import { createPaymentLinkService } from '../services/paymentLinks';
import { createCheckoutService } from '../services/checkout';
import { createPaymentLinkRepository } from '../repositories/paymentLinks';
import { createApiKeyRepository } from '../repositories/apiKeys';
import { createSettingsRepository } from '../repositories/settings';
import { createDevClock } from '../services/devClock';
import { createDraftsService, type FlowHooks } from '../services/drafts';
import { createFileService } from '../services/files';
import { databaseFlowSource } from '../services/flowStore';
import { createLegalEntityService } from '../services/legalEntities';
import { createOrganizationService } from '../services/organization';
import { createContractService } from '../services/contracts';
import type { ContractWords } from '../services/contracts/documents';
import { simulatedBank } from '../services/capital/directDebit';
import { createContractRepository } from '../repositories/contracts';
import { createOutboxService } from '../services/outbox';
import { createDevReplayService } from '../services/devReplay';
import { createDevReplayRepository } from '../repositories/devReplay';
import { createFormEventsService } from '../services/formEvents';
import { createFormEventRepository } from '../repositories/formEvents';
import { createFormInsightsService } from '../services/formInsights';
import { createStoreService } from '../services/stores';
import { createStudioService } from '../services/studio';
import { createSupportService } from '../services/support';
import { createUrlChecker, type UrlChecker } from '../services/urlCheck';
import { createUsersService } from '../services/users';
import { localFileStore, type FileStore } from '../storage';

/** What a test (or the server's start) may hand the services instead of their defaults. */
export interface ServiceOptions {
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
}

interface ServiceContext {
  config: Config;
  database: Database;
  clock: Clock;
  /** The clock QA may move (outside production, when no test gave its own): shared by every instance. */
  adjustable?: AdjustableClock;
  options: ServiceOptions;
  log: FastifyBaseLogger;
}

/** What several areas share: the outbox, the accounts, the counters and secrets, the files, the connector. */
function sharedParts({ config, database, clock }: ServiceContext) {
  const db = database.db;
  const authRepository = createAuthRepository(db);
  return {
    db,
    outbox: createOutboxService({
      repository: createOutboxRepository(db),
      clock,
      smtpUrl: config.smtpUrl,
      from: `no-reply@${new URL(config.publicUrl).hostname}`,
    }),
    authRepository,
    accountRepository: createAccountRepository(db),
    fileRepository: createFileRepository(db),
    contractRepository: createContractRepository(db),
    /** The per-number lockouts of every code sent (sign-in's, the signatory's, a contract's). */
    codeLocks: createCodeLocks({ counters: authRepository, clock }),
    // The e-commerce connector of capital's sales data and marketing: the sandbox (our consent page) unless off.
    connector:
      config.ecommerceConnector === 'sandbox'
        ? sandboxConnector({
            clock,
            key: async () =>
              Buffer.from(
                await authRepository.sharedSecret('sandbox_connector_key', () =>
                  randomBytes(32).toString('hex'),
                ),
                'hex',
              ),
          })
        : null,
  };
}
type Shared = ReturnType<typeof sharedParts>;

/** Signing in and who is asking: sessions, the bot check, the account, the staff. */
function signInArea({ config, clock }: ServiceContext, shared: Shared) {
  const { authRepository, accountRepository, outbox } = shared;
  return {
    auth: createAuthService({
      repository: authRepository,
      outbox,
      clock,
      setupAddressLimit: config.setupAddressLimit,
    }),
    botCheck: createBotCheck({ repository: authRepository, clock, enabled: config.botCheck === 'on' }),
    account: createAccountService({ repository: accountRepository, clock }),
    /** Counts a key's hits in a window (the flood limits), shared by every server process. */
    counters: authRepository,
    /** The provider's staff: ops, who run the studio and answer the chat. Not merchants. */
    isStaff: async (accountId: string) => (await accountRepository.account(accountId))?.staffRole != null,
    isOps: async (accountId: string) => (await accountRepository.account(accountId))?.staffRole === 'ops',
    hasMerchantAccess: async (accountId: string) =>
      (await accountRepository.memberships(accountId)).some((m) => m.flags.has_merchant_access === true),
  };
}

/** The contracts' words in each language (locales/<lang>/contracts.json), read once. */
function contractWords(localesDir: string): Record<Language, ContractWords> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      JSON.parse(readFileSync(path.join(localesDir, lang, 'contracts.json'), 'utf8')) as ContractWords,
    ]),
  ) as Record<Language, ContractWords>;
}

/** The review e-mails' words in each language, read once from the app's own texts (one wording of each). */
function reviewWords(localesDir: string): Record<Language, ReviewWords> {
  const read = (lang: string, namespace: string) =>
    JSON.parse(readFileSync(path.join(localesDir, lang, `${namespace}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
  return Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      { email: read(lang, 'review').email, reasons: read(lang, 'reasons') } as ReviewWords,
    ]),
  ) as Record<Language, ReviewWords>;
}

/** The forms: flows (in the database, or a test's own source), the studio, drafts and their hooks, files, capital. */
async function formsArea(context: ServiceContext, shared: Shared) {
  const { config, clock, options, log } = context;
  const { db, outbox, accountRepository, fileRepository, connector } = shared;
  const flowVersions = createFlowVersionRepository(db);
  const stored = options.flows
    ? undefined
    : await databaseFlowSource({
        repository: flowVersions,
        seed: options.seedFlows ?? serverFlowSource(config.schemasDir, config.localesDir),
        clock,
        log,
      });
  const flows = options.flows ?? stored!;
  const applicationRepository = createApplicationRepository(db);
  const reviewRepository = createReviewRepository(db);
  const draftRepository = createDraftRepository(db);
  const words = contractWords(config.localesDir);
  const capital = createCapitalService({
    repository: createCapitalRepository(db),
    accounts: accountRepository,
    outbox,
    clock,
    connector,
    codeLocks: shared.codeLocks,
    contracts: shared.contractRepository,
    log,
    bank: simulatedBank(outbox, { en: words.en.sms.mandate, ar: words.ar.sms.mandate }),
  });
  const marketing = createMarketingService({
    repository: createMarketingRepository(db),
    accounts: accountRepository,
    clock,
    connector,
  });
  const formEventRepository = createFormEventRepository(db);
  const formEvents = createFormEventsService({
    repository: formEventRepository,
    clock,
    log,
    retentionDays: config.formEventsRetentionDays,
    leftDays: config.formLeftDays,
    flushMs: config.formEventsFlushMs,
    limits: createRateLimitRepository(db),
  });
  const drafts = createDraftsService({
    drafts: draftRepository,
    files: fileRepository,
    flows,
    clock,
    events: formEvents.sink,
    hooks: {
      [ONBOARDING_FLOW]: onboardingHooks({ applications: applicationRepository, drafts: draftRepository }),
      ...capitalFlowHooks({ capital }),
      [STORE_LISTING_FLOW]: marketing.storeListingHooks(),
      ...options.flowHooks,
    },
  });
  const fileStore =
    options.fileStore ??
    (config.s3 ? s3FileStore(config.s3) : localFileStore(path.join(config.dataDir, 'uploads')));
  const files = createFileService({
    repository: fileRepository,
    store: fileStore,
    publicUrl: config.publicUrl,
    clock,
    quota: config.uploadQuota,
  });
  return {
    flows,
    /** Compiles every flow's current version (the server's start). */
    warmFlows: () => warm(flows),
    studio: stored
      ? createStudioService({
          repository: flowVersions,
          source: stored,
          meta: readMetaFiles(config.schemasDir),
          clock,
        })
      : null,
    capital,
    marketing,
    connector,
    drafts,
    formEvents,
    formInsights: createFormInsightsService({
      repository: formEventRepository,
      flows,
      movedFrom: flowVersions.movedFrom,
    }),
    files,
    fileStore,
    /** Who writes to a resumable upload now, shared by every instance (a lease in the database). */
    resumableLocker: createResumableLocker(createResumableLockRepository(db)),
    contractWords: words,
    applications: createApplicationService({
      repository: applicationRepository,
      draftRows: draftRepository,
      drafts,
      reviews: reviewRepository,
      clock,
    }),
    review: createReviewService({
      repository: reviewRepository,
      accounts: accountRepository,
      files,
      clock,
      outbox,
      words: reviewWords(config.localesDir),
      publicUrl: config.publicUrl,
    }),
    urlChecker: options.urlChecker ?? createUrlChecker(),
  };
}

/** The money: orders, payouts, the wallet and its card, payment links and the sandbox checkout, analytics. */
function moneyArea({ config, clock }: ServiceContext, shared: Shared) {
  const { db, outbox, authRepository, accountRepository } = shared;
  const paymentRepository = createPaymentRepository(db);
  const payouts = createPayoutService({
    repository: createPayoutRepository(db),
    payments: paymentRepository,
    accounts: accountRepository,
    clock,
  });
  const walletRepository = createWalletRepository(db);
  const settle = (merchantIds: string[]) => payouts.settleDue(merchantIds);
  return {
    payments: createPaymentService({
      repository: paymentRepository,
      disputes: createDisputeRepository(db),
      accounts: accountRepository,
      clock,
    }),
    payouts,
    wallet: createWalletService({ repository: walletRepository, accounts: accountRepository, settle, clock }),
    cards: createCardService({ repository: walletRepository, accounts: accountRepository, settle, clock }),
    paymentLinks: createPaymentLinkService({
      repository: createPaymentLinkRepository(db),
      accounts: accountRepository,
      outbox,
      clock,
      counters: authRepository,
      limits: config.linkLimits,
      // The provider's checkout opens the link (CHECKOUT_URL; the sandbox's outside production): config.ts.
      checkoutUrl: config.checkoutUrl ? (token) => `${config.checkoutUrl}/${token}` : null,
    }),
    checkout: config.sandboxCheckout
      ? createCheckoutService({
          repository: createPaymentLinkRepository(db),
          accounts: accountRepository,
          clock,
        })
      : null,
    analytics: createAnalyticsService({
      repository: createAnalyticsRepository(db),
      accounts: accountRepository,
      clock,
    }),
  };
}

/** The merchant's own set-up: organisations, merchants and keys, legal entities, stores, the team, locations, ads. */
function merchantArea({ config, clock }: ServiceContext, shared: Shared) {
  const { db, outbox, authRepository, accountRepository, fileRepository } = shared;
  return {
    organizations: createOrganizationService({
      repository: createOrganizationRepository(db),
      accounts: accountRepository,
      clock,
    }),
    merchants: createMerchantService({
      accounts: accountRepository,
      organizations: createOrganizationRepository(db),
      keys: createApiKeyRepository(db),
      clock,
    }),
    legalEntities: createLegalEntityService({ accounts: accountRepository, files: fileRepository, clock }),
    stores: createStoreService({ accounts: accountRepository, clock }),
    users: createUsersService({
      repository: createUsersRepository(db),
      accounts: accountRepository,
      outbox,
      clock,
      publicUrl: config.publicUrl,
      counters: authRepository,
      inviteLimits: config.inviteLimits,
    }),
    locations: createLocationService({
      repository: createLocationRepository(db),
      accounts: accountRepository,
      clock,
    }),
    ads: createAdsService({ repository: createAdsRepository(db), accounts: accountRepository, clock }),
  };
}

/** Help: disputes, support tickets, the chat (its hub: one LISTEN per process), the status message, QA's clock. */
function helpArea(context: ServiceContext, shared: Shared, sessionOpen: ChatSessionCheck) {
  const { clock, database, log } = context;
  const { db, authRepository, accountRepository, fileRepository } = shared;
  const settings = createSettingsRepository(db);
  const chatRepository = createChatRepository(db);
  let chatSecret: Promise<string> | undefined;
  return {
    disputes: createDisputeService({
      repository: createDisputeRepository(db),
      accounts: accountRepository,
      files: fileRepository,
      clock,
    }),
    support: createSupportService({
      repository: createSupportRepository(db),
      accounts: accountRepository,
      files: fileRepository,
      clock,
    }),
    chat: createChatService({
      repository: chatRepository,
      accounts: accountRepository,
      clock,
      // Made once, kept in the database: every server process checks the tokens of every other.
      secret: () =>
        (chatSecret ??= authRepository.sharedSecret('chat_token_hmac_key', () =>
          randomBytes(32).toString('hex'),
        )),
      sessionOpen,
      limits: createRateLimitRepository(db),
    }),
    // One LISTEN per process: every stored message, from this process or another, reaches its sockets.
    chatHub: createChatHub({ listen: database.listen, repository: chatRepository, log }),
    remoteConfig: createRemoteConfigService({ settings, accounts: accountRepository, clock }),
    // Session replay's development sink (SESSION_REPLAY_URL=dev; routes/devReplay.ts).
    devReplay: createDevReplayService({ repository: createDevReplayRepository(db), clock }),
    devClock: context.adjustable
      ? createDevClock({ clock: context.adjustable, settings, listen: database.listen })
      : undefined,
  };
}
type ChatSessionCheck = (sessionId: string, accountId: string) => Promise<boolean>;

/** Every service, area by area over the parts they share. */
export async function createServices(context: ServiceContext) {
  const shared = sharedParts(context);
  const signIn = signInArea(context, shared);
  const forms = await formsArea(context, shared);
  const merchant = merchantArea(context, shared);
  return {
    outbox: shared.outbox,
    ...signIn,
    ...forms,
    ...moneyArea(context, shared),
    ...merchant,
    /** The account's own language (what its e-mails and contracts are written in unless a page says). */
    languageOf: async (accountId: string): Promise<Language> =>
      (await shared.accountRepository.account(accountId))?.lang === 'ar' ? 'ar' : 'en',
    // Contracts signed inside the product: capital's advance and a store's agreement (docs/contracts.md).
    contracts: createContractService({
      repository: shared.contractRepository,
      store: forms.fileStore,
      outbox: shared.outbox,
      clock: context.clock,
      codeLocks: shared.codeLocks,
      words: forms.contractWords,
      kinds: {
        capital_loan: forms.capital.capitalContractKind,
        store: merchant.organizations.storeContractKind,
      },
    }),
    ...helpArea(context, shared, (sessionId, accountId) => signIn.auth.sessionOpen(sessionId, accountId)),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
