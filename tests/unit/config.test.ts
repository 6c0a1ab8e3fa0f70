import { SITE_LINK_KEYS } from '../../src/contract/siteLinks';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const SCHEMAS = path.resolve('schemas');
const LOCALES = path.resolve('locales');

/** No provider address is set by default: none is shown (issue 56). */
const NO_SITE_LINKS = Object.fromEntries(SITE_LINK_KEYS.map((key) => [key, null]));
describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      nodeEnv: 'development',
      publicUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      botCheck: 'on',
      authRateLimit: 30,
      trustProxy: false,
      uploadQuota: { files: 100, bytes: 250_000_000 },
      setupAddressLimit: 10,
      inviteLimits: { perAccount: 20, perMerchant: 50 },
      linkLimits: { perMemberHour: 30, perMerchantDay: 500 },
      dbSync: false,
      dbReadCache: true,
      dbThread: true,
      shutdownDrainMs: 0,
      ecommerceConnector: 'sandbox',
      checkoutUrl: 'http://localhost:8080/checkout/pl',
      sandboxCheckout: true,
      crmApplicationUrl: undefined,
      formEventsRetentionDays: 400,
      formLeftDays: 14,
      formEventsFlushMs: 250,
      s3: undefined,
      schemasDir: SCHEMAS,
      localesDir: LOCALES,
      siteLinks: NO_SITE_LINKS,
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/mbo',
        DATABASE_URL: 'postgres://u:p@db:5432/mbo',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://merchant.example.com/',
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        BOT_CHECK: 'on',
        AUTH_RATE_LIMIT: '120',
        UPLOAD_DAILY_FILES: '40',
        UPLOAD_DAILY_MB: '80',
        SETUP_ADDRESS_LIMIT: '5',
        INVITE_DAILY_LIMIT: '7',
        INVITE_MERCHANT_DAILY_LIMIT: '9',
        PAYMENT_LINK_HOURLY_LIMIT: '11',
        PAYMENT_LINK_MERCHANT_DAILY_LIMIT: '13',
        DB_READ_CACHE: 'off',
        DB_THREAD: 'off',
        SHUTDOWN_DRAIN_MS: '2500',
        ECOMMERCE_CONNECTOR: 'sandbox',
        CRM_APPLICATION_URL: 'https://acme.pipedrive.com/deal/{applicationId}',
        FORM_EVENTS_RETENTION_DAYS: '30',
        FORM_LEFT_DAYS: '7',
        FORM_EVENTS_FLUSH_MS: '1000',
        SCHEMAS_DIR: 'tests/fixtures/flows/demo-request/schemas',
        LOCALES_DIR: 'tests/fixtures/flows/demo-request/locales',
      }),
    ).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/mbo',
      databaseUrl: 'postgres://u:p@db:5432/mbo',
      nodeEnv: 'production',
      publicUrl: 'https://merchant.example.com',
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      botCheck: 'on',
      authRateLimit: 120,
      trustProxy: false,
      uploadQuota: { files: 40, bytes: 80_000_000 },
      setupAddressLimit: 5,
      inviteLimits: { perAccount: 7, perMerchant: 9 },
      linkLimits: { perMemberHour: 11, perMerchantDay: 13 },
      dbSync: true,
      dbReadCache: false,
      dbThread: false,
      shutdownDrainMs: 2500,
      ecommerceConnector: 'sandbox',
      sandboxCheckout: false,
      crmApplicationUrl: 'https://acme.pipedrive.com/deal/{applicationId}',
      formEventsRetentionDays: 30,
      formLeftDays: 7,
      formEventsFlushMs: 1000,
      s3: undefined,
      schemasDir: 'tests/fixtures/flows/demo-request/schemas',
      localesDir: 'tests/fixtures/flows/demo-request/locales',
      siteLinks: NO_SITE_LINKS,
    });
  });

  it('reads an S3 bucket for uploads, with AWS defaults for what is not given', () => {
    expect(
      loadConfig({ S3_BUCKET: 'mbo-files', AWS_ACCESS_KEY_ID: 'AK', AWS_SECRET_ACCESS_KEY: 'SK' }).s3,
    ).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'mbo-files',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      prefix: 'uploads/',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'mbo-files',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_REGION: 'me-central-1',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_PREFIX: 'prod/files/',
      }).s3,
    ).toEqual({
      endpoint: 'http://minio:9000',
      region: 'me-central-1',
      bucket: 'mbo-files',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      prefix: 'prod/files/',
    });
  });

  it.each([
    [{ AUTH_RATE_LIMIT: 'lots' }, 'AUTH_RATE_LIMIT must be a whole number from 1 to 100000, got "lots"'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY as a hop count must be from 1 to 10, got "11"'],
    [
      { TRUST_PROXY: 'true' },
      'TRUST_PROXY must be false, a hop count (1–10) or addresses and CIDR ranges separated by commas, got "true" in "true"',
    ],
    [
      { TRUST_PROXY: '10.0.0.0/8, 10.0.0.1/33' },
      'TRUST_PROXY must be false, a hop count (1–10) or addresses and CIDR ranges separated by commas, got "10.0.0.1/33" in "10.0.0.0/8, 10.0.0.1/33"',
    ],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT must be a whole number from 1 to 100000, got "0"'],
    [{ UPLOAD_DAILY_FILES: '-1' }, 'UPLOAD_DAILY_FILES must be a whole number from 1 to 100000, got "-1"'],
    [{ UPLOAD_DAILY_MB: '1.5' }, 'UPLOAD_DAILY_MB must be a whole number from 1 to 1000000, got "1.5"'],
    [
      { SETUP_ADDRESS_LIMIT: 'many' },
      'SETUP_ADDRESS_LIMIT must be a whole number from 1 to 100000, got "many"',
    ],
    [{ INVITE_DAILY_LIMIT: '0' }, 'INVITE_DAILY_LIMIT must be a whole number from 1 to 100000, got "0"'],
    [{ DB_SYNC: 'yes' }, 'DB_SYNC must be on or off, got "yes"'],
    [{ DB_READ_CACHE: '1' }, 'DB_READ_CACHE must be on or off, got "1"'],
    [{ DB_THREAD: 'yes' }, 'DB_THREAD must be on or off, got "yes"'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS must be a whole number from 0 to 120000, got "-1"'],
    [{ PORT: 'abc' }, 'PORT must be a whole number from 1 to 65535, got "abc"'],
    [{ PORT: '0' }, 'PORT must be a whole number from 1 to 65535, got "0"'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535, got "70000"'],
    [{ PORT: '80.5' }, 'PORT must be a whole number from 1 to 65535, got "80.5"'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, production or test, got "staging"'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://x"',
    ],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL (postgres or postgresql), got "not a url"'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL must start with http:// or https://, got "ftp://x"'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://, got "http://mail"'],
    [{ BOT_CHECK: 'maybe' }, 'BOT_CHECK must be on or off, got "maybe"'],
    [
      { S3_ENDPOINT: 'http://minio:9000' },
      'S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to store uploads in S3',
    ],
    [
      { S3_BUCKET: 'mbo-files', S3_ACCESS_KEY_ID: 'AK' },
      'S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) must be set too',
    ],
    [
      { S3_BUCKET: 'My_Bucket', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' },
      'S3_BUCKET must be 3 to 63 lower-case letters, digits, dots or hyphens, got "My_Bucket"',
    ],
    [
      {
        S3_BUCKET: 'mbo-files',
        S3_ENDPOINT: 'minio:9000',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'SK',
      },
      'S3_ENDPOINT must start with http:// or https://, got "minio:9000"',
    ],
    [
      { S3_BUCKET: 'mbo-files', S3_REGION: 'EU West', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' },
      'S3_REGION must be a region name such as eu-central-1, got "EU West"',
    ],
    [
      { S3_BUCKET: 'mbo-files', S3_PREFIX: '/abs', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' },
      'S3_PREFIX must be a relative key prefix such as uploads/, got "/abs"',
    ],
    [{ BOT_CHECK: 'off', NODE_ENV: 'production' }, 'BOT_CHECK=off is refused when NODE_ENV=production'],
    [{ HOST: 'local host' }, 'HOST must be a host name or address without spaces, got "local host"'],
    [{ SCHEMAS_DIR: '/no/such/schemas' }, 'SCHEMAS_DIR must be a directory, got "/no/such/schemas"'],
    [{ LOCALES_DIR: 'package.json' }, 'LOCALES_DIR must be a directory, got "package.json"'],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('reads TRUST_PROXY: off by default, a hop count, or the proxies’ addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      '::1',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(8080);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('CHECKOUT_URL', () => {
  it('sends payment links to the sandbox checkout outside production, to none in production unless given', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' })).toMatchObject({
      checkoutUrl: 'http://localhost:3000/checkout/pl',
      sandboxCheckout: true,
    });
    expect(loadConfig({ NODE_ENV: 'production', BOT_CHECK: 'on' })).toMatchObject({
      checkoutUrl: undefined,
      sandboxCheckout: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', CHECKOUT_URL: 'https://pay.example.com/l/' })).toMatchObject({
      checkoutUrl: 'https://pay.example.com/l',
      sandboxCheckout: false,
    });
    expect(loadConfig({ CHECKOUT_URL: 'https://pay.example.com/l' }).sandboxCheckout).toBe(false);
    expect(() => loadConfig({ CHECKOUT_URL: 'pay.example.com' })).toThrow(/CHECKOUT_URL/);
  });
});

describe('CRM_APPLICATION_URL', () => {
  it('is unset by default; an http(s) address holding {applicationId} when set', () => {
    expect(loadConfig({}).crmApplicationUrl).toBeUndefined();
    expect(
      loadConfig({ CRM_APPLICATION_URL: 'https://crm.example.com/apps?id={applicationId}' })
        .crmApplicationUrl,
    ).toBe('https://crm.example.com/apps?id={applicationId}');
    expect(() => loadConfig({ CRM_APPLICATION_URL: 'https://crm.example.com/apps' })).toThrow(
      /CRM_APPLICATION_URL must hold \{applicationId\}/,
    );
    expect(() => loadConfig({ CRM_APPLICATION_URL: 'crm/{applicationId}' })).toThrow(
      'CRM_APPLICATION_URL must be a URL',
    );
  });
});

describe('ECOMMERCE_CONNECTOR', () => {
  it('is the sandbox outside production, none in production unless asked for by name', () => {
    expect(loadConfig({}).ecommerceConnector).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', BOT_CHECK: 'on' }).ecommerceConnector).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', ECOMMERCE_CONNECTOR: 'sandbox' }).ecommerceConnector).toBe(
      'sandbox',
    );
    expect(loadConfig({ ECOMMERCE_CONNECTOR: 'none' }).ecommerceConnector).toBe('none');
    expect(() => loadConfig({ ECOMMERCE_CONNECTOR: 'plaid' })).toThrow(
      'ECOMMERCE_CONNECTOR must be "sandbox" or "none", got "plaid"',
    );
  });
});

describe('HELP_CENTRE_URL', () => {
  it('is the back office’s own help page unless set; an https address, {lang} allowed', () => {
    expect(loadConfig({}).helpCentreUrl).toBeUndefined();
    expect(
      loadConfig({ HELP_CENTRE_URL: 'https://help.provider.example/{lang}/merchants' }).helpCentreUrl,
    ).toBe('https://help.provider.example/{lang}/merchants');
    expect(() => loadConfig({ HELP_CENTRE_URL: 'http://help.provider.example' })).toThrow(
      'HELP_CENTRE_URL must start with https://, got "http://help.provider.example"',
    );
    expect(() => loadConfig({ HELP_CENTRE_URL: 'help centre' })).toThrow('HELP_CENTRE_URL must be a URL');
  });
});

describe('the provider’s addresses (TERMS_URL … CAPITAL_EMAIL)', () => {
  it('are not set by default (not shown), https addresses with {lang} or e-mail addresses when set', () => {
    expect(Object.values(loadConfig({}).siteLinks).every((value) => value === null)).toBe(true);
    const links = loadConfig({
      TERMS_URL: 'https://provider.test/{lang}/terms',
      CAPITAL_EMAIL: 'capital@provider.test',
    }).siteLinks;
    expect(links.terms).toBe('https://provider.test/{lang}/terms');
    expect(links.capital_email).toBe('capital@provider.test');
    expect(links.privacy).toBeNull();
    expect(() => loadConfig({ PRIVACY_URL: 'http://provider.test/privacy' })).toThrow(
      'PRIVACY_URL must start with https://',
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support at provider' })).toThrow(
      'SUPPORT_EMAIL must be an e-mail address, got "support at provider"',
    );
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('drains 5 s in production and not at all otherwise, unless set', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', BOT_CHECK_SECRET: 'x'.repeat(32) }).shutdownDrainMs).toBe(
      5000,
    );
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
  });
});

describe('DB_READ_CACHE', () => {
  it('is on unless turned off', () => {
    expect(loadConfig({}).dbReadCache).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).dbReadCache).toBe(true);
    expect(loadConfig({ DB_READ_CACHE: 'off' }).dbReadCache).toBe(false);
  });
});

describe('DB_SYNC', () => {
  it('is on by default in production and can be turned off; off by default elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).dbSync).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DB_SYNC: 'off' }).dbSync).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).dbSync).toBe(false);
    expect(loadConfig({ DB_SYNC: 'on' }).dbSync).toBe(true);
  });
});

describe('ERROR_REPORTS_DSN', () => {
  it('is unset by default (nothing reported); a Sentry-compatible DSN when set, named by the environment', () => {
    expect(loadConfig({}).errorReports).toBeUndefined();
    expect(loadConfig({ ERROR_REPORTS_DSN: 'https://key@errors.provider.example/7' }).errorReports).toEqual({
      dsn: 'https://key@errors.provider.example/7',
      environment: 'development',
    });
    expect(
      loadConfig({
        ERROR_REPORTS_DSN: 'https://key@errors.provider.example/7',
        ERROR_REPORTS_ENVIRONMENT: 'staging',
      }).errorReports?.environment,
    ).toBe('staging');
    expect(() => loadConfig({ ERROR_REPORTS_DSN: 'https://errors.provider.example/7' })).toThrow(
      'ERROR_REPORTS_DSN must hold the public key before the host (https://<key>@host/<project>), got "https://errors.provider.example/7"',
    );
  });
});

describe('FORM_EVENTS_RETENTION_DAYS', () => {
  it('is a whole number of days from 1 to 3650, refused otherwise with its name', () => {
    for (const bad of ['0', '3651', '30.5', 'a year'])
      expect(() => loadConfig({ FORM_EVENTS_RETENTION_DAYS: bad })).toThrow(
        `FORM_EVENTS_RETENTION_DAYS must be a whole number from 1 to 3650, got "${bad}"`,
      );
  });
});

describe('FORM_LEFT_DAYS and FORM_EVENTS_FLUSH_MS', () => {
  it('are whole numbers in their ranges, refused otherwise with their names; tests write events at once', () => {
    for (const bad of ['0', '366', '2.5', 'a week'])
      expect(() => loadConfig({ FORM_LEFT_DAYS: bad })).toThrow(
        `FORM_LEFT_DAYS must be a whole number from 1 to 365, got "${bad}"`,
      );
    for (const bad of ['-1', '5001', 'soon'])
      expect(() => loadConfig({ FORM_EVENTS_FLUSH_MS: bad })).toThrow(
        `FORM_EVENTS_FLUSH_MS must be a whole number from 0 to 5000, got "${bad}"`,
      );
    expect(loadConfig({ NODE_ENV: 'test' }).formEventsFlushMs).toBe(0);
  });
});

describe('SESSION_REPLAY_URL', () => {
  it('is unset by default (nothing recorded); an https address, or `dev` for this server’s sink outside production', () => {
    expect(loadConfig({}).sessionReplay).toBeUndefined();
    expect(loadConfig({ SESSION_REPLAY_URL: 'off' }).sessionReplay).toBeUndefined();
    expect(loadConfig({ SESSION_REPLAY_URL: 'dev' }).sessionReplay).toEqual({
      endpoint: '/dev/replay/chunks',
    });
    expect(loadConfig({ SESSION_REPLAY_URL: 'https://replay.provider.test/in' }).sessionReplay).toEqual({
      endpoint: 'https://replay.provider.test/in',
    });
    expect(() => loadConfig({ SESSION_REPLAY_URL: 'http://replay.provider.test/in' })).toThrow(
      'SESSION_REPLAY_URL must start with https://, got "http://replay.provider.test/in"',
    );
    expect(() => loadConfig({ SESSION_REPLAY_URL: 'dev', NODE_ENV: 'production' })).toThrow(
      'SESSION_REPLAY_URL=dev keeps replays in the development sink, which production does not serve; set an https address or leave it unset',
    );
  });
});

describe('SURVEY_URL', () => {
  it('is the payments survey’s page (https, {lang} allowed); unset, the survey is not offered', () => {
    expect(loadConfig({}).siteLinks.survey).toBeNull();
    expect(loadConfig({ SURVEY_URL: 'https://survey.provider.test/{lang}/payments' }).siteLinks.survey).toBe(
      'https://survey.provider.test/{lang}/payments',
    );
    expect(() => loadConfig({ SURVEY_URL: 'survey.provider.test' })).toThrow(
      'SURVEY_URL must be a URL (https), got "survey.provider.test"',
    );
  });
});
