/**
 * Every route of the server, each area's plugin given the services it calls (services.ts); then, outside
 * production, the dev helpers; and last the web app's pages and files.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { AdjustableClock, Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db';
import { registerOpenApi } from '../openapi';
import { accountRoutes } from '../routes/account';
import { applicationRoutes } from '../routes/application';
import { authRoutes } from '../routes/auth';
import { contractRoutes } from '../routes/contracts';
import { resumableUploadRoutes } from '../routes/resumableUploads';
import { capitalRoutes } from '../routes/capital';
import { catalogueRoutes } from '../routes/catalogue';
import { chatRoutes } from '../routes/chat';
import { chatSocketRoute } from '../routes/chatSocket';
import { crmRoutes } from '../routes/crm';
import { devRoutes } from '../routes/dev';
import { disputeRoutes } from '../routes/disputes';
import { paymentRoutes } from '../routes/payments';
import { payoutRoutes } from '../routes/payouts';
import { walletRoutes } from '../routes/wallet';
import { analyticsRoutes } from '../routes/analytics';
import { locationRoutes } from '../routes/locations';
import { adsRoutes } from '../routes/ads';
import { marketingRoutes } from '../routes/marketing';
import { webviewRoutes } from '../routes/webview';
import { remoteConfigRoutes } from '../routes/remoteConfig';
import { reviewRoutes } from '../routes/review';
import { merchantRoutes } from '../routes/merchants';
import { paymentLinkRoutes } from '../routes/paymentLinks';
import { draftRoutes } from '../routes/drafts';
import { healthRoutes } from '../routes/health';
import { helpCentreRoutes } from '../routes/helpCentre';
import { siteLinkRoutes } from '../routes/siteLinks';
import { legalEntityRoutes } from '../routes/legalEntities';
import { organizationRoutes } from '../routes/organization';
import { sandboxRoutes } from '../routes/sandbox';
import { checkoutRoutes } from '../routes/checkout';
import { spaRoutes } from '../routes/spa';
import { storeRoutes } from '../routes/stores';
import { studioRoutes } from '../routes/studio';
import { supportRoutes } from '../routes/support';
import { usersRoutes } from '../routes/users';
import { devReplayRoutes } from '../routes/devReplay';
import { DEV_REPLAY_SINK } from '../config';
import { ONBOARDING_FLOW } from '../services/application';
import type { Services } from './services';
import type { Readiness } from '../readiness';

export interface RoutesOptions {
  config: Config;
  database: Database;
  services: Services;
  /** Outside production: the dev helpers and the API document's page. */
  devEnabled: boolean;
  /** The clock QA may move forward (POST /dev/clock); none when a test passes its own. */
  adjustable: AdjustableClock | undefined;
  clock: Clock;
  webRoot: string;
  readiness: Readiness;
}

export const routes = fp(async (app: FastifyInstance, options: RoutesOptions) => {
  const { config, database, services: s, devEnabled, readiness } = options;
  await registerOpenApi(app, { ui: devEnabled, version: '1' });

  await app.register(healthRoutes, { database, readiness });
  await app.register(helpCentreRoutes, { helpCentreUrl: config.helpCentreUrl });
  await app.register(siteLinkRoutes, {
    siteLinks: config.siteLinks,
    errorReports: config.errorReports,
    sessionReplay: config.sessionReplay,
    nodeEnv: config.nodeEnv,
  });
  await app.register(authRoutes, {
    auth: s.auth,
    botCheck: s.botCheck,
    secureCookies: config.nodeEnv === 'production',
  });
  await app.register(accountRoutes, { account: s.account });
  await app.register(catalogueRoutes, { flows: s.flows });
  if (s.studio)
    await app.register(studioRoutes, { studio: s.studio, insights: s.formInsights, isOps: s.isOps });
  await app.register(draftRoutes, {
    drafts: s.drafts,
    formEvents: s.formEvents,
    ownPaths: [ONBOARDING_FLOW],
    isStaff: s.isStaff,
  });
  await app.register(applicationRoutes, {
    applications: s.applications,
    files: s.files,
    urlChecker: s.urlChecker,
    hasMerchantAccess: s.hasMerchantAccess,
    isStaff: s.isStaff,
  });
  await app.register(reviewRoutes, { review: s.review });
  await app.register(organizationRoutes, { organizations: s.organizations });
  await app.register(capitalRoutes, { capital: s.capital, contracts: s.contracts, languageOf: s.languageOf });
  await app.register(resumableUploadRoutes, {
    files: s.files,
    dataDir: config.dataDir,
    s3: config.s3,
    locker: s.resumableLocker,
  });
  await app.register(contractRoutes, {
    contracts: s.contracts,
    isStaff: s.isStaff,
    languageOf: s.languageOf,
  });
  await app.register(disputeRoutes, { disputes: s.disputes, files: s.files });
  await app.register(paymentRoutes, { payments: s.payments, localesDir: config.localesDir });
  await app.register(payoutRoutes, { payouts: s.payouts });
  await app.register(analyticsRoutes, { analytics: s.analytics });
  await app.register(locationRoutes, { locations: s.locations });
  await app.register(adsRoutes, { ads: s.ads, users: s.users });
  await app.register(marketingRoutes, { marketing: s.marketing });
  await app.register(walletRoutes, {
    wallet: s.wallet,
    cards: s.cards,
    auth: s.auth,
    cardNetwork: devEnabled,
  });
  await app.register(webviewRoutes, {
    auth: s.auth,
    account: s.account,
    publicUrl: config.publicUrl,
    secureCookies: config.nodeEnv === 'production',
  });
  await app.register(remoteConfigRoutes, { remoteConfig: s.remoteConfig, isOps: s.isOps });
  await app.register(merchantRoutes, {
    merchants: s.merchants,
    auth: s.auth,
    legalEntities: s.legalEntities,
  });
  await app.register(paymentLinkRoutes, { links: s.paymentLinks });
  await app.register(legalEntityRoutes, { legalEntities: s.legalEntities });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // Closing (a restart, a deploy): every chat socket hears 1012 "service restart" and reconnects, to another
    // instance behind the balancer (the default would close without a code).
    preClose(done) {
      for (const client of app.websocketServer.clients) client.close(1012, 'service restart');
      app.websocketServer.close(() => done());
    },
  });
  await app.register(chatRoutes, { chat: s.chat });
  await app.register(chatSocketRoute, { chat: s.chat, hub: s.chatHub });
  await app.register(storeRoutes, { stores: s.stores });
  await app.register(usersRoutes, { users: s.users });
  await app.register(supportRoutes, { support: s.support, files: s.files });
  await app.register(crmRoutes, { template: config.crmApplicationUrl });
  if (s.checkout) await app.register(checkoutRoutes, { checkout: s.checkout, localesDir: config.localesDir });
  if (s.connector)
    await app.register(sandboxRoutes, {
      connector: s.connector,
      capital: s.capital,
      marketing: s.marketing,
      localesDir: config.localesDir,
    });
  if (devEnabled)
    await app.register(devRoutes, {
      db: database.db,
      outbox: s.outbox,
      account: s.account,
      clock: options.adjustable,
      devClock: s.devClock,
      now: () => options.clock.now(),
      flows: s.flows,
      webRoot: options.webRoot,
      auth: s.auth,
      capital: s.capital,
    });
  if (devEnabled && config.sessionReplay?.endpoint === DEV_REPLAY_SINK)
    await app.register(devReplayRoutes, { replay: s.devReplay });
  await app.register(spaRoutes, { webRoot: options.webRoot, devRoutes: devEnabled });
});
