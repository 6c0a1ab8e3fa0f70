/**
 * Table definitions, shared by the PGlite and the PostgreSQL drivers.
 *
 * Ids are text: rows created by fixtures carry the fixture's own readable id
 * (`acc-admin`), so loading a fixture twice updates instead of duplicating;
 * rows created at run time get a random UUID.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Small key/value facts about the database itself (demo data seeded, …). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    phone: text('phone'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    lang: text('lang').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_email_unique').on(t.email), uniqueIndex('accounts_phone_unique').on(t.phone)],
);

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** pending | approved | rejected */
  status: text('status').notNull().default('pending'),
  /** The second onboarding record (business profile) has been completed. */
  businessProfileCompleted: boolean('business_profile_completed').notNull().default(false),
  contractSigned: boolean('contract_signed').notNull().default(false),
  createdAt: createdAt(),
});

export const merchants = pgTable(
  'merchants',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('merchants_organization_idx').on(t.organizationId)],
);

export const stores = pgTable(
  'stores',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    availableProducts: jsonb('available_products')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('stores_merchant_idx').on(t.merchantId)],
);

export const legalEntities = pgTable(
  'legal_entities',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** active | pending_info | suspending | suspended */
    status: text('status').notNull().default('active'),
    country: text('country').notNull(),
    legalCompanyName: text('legal_company_name').notNull(),
    iban: text('iban'),
    bankName: text('bank_name'),
    licenseUrl: text('license_url'),
    legalAddress: text('legal_address'),
    licenseExpiryDate: text('license_expiry_date'),
    createdAt: createdAt(),
  },
  (t) => [index('legal_entities_merchant_idx').on(t.merchantId)],
);

export type PermissionFlag = boolean | 'unknown';

/** An account's access to one merchant: its role and the permission flags of shell spec §3. */
export const memberships = pgTable(
  'memberships',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    flags: jsonb('flags')
      .$type<Record<string, PermissionFlag>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.merchantId] })],
);

/** Experiments per merchant account (spec: entity = merchant_account). Only 'enabled' is kept by the app. */
export const experiments = pgTable(
  'experiments',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

/** Outgoing messages. Every one-time code goes here; SMTP also sends e-mails when configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    /** email | sms */
    channel: text('channel').notNull(),
    code: text('code'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
