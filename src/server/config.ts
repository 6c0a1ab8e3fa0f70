/**
 * Server configuration, read once from the environment at start.
 *
 * Every value is checked here so that a bad one stops the server with one
 * line naming the variable, what it must be and what it was — never a stack
 * trace from deep inside a library.
 */

import { statSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import { fromRoot } from './paths';
import type { S3Settings } from './s3';
import { CRM_PLACEHOLDER } from '../domain/crm';
import { dsnProblem } from '../domain/errorReports';
import { LEFT_DAYS_DEFAULT } from '../domain/formEvents';
import { SITE_LINK_KEYS, type SiteLinkKey, type SiteLinks } from '../contract/siteLinks';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: NodeEnv;
  publicUrl: string;
  smtpUrl: string | undefined;
  botCheck: 'on' | 'off';
  /** Sign-in calls one client address may make per minute before 429 (flood protection). */
  authRateLimit: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address: none (false, the default), the nearest
   * n hops, or the listed addresses and ranges. Believing every client would let anyone pick a fresh address,
   * and so a fresh rate-limit count, per request.
   */
  trustProxy: false | number | string[];
  /** What one account may upload in a rolling day (files, bytes) before 429: storage nobody can fill by script. */
  uploadQuota: { files: number; bytes: number };
  /** New addresses one client address may send set-up codes to in an hour (SMS pumping), before 429. */
  setupAddressLimit: number;
  /** Invitations (each an e-mail or an SMS) one inviting account, and one merchant, may send in a day, before 429. */
  inviteLimits: { perAccount: number; perMerchant: number };
  /** Payment links (each an SMS) one member may send an hour, and one merchant a day. */
  linkLimits: { perMemberHour: number; perMerchantDay: number };
  /**
   * The embedded database: flush to disk before a write is acknowledged (survives a power cut), or leave it to
   * the operating system (survives the process dying only). On by default in production (db/groupSync.ts).
   */
  dbSync: boolean;
  /** DB_READ_CACHE: the embedded database answers repeated reads from memory (db/readCache.ts). */
  dbReadCache: boolean;
  /** DB_THREAD: the embedded database runs on a thread of its own beside the requests' (db/pgliteThread.ts). */
  dbThread: boolean;
  /** How long /ready answers 503 before the server closes on SIGTERM (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /**
   * The e-commerce connector of capital's sales-data step (docs/capital.md): `sandbox`, our local stand-in for
   * the provider's aggregator (a consent page that issues test tokens), or `none` (connecting answers 503).
   * Default: sandbox outside production; production must ask for it by name.
   */
  ecommerceConnector: 'sandbox' | 'none';
  /**
   * CHECKOUT_URL: where a payment link's SMS sends the customer — the provider's checkout, the link's token
   * appended as the last path segment. Unset: the sandbox checkout at PUBLIC_URL/checkout/pl outside production
   * (routes/checkout.ts); in production, none, and a link is refused (503) rather than sent to nowhere.
   */
  checkoutUrl: string | undefined;
  /**
   * CRM_APPLICATION_URL: the CRM's page of an application, `{applicationId}` where its id goes; the app's
   * `pipedrive/{applicationId}` route sends the browser there. Unset: that route says no CRM is set up.
   */
  crmApplicationUrl: string | undefined;
  /** Whether the sandbox checkout is served (no CHECKOUT_URL, not production). */
  sandboxCheckout: boolean;
  /** Uploads go to this S3-compatible bucket instead of DATA_DIR/uploads when S3_BUCKET is set. */
  s3: S3Settings | undefined;
  /**
   * HELP_CENTRE_URL: where "Help centre" (top bar, drawer) takes a merchant — the provider's help site, `{lang}`
   * standing for en or ar. Unset: the back office's own help page, /help (docs/configuration.md).
   */
  helpCentreUrl: string | undefined;
  /**
   * ERROR_REPORTS_DSN: where the browser reports its unexpected errors (a Sentry or GlitchTip project's DSN;
   * src/domain/errorReports.ts), ERROR_REPORTS_ENVIRONMENT naming this deployment in them (default NODE_ENV).
   * Unset: nothing is reported and the SDK is never loaded.
   */
  errorReports: { dsn: string; environment: string } | undefined;
  /**
   * SESSION_REPLAY_URL: where the browser sends its session-replay chunks (src/domain/sessionReplay.ts) — an https
   * address taking them as JSON posts, or `dev` outside production: this server keeps the newest sessions and
   * plays them at /dev/replay. Unset: nothing is recorded and the recorder is never loaded.
   */
  sessionReplay: { endpoint: string } | undefined;
  /**
   * FORM_EVENTS_RETENTION_DAYS: how long form events (issue 61, domain/formEvents.ts) are kept for the studio's
   * insights; older ones are removed every hour. Default 400: a year compared with the year before, and a month more.
   */
  formEventsRetentionDays: number;
  /**
   * FORM_LEFT_DAYS: a draft not submitted and untouched this many days gets a `left` form event (domain/formEvents.ts
   * LEFT_DAYS_DEFAULT, 14), written by the hourly sweep; 1 to 365.
   */
  formLeftDays: number;
  /**
   * FORM_EVENTS_FLUSH_MS: how long the form events a save or submit carries wait, to be written together behind
   * the call (services/formEvents.ts); 0 to 5000, default 250 (0 in tests: written before the call answers).
   */
  formEventsFlushMs: number;
  /**
   * The provider's addresses a merchant is shown (contract/siteLinks.ts): TERMS_URL, PRIVACY_URL, MARKETPLACE_URL,
   * MERCHANT_APP_URL, APP_STORE_URL, GOOGLE_PLAY_URL, SURVEY_URL (https, `{lang}` allowed), SUPPORT_EMAIL,
   * CAPITAL_EMAIL. One not set is not shown (docs/configuration.md).
   */
  siteLinks: SiteLinks;
  /** The form catalogue the server serves, and its translations (default: this checkout's schemas/, locales/). */
  schemasDir: string;
  localesDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** A whole number from `min` to `max`, or the fallback when unset. */
function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** A switch: `on` or `off` (the default when unset), anything else refused with the variable's name. */
function onOff(env: Env, name: string, fallback: 'on' | 'off'): boolean {
  const raw = nonEmpty(env, name) ?? fallback;
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(`${name} must be on or off, got "${raw}"`);
  return raw === 'on';
}

/** The settings behind each site link: an https address (`{lang}` allowed) or an e-mail address. */
const SITE_LINK_SETTINGS: Record<SiteLinkKey, [setting: string, kind: 'url' | 'email']> = {
  terms: ['TERMS_URL', 'url'],
  privacy: ['PRIVACY_URL', 'url'],
  marketplace: ['MARKETPLACE_URL', 'url'],
  merchant_app: ['MERCHANT_APP_URL', 'url'],
  app_store: ['APP_STORE_URL', 'url'],
  google_play: ['GOOGLE_PLAY_URL', 'url'],
  support_email: ['SUPPORT_EMAIL', 'email'],
  capital_email: ['CAPITAL_EMAIL', 'email'],
  survey: ['SURVEY_URL', 'url'],
};

function readSiteLinks(env: Env): SiteLinks {
  const entries = SITE_LINK_KEYS.map((key) => {
    const [name, kind] = SITE_LINK_SETTINGS[key];
    const value = nonEmpty(env, name);
    if (value === undefined) return [key, null];
    if (kind === 'url') parseUrl(name, value.replaceAll('{lang}', 'en'), ['https']);
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
      throw new ConfigError(`${name} must be an e-mail address, got "${value}"`);
    return [key, value];
  });
  return Object.fromEntries(entries) as SiteLinks;
}

/** The development sink's address (routes/devReplay.ts). */
export const DEV_REPLAY_SINK = '/dev/replay/chunks';

function readSessionReplay(raw: string | undefined, nodeEnv: string): { endpoint: string } | undefined {
  if (raw === undefined || raw === 'off') return undefined;
  if (raw === 'dev') {
    // /dev addresses answer 404 in production: a recorder sending there would lose every chunk.
    if (nodeEnv === 'production')
      throw new ConfigError(
        'SESSION_REPLAY_URL=dev keeps replays in the development sink, which production does not serve; set an https address or leave it unset',
      );
    return { endpoint: DEV_REPLAY_SINK };
  }
  parseUrl('SESSION_REPLAY_URL', raw, ['https']);
  return { endpoint: raw };
}

function parseUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(' or ')}), got "${value}"`);
  }
  if (!protocols.includes(url.protocol.replace(/:$/, ''))) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}, got "${value}"`,
    );
  }
  return url;
}

/**
 * TRUST_PROXY: unset, `false` or `0` — no proxy is believed; a whole number n from 1 to 10 — the nearest n
 * proxies are (a load balancer in front: 1); otherwise a comma-separated list of addresses and CIDR ranges of
 * the proxies to believe (`10.0.0.0/8, 192.168.1.4`).
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10)
      throw new ConfigError(`TRUST_PROXY as a hop count must be from 1 to 10, got "${raw}"`);
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    // ipaddr.js reads addresses as the proxy check that uses this list does (fastify's proxy-addr uses it too).
    const valid = entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry);
    if (!valid)
      throw new ConfigError(
        `TRUST_PROXY must be false, a hop count (1–10) or addresses and CIDR ranges separated by commas, got "${entry}" in "${raw}"`,
      );
  }
  return entries;
}

/**
 * Reads and checks the configuration.
 * @param env - the environment, usually `process.env`
 * @returns - the checked configuration
 * @throws ConfigError - with a one-line message naming the bad variable
 */
export function loadConfig(env: Env): Config {
  const nodeEnvRaw = nonEmpty(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;

  const portRaw = nonEmpty(env, 'PORT') ?? '8080';
  const port = Number(portRaw);
  if (!/^\d+$/.test(portRaw) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, got "${portRaw}"`);
  }

  const host = nonEmpty(env, 'HOST') ?? '0.0.0.0';
  if (/\s/.test(host))
    throw new ConfigError(`HOST must be a host name or address without spaces, got "${host}"`);

  const dataDir = nonEmpty(env, 'DATA_DIR') ?? './data';

  const databaseUrl = nonEmpty(env, 'DATABASE_URL');
  if (databaseUrl !== undefined) parseUrl('DATABASE_URL', databaseUrl, ['postgres', 'postgresql']);

  const publicUrlRaw = nonEmpty(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  const publicUrl = parseUrl('PUBLIC_URL', publicUrlRaw, ['http', 'https']).origin;

  const smtpUrl = nonEmpty(env, 'SMTP_URL');
  if (smtpUrl !== undefined) parseUrl('SMTP_URL', smtpUrl, ['smtp', 'smtps']);

  const botCheckOn = onOff(env, 'BOT_CHECK', 'on');
  if (!botCheckOn && nodeEnv === 'production') {
    throw new ConfigError('BOT_CHECK=off is refused when NODE_ENV=production');
  }

  // 30 a minute: a person signing in makes a handful; a script trying addresses makes thousands.
  const authRateLimit = wholeNumber(env, 'AUTH_RATE_LIMIT', 30, 1, 100000);

  const trustProxy = parseTrustProxy(nonEmpty(env, 'TRUST_PROXY'));
  // An application needs some twenty files; a hundred a day leaves room for retries and a second store.
  const uploadFiles = wholeNumber(env, 'UPLOAD_DAILY_FILES', 100, 1, 100000);
  const uploadMegabytes = wholeNumber(env, 'UPLOAD_DAILY_MB', 250, 1, 1000000);
  const setupAddressLimit = wholeNumber(env, 'SETUP_ADDRESS_LIMIT', 10, 1, 100000);
  // A team is invited over days, not in one sitting: 20 a day from one admin and 50 to one merchant's team leave
  // room for a large shop's first day, and cap what a taken-over admin account can send (each SMS costs money).
  const invitePerAccount = wholeNumber(env, 'INVITE_DAILY_LIMIT', 20, 1, 100000);
  const invitePerMerchant = wholeNumber(env, 'INVITE_MERCHANT_DAILY_LIMIT', 50, 1, 100000);
  // Each payment link is an SMS with text the sender chose, to any number (issue 53, finding 4): 30 an hour is a
  // link every two minutes from one salesperson all day, and 500 a day covers a busy merchant's whole team, while a
  // taken-over account can no longer send thousands.
  const linksPerMemberHour = wholeNumber(env, 'PAYMENT_LINK_HOURLY_LIMIT', 30, 1, 100000);
  const linksPerMerchantDay = wholeNumber(env, 'PAYMENT_LINK_MERCHANT_DAILY_LIMIT', 500, 1, 1000000);
  const dbSync = onOff(env, 'DB_SYNC', nodeEnv === 'production' ? 'on' : 'off');
  // On SIGTERM the server first answers /ready with 503 for this long (still serving everything else), so a load
  // balancer that asks every few seconds stops sending it new requests before it closes (5 s in production: two
  // checks of a balancer that asks every 2 s); outside production Ctrl-C stops it at once.
  const shutdownDrainMs = wholeNumber(
    env,
    'SHUTDOWN_DRAIN_MS',
    nodeEnv === 'production' ? 5000 : 0,
    0,
    120000,
  );
  const dbReadCache = onOff(env, 'DB_READ_CACHE', 'on');
  const dbThread = onOff(env, 'DB_THREAD', 'on');
  const connector = nonEmpty(env, 'ECOMMERCE_CONNECTOR') ?? (nodeEnv === 'production' ? 'none' : 'sandbox');
  if (connector !== 'sandbox' && connector !== 'none')
    throw new ConfigError(`ECOMMERCE_CONNECTOR must be "sandbox" or "none", got "${connector}"`);

  const checkoutRaw = nonEmpty(env, 'CHECKOUT_URL');
  const checkoutUrl =
    checkoutRaw !== undefined
      ? parseUrl('CHECKOUT_URL', checkoutRaw, ['https', 'http']).href.replace(/\/$/, '')
      : nodeEnv === 'production'
        ? undefined
        : `${publicUrl}/checkout/pl`;
  const sandboxCheckout = checkoutRaw === undefined && nodeEnv !== 'production';

  const crmRaw = nonEmpty(env, 'CRM_APPLICATION_URL');
  if (crmRaw !== undefined) {
    parseUrl('CRM_APPLICATION_URL', crmRaw.replaceAll(CRM_PLACEHOLDER, 'id'), ['https', 'http']);
    if (!crmRaw.includes(CRM_PLACEHOLDER))
      throw new ConfigError(
        `CRM_APPLICATION_URL must hold ${CRM_PLACEHOLDER} where the application's id goes, e.g. https://example.pipedrive.com/deal/${CRM_PLACEHOLDER}, got "${crmRaw}"`,
      );
  }
  const crmApplicationUrl = crmRaw;

  const helpCentreUrl = nonEmpty(env, 'HELP_CENTRE_URL');
  if (helpCentreUrl !== undefined)
    parseUrl('HELP_CENTRE_URL', helpCentreUrl.replaceAll('{lang}', 'en'), ['https']);

  const siteLinks = readSiteLinks(env);

  const dsn = nonEmpty(env, 'ERROR_REPORTS_DSN');
  const dsnWrong = dsn === undefined ? null : dsnProblem(dsn);
  if (dsnWrong) throw new ConfigError(`ERROR_REPORTS_DSN ${dsnWrong}, got "${dsn}"`);
  const errorReports =
    dsn === undefined
      ? undefined
      : { dsn, environment: nonEmpty(env, 'ERROR_REPORTS_ENVIRONMENT') ?? nodeEnv };

  const sessionReplay = readSessionReplay(nonEmpty(env, 'SESSION_REPLAY_URL'), nodeEnv);
  const formEventsRetentionDays = wholeNumber(env, 'FORM_EVENTS_RETENTION_DAYS', 400, 1, 3650);
  const formLeftDays = wholeNumber(env, 'FORM_LEFT_DAYS', LEFT_DAYS_DEFAULT, 1, 365);
  const formEventsFlushMs = wholeNumber(env, 'FORM_EVENTS_FLUSH_MS', nodeEnv === 'test' ? 0 : 250, 0, 5000);

  const directory = (name: string, fallback: string) => {
    const dir = nonEmpty(env, name) ?? fallback;
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new ConfigError(`${name} must be a directory, got "${dir}"`);
    return dir;
  };
  const schemasDir = directory('SCHEMAS_DIR', fromRoot('schemas'));
  const localesDir = directory('LOCALES_DIR', fromRoot('locales'));

  return {
    helpCentreUrl,
    errorReports,
    sessionReplay,
    formEventsRetentionDays,
    formLeftDays,
    formEventsFlushMs,
    siteLinks,
    schemasDir,
    localesDir,
    s3: loadS3(env),
    port,
    host,
    dataDir,
    databaseUrl,
    nodeEnv,
    publicUrl,
    smtpUrl,
    botCheck: botCheckOn ? 'on' : 'off',
    authRateLimit,
    trustProxy,
    uploadQuota: { files: uploadFiles, bytes: uploadMegabytes * 1_000_000 },
    setupAddressLimit,
    inviteLimits: { perAccount: invitePerAccount, perMerchant: invitePerMerchant },
    linkLimits: { perMemberHour: linksPerMemberHour, perMerchantDay: linksPerMerchantDay },
    dbSync,
    dbReadCache,
    dbThread,
    shutdownDrainMs,
    ecommerceConnector: connector,
    checkoutUrl,
    sandboxCheckout,
    crmApplicationUrl,
  };
}

const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'];

/** The S3 store's settings: all or nothing, so a half-configured bucket never silently falls back to DATA_DIR. */
function loadS3(env: Env): S3Settings | undefined {
  const bucket = nonEmpty(env, 'S3_BUCKET');
  if (bucket === undefined) {
    const stray = S3_OPTIONAL.find((name) => nonEmpty(env, name) !== undefined);
    if (stray)
      throw new ConfigError(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store uploads in S3`);
    return undefined;
  }
  // S3's bucket naming rule: 3–63 lower-case letters, digits, dots and hyphens, starting and ending alphanumeric.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `S3_BUCKET must be 3 to 63 lower-case letters, digits, dots or hyphens, got "${bucket}"`,
    );
  const region = nonEmpty(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region))
    throw new ConfigError(`S3_REGION must be a region name such as eu-central-1, got "${region}"`);
  const endpointRaw = nonEmpty(env, 'S3_ENDPOINT') ?? `https://s3.${region}.amazonaws.com`;
  const endpoint = parseUrl('S3_ENDPOINT', endpointRaw, ['http', 'https']);
  const accessKeyId = nonEmpty(env, 'S3_ACCESS_KEY_ID') ?? nonEmpty(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = nonEmpty(env, 'S3_SECRET_ACCESS_KEY') ?? nonEmpty(env, 'AWS_SECRET_ACCESS_KEY');
  if (accessKeyId === undefined || secretAccessKey === undefined)
    throw new ConfigError(
      'S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) must be set too',
    );
  const prefix = nonEmpty(env, 'S3_PREFIX') ?? 'uploads/';
  if (prefix.startsWith('/') || prefix.includes('..'))
    throw new ConfigError(`S3_PREFIX must be a relative key prefix such as uploads/, got "${prefix}"`);
  return {
    endpoint: `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    prefix,
  };
}
