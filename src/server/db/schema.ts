/**
 * Table definitions, shared by the PGlite and the PostgreSQL drivers.
 *
 * Ids are text: rows created by fixtures carry the fixture's own readable id
 * (`acc-admin`), so loading a fixture twice updates instead of duplicating;
 * rows created at run time get a random UUID.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Classification } from '../../catalogue/classify';
import type { CsatState } from '../../domain/support';
import type { OpeningHours } from '../../domain/locations';
import type { SentBackItem } from '../../domain/review';
import type { FlowAuditAction } from '../../domain/rollout';

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
    /** The provider's own staff: `ops` may use the form studio (/studio). Null for every merchant's user. */
    staffRole: text('staff_role'),
    /**
     * The sidebar areas whose "new" badge this person has seen (domain/seenAreas.ts): remembered for the account,
     * so a second browser or phone does not show it again (issue 56).
     */
    seenAreas: jsonb('seen_areas').$type<string[]>().notNull().default([]),
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
  /** What the merchant gives in the business profile after approval (display name, support contact, website). */
  businessProfile: jsonb('business_profile').$type<Record<string, unknown>>(),
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
    /** What the provider charges per product: [{ product, rate_percent, fixed_fee_minor }] (docs/stores.md). */
    commissions: jsonb('commissions')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the store's money is paid out, per product: [{ product, frequency, … }] (docs/stores.md). */
    payoutSchedules: jsonb('payout_schedules')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When and by whom the store's merchant contract was signed (POST …/stores/{id}/contract). */
    contractSignedAt: timestamp('contract_signed_at', { withTimezone: true }),
    contractSignedBy: text('contract_signed_by'),
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
    /** The rest of the legal info (onboarding spec §3): licence type and number, unified number, VAT, … */
    legalInfo: jsonb('legal_info').$type<Record<string, unknown>>().notNull().default({}),
    /** [{ id, name, kind: individual | company, nationality, share, roles }] (docs/legal-entities.md) */
    owners: jsonb('owners').$type<Record<string, unknown>[]>().notNull().default([]),
    /**
     * A renewed licence the merchant sent (POST …/merchant/{id}/legal_entity), waiting for the provider's check:
     * { license_url, license_expiry_date, commercial_registration_number, sent_at, sent_by }; null when none.
     */
    renewal: jsonb('renewal').$type<Record<string, unknown> | null>(),
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

/**
 * Session-replay chunks the development sink keeps (SESSION_REPLAY_URL=dev; routes/dev.ts, /dev/replay): the
 * newest REPLAY_KEEP_SESSIONS sessions, in the database so every server process behind the proxy sees them.
 */
export const devReplayChunks = pgTable(
  'dev_replay_chunks',
  {
    sessionId: text('session_id').notNull(),
    seq: integer('seq').notNull(),
    area: text('area').notNull(),
    events: jsonb('events').notNull(),
    eventCount: integer('event_count').notNull(),
    bytes: integer('bytes').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.seq] }),
    index('dev_replay_chunks_received_idx').on(t.receivedAt),
  ],
);

/**
 * Sign-in sessions. The token itself is never stored, only its SHA-256. `state` is `half` between the first
 * code and the second factor (it can only finish the second factor), `open` once both are done; an ended
 * session has `ended_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** half | open */
    state: text('state').notNull(),
    /** What the half-open session still needs: input_2fa | setup_2fa (null when open). */
    pending: text('pending'),
    /** The second factor: email | phone. */
    factor: text('factor'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Opened by the mobile app's webview with a one-time token (docs/shell-and-permissions.md "The money area"). */
    webview: boolean('webview').notNull().default(false),
    /**
     * A webview's session: the app's session that opened it. It ends with that one and lives no longer (issue 53,
     * finding 6).
     */
    parentSessionId: text('parent_session_id'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sessions_token_unique').on(t.tokenHash),
    index('sessions_account_idx').on(t.accountId),
  ],
);

/**
 * One-time tokens the signed-in mobile app puts in a webview's address (POST …/webview/tokens): good once, for a
 * minute, for one path of the money area or the webview pages; only their SHA-256 is kept.
 */
export const webviewTokens = pgTable('webview_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  /** The app's session that asked for it: the webview's session is opened only while it is alive. */
  sessionId: text('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  path: text('path').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * One-time codes. `purpose` sign_in: the first factor (its id is the `session_id` the app holds); challenge:
 * the second factor of a session; step_up: a fresh code before a secret is shown or money moves (its `action`). Codes are stored as salted SHA-256 and compared in constant time.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** email | phone */
    channel: text('channel').notNull(),
    /** The e-mail address or phone number the code went to. */
    target: text('target').notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** For a second factor being set up: the address to attach to the account once verified. */
    setup: boolean('setup').notNull().default(false),
    /** A step-up code's purpose (contract/merchants STEP_UP_PURPOSES): the code is good only for it. */
    action: text('action'),
    lang: text('lang').notNull().default('en'),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failures: integer('failures').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_target_idx').on(t.target), index('otp_codes_session_idx').on(t.sessionId)],
);

/**
 * Counters in fixed windows, shared by every server process: code sends and wrong codes per address (the
 * 30-minute lockouts) and requests per client address (429 on floods).
 */
export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

/**
 * Token buckets shared by every server process, as GCRA keeps them: one time per key, the moment the bucket
 * would be full again (its "theoretical arrival time"). One statement takes a token or refuses
 * (repositories/rateLimits.ts). Chat sends per account.
 */
export const rateBuckets = pgTable('rate_buckets', {
  key: text('key').primaryKey(),
  fullAt: timestamp('full_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Who is writing to a resumable upload now (resumableLocks.ts): one request at a time per upload, whichever instance
 * it reached. A lease: the holder renews it every second; one that stops renewing (its process gone) loses it after
 * `expires_at`. A request that wants the upload asks the holder to let go (`release_requested`).
 */
export const resumableUploadLocks = pgTable('resumable_upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  releaseRequested: boolean('release_requested').notNull().default(false),
});

/** Bot-check challenges already used (a solved challenge is good once). */
export const usedBotChallenges = pgTable('used_bot_challenges', {
  challenge: text('challenge').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Analytics events from the app's default sink: page views and identify calls. */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id'),
    /** page | identify */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_created_idx').on(t.createdAt)],
);

/**
 * Form events (issue 61; domain/formEvents.ts): per flow version, step and field what merchants met — never an
 * answer, never an account. `draft_id` ties one draft's events together for the funnel; rows older than
 * FORM_EVENTS_RETENTION_DAYS are removed. `demo` marks what `npm start` seeded.
 */
export const formEvents = pgTable(
  'form_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    flow: text('flow').notNull(),
    version: text('version').notNull(),
    draftId: text('draft_id').notNull(),
    /** domain/formEvents.ts FORM_EVENT_KINDS */
    kind: text('kind').notNull(),
    step: text('step'),
    field: text('field'),
    rule: text('rule'),
    lang: text('lang'),
    /** phone | tablet | desktop */
    device: text('device'),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    // Insights read one flow's versions at a time; the retention sweep reads by time.
    index('form_events_flow_version_idx').on(t.flow, t.version, t.kind),
    index('form_events_at_idx').on(t.at),
    // The left-untouched sweep asks, per draft, whether it was said to be left already.
    index('form_events_left_idx')
      .on(t.draftId)
      .where(sql`kind = 'left'`),
  ],
);

/**
 * Form insights' rollups (issue 61; repositories/formEvents.ts): kept with every write of form events, so the
 * studio's insights read a few hundred rows whatever the number of events (bench:insights). Dimensions with no
 * value are '' (a unique key treats NULLs as distinct). `day` is the UTC day of the event, for the retention.
 *
 * A draft's **marks**: the first time it met each counted thing (started, a step shown, a step completed, a field's
 * message, submitted, left) — what makes "distinct drafts" a sum, and the first showing of a step the start of its time.
 */
export const formDraftMarks = pgTable(
  'form_draft_marks',
  {
    draftId: text('draft_id').notNull(),
    /** `started`, `shown:<step>`, `completed:<step>`, `message:<step>:<field>:<rule>`, `submitted`, `left` */
    mark: text('mark').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.draftId, t.mark] }), index('form_draft_marks_at_idx').on(t.at)],
);

/** Events and distinct drafts per version, day, language, device, kind, step, field and rule. */
export const formInsightCounts = pgTable(
  'form_insight_counts',
  {
    flow: text('flow').notNull(),
    version: text('version').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lang: text('lang').notNull(),
    device: text('device').notNull(),
    kind: text('kind').notNull(),
    step: text('step').notNull(),
    field: text('field').notNull(),
    rule: text('rule').notNull(),
    events: integer('events').notNull(),
    drafts: integer('drafts').notNull(),
  },
  (t) => [
    uniqueIndex('form_insight_counts_key').on(
      t.flow,
      t.version,
      t.day,
      t.lang,
      t.device,
      t.kind,
      t.step,
      t.field,
      t.rule,
    ),
  ],
);

/** Drafts per whole second from a step's first showing to its first completion: time per step's percentiles. */
export const formStepTimes = pgTable(
  'form_step_times',
  {
    flow: text('flow').notNull(),
    version: text('version').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lang: text('lang').notNull(),
    device: text('device').notNull(),
    step: text('step').notNull(),
    seconds: integer('seconds').notNull(),
    drafts: integer('drafts').notNull(),
  },
  (t) => [
    uniqueIndex('form_step_times_key').on(t.flow, t.version, t.day, t.lang, t.device, t.step, t.seconds),
  ],
);

/** Each draft's last step shown, and whether it was submitted: where drafts stopped ("left there"). */
export const formDraftLast = pgTable(
  'form_draft_last',
  {
    draftId: text('draft_id').primaryKey(),
    flow: text('flow').notNull(),
    version: text('version').notNull(),
    lang: text('lang').notNull(),
    device: text('device').notNull(),
    step: text('step'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    submitted: boolean('submitted').notNull().default(false),
  },
  (t) => [index('form_draft_last_version_idx').on(t.flow, t.version)],
);

/**
 * Drafts of every catalogue flow (src/server/services/drafts.ts): the answers as one JSON document in the
 * flow's shape, checked against the step schemas of the flow version they were saved under. One draft per
 * (flow, owner, scope); `scope` tells several drafts of one flow apart (empty when one is enough).
 */
export const drafts = pgTable(
  'drafts',
  {
    id: text('id').primaryKey(),
    flow: text('flow').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull().default(''),
    /** The flow version (SHA-256 id) the data was saved under; a newer one carries the draft forward. */
    version: text('version').notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** What carrying the draft to a newer version dropped: the merchant is asked to check these fields. */
    attention: jsonb('attention')
      .$type<{ pointer: string; key: string; params: Record<string, unknown> }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** draft | submitted */
    status: text('status').notNull().default('draft'),
    /** How the submitted path ended: the `end` of its last step (submit | reach-out). */
    outcome: text('outcome'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('drafts_flow_owner_scope_unique').on(t.flow, t.ownerId, t.scope),
    index('drafts_flow_status_idx').on(t.flow, t.status),
  ],
);

/**
 * Onboarding applications (business profiles), one per account: what the spec says about an application
 * (status, CRM id, organization, UTM values). Its answers are its draft's (`draft_id`, flow onboarding).
 */
export const applications = pgTable(
  'applications',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    draftId: text('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    createdByAccountId: text('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    crmId: text('crm_id'),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('merchant_dashboard'),
    /** draft | partially_submitted | submitted | in_review | sent_back | resubmitted | approved | rejected */
    status: text('status').notNull().default('draft'),
    advertisement: jsonb('advertisement').$type<Record<string, string>>(),
    /** The path ended at a "reach-out" step (flow.json): sales contacts the merchant (README). */
    requiresSalesContact: boolean('requires_sales_contact').notNull().default(false),
    /** The review loop (issue 58; domain/review.ts): who has it while `in_review`, else who acted last. */
    reviewerId: text('reviewer_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** How many times it was sent back: a resubmission waits as `resubmitted`. */
    reviewRound: integer('review_round').notNull().default(0),
    /** What the last send-back asked to change: a reason on each answer. */
    sentBack: jsonb('sent_back')
      .$type<SentBackItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The answers as the last send-back saw them: what changed since, and what must have changed. */
    reviewedAnswers: jsonb('reviewed_answers').$type<Record<string, unknown>>(),
    /** A rejection's reason (a key of the reason catalogue). */
    decisionReason: text('decision_reason'),
    /** The reviewer's note to the merchant (sent back or rejected), in the merchant's language. */
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('applications_account_unique').on(t.accountId),
    uniqueIndex('applications_draft_unique').on(t.draftId),
    // The reviewers' queue: by status, oldest submitted first.
    index('applications_status_submitted_idx').on(t.status, t.submittedAt),
  ],
);

/**
 * Every move of the review loop (issue 58), as the audit keeps it: who, when, from which status to which, the
 * reasons and the note. Never changed; an application's history is its rows in order.
 */
export const applicationReviews = pgTable(
  'application_reviews',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** take | release | approve | reject | send_back | resubmit */
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** send_back: the reasons on their answers; reject: the one reason. */
    reasons: jsonb('reasons')
      .$type<SentBackItem[] | string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    note: text('note'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('application_reviews_application_idx').on(t.applicationId, t.at)],
);

/** Uploaded files. The bytes live in the file store (DATA_DIR/uploads or S3); this row says whose they are. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_account_idx').on(t.accountId)],
);

/*
 * Capital (capital spec §3). Each entity is kept as the document the API answers (`data`, in the spec's field
 * names), with the columns the server scopes and filters by pulled out: the spec fixes the shapes, not a
 * relational model, and capital's wizards add fields to applications without a migration.
 */

/** Capital offers, per merchant (and store). `data`: amount, currency, tenor, repayment_rate, tags, metadata… */
export const capitalOffers = pgTable(
  'capital_offers',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: text('store_id').references(() => stores.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('capital_offers_merchant_idx').on(t.merchantId)],
);

/** Capital loans with their repayments (`data`, spec §3 Loan). */
export const capitalLoans = pgTable(
  'capital_loans',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The application the loan was taken out on (POST …/capital/loans), if any. */
    applicationId: text('application_id'),
    status: text('status').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('capital_loans_merchant_idx').on(t.merchantId),
    uniqueIndex('capital_loans_application_unique').on(t.applicationId),
  ],
);

/**
 * Contracts signed inside the product (docs/contracts.md): one per subject (a capital application's loan, a store),
 * the PDF the merchant read (its SHA-256), and once signed the stamped PDF, who signed with which session, and the
 * audit trail of every step. Both PDFs' bytes are in the file store under their ids (never in `files`: nobody's
 * upload, never swept).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: text('id').primaryKey(),
    /** `capital_loan` (subject: the capital application) or `store` (subject: the store). */
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** `prepared` (rendered, waiting for its signature) or `signed`. */
    status: text('status').notNull(),
    language: text('language').notNull(),
    /** What the page shows: the same sections the PDF was rendered from. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    documentFileId: text('document_file_id').notNull(),
    documentSha256: text('document_sha256').notNull(),
    /** The phone the signing code goes to (the signatory's). */
    phone: text('phone').notNull(),
    /** The signing code in flight: salt, hash, sent_at (server only). */
    otp: jsonb('otp').$type<Record<string, unknown>>(),
    signerName: text('signer_name'),
    signerAccountId: text('signer_account_id'),
    /** A hash of the signer's session id (the session's own id never leaves its table). */
    signerSession: text('signer_session'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    signedFileId: text('signed_file_id'),
    signedSha256: text('signed_sha256'),
    audit: jsonb('audit')
      .$type<{ at: string; event: string; by?: string | null; detail?: string }[]>()
      .notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contracts_subject_unique').on(t.kind, t.subjectId)],
);

/** Capital applications (spec §3 Capital application), one per offer at most. */
export const capitalApplications = pgTable(
  'capital_applications',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    offerId: text('offer_id').references(() => capitalOffers.id, { onDelete: 'set null' }),
    /** submitted | approved | rejected | reset | cancelled | verified, or `draft` before the first submit. */
    status: text('status').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('capital_applications_merchant_idx').on(t.merchantId),
    uniqueIndex('capital_applications_offer_unique').on(t.offerId),
  ],
);

/** E-commerce platforms a merchant connected for the sales-data step (spec §3 Ecommerce connection). */
export const capitalConnections = pgTable(
  'capital_connections',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    connectedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.platform] })],
);

/** The capital waitlist (fake door): one entry per account, stores and purpose (spec §3 Waitlist). */
export const capitalWaitlist = pgTable('capital_waitlist', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  stores: jsonb('stores').$type<string[]>().notNull(),
  capitalUse: text('capital_use').notNull(),
  otherUse: text('other_use'),
  createdAt: createdAt(),
});

/*
 * The form catalogue in the database (issue 17, docs/studio.md): immutable flow versions, a current pointer per
 * flow, the audit of every pointer move, and each ops user's working copy in the studio.
 */

/** A flow version: its content and, once compiled, the files the browser imports (they never change either). */
export const flowVersions = pgTable(
  'flow_versions',
  {
    /** SHA-256 of the canonical content (src/catalogue/version.ts). */
    id: text('id').primaryKey(),
    flow: text('flow').notNull(),
    /**
     * `json`, not `jsonb`: jsonb sorts an object's keys, and a schema's `properties` order is its fields' order on
     * screen where the UI schema gives no `ui:order` (and the order ops and git see in the files).
     */
    content: json('content').notNull(),
    /** Compiled for the browser: `{ manifestFile, files: { path: { body, type } } }` (null until first compiled). */
    compiled: jsonb('compiled'),
    /** files (schemas/ at a server start) | studio (published by ops) | import (the CLI) */
    origin: text('origin').$type<'files' | 'studio' | 'import'>().notNull(),
    authorId: text('author_id'),
    note: text('note'),
    /** cosmetic | additive | breaking, against the version current when it was made (null: the first). */
    classification: text('classification').$type<Classification>(),
    createdAt: createdAt(),
  },
  (t) => [index('flow_versions_flow_idx').on(t.flow, t.createdAt)],
);

/**
 * A studio preview's compiled files (the working copy compiled as a publish would), by the content's id: the
 * instance that compiled it may not be the one the browser asks for its files (issue 53, finding 5). Kept a day.
 */
export const studioPreviews = pgTable('studio_previews', {
  id: text('id').primaryKey(),
  compiled: jsonb('compiled').notNull(),
  createdAt: createdAt(),
});

/** The version of each flow merchants get now. */
export const flowPointers = pgTable('flow_pointers', {
  flow: text('flow').primaryKey(),
  versionId: text('version_id')
    .notNull()
    .references(() => flowVersions.id),
  /** files: set from schemas/ at a start (a later start with other files moves it); studio: set by ops. */
  setBy: text('set_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** A staged rollout under way (issue 61): the version a share of subjects get instead of `versionId`. */
  candidateVersion: text('candidate_version').references(() => flowVersions.id),
  /** Its share of subjects, in percent (1–99); null with no rollout. */
  candidateShare: integer('candidate_share'),
});

/** Every move of a pointer: who, when, which flow, from which version to which, why. */
export const flowAudit = pgTable(
  'flow_audit',
  {
    id: text('id').primaryKey(),
    flow: text('flow').notNull(),
    /**
     * seed | publish | rollback | import move the pointer; a staged rollout (issue 61) is begun (`rollout`: to the
     * candidate at `share`), changed (`share`), finished (`promote`: the candidate becomes current) or withdrawn.
     */
    action: text('action').$type<FlowAuditAction>().notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version').notNull(),
    actorId: text('actor_id'),
    classification: text('classification').$type<Classification>(),
    /** Drafts in flight the change touched (breaking changes), as counted at publish. */
    affectedDrafts: integer('affected_drafts'),
    /** The rollout's share after the change, in percent (rollout actions only). */
    share: integer('share'),
    note: text('note'),
    at: createdAt(),
  },
  (t) => [index('flow_audit_flow_idx').on(t.flow, t.at)],
);

/** An ops user's unpublished edits of a flow, kept across reloads until published or discarded. */
export const studioWorkingCopies = pgTable(
  'studio_working_copies',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    flow: text('flow').notNull(),
    /** The version the edits started from. */
    baseVersion: text('base_version').notNull(),
    /** `json`: keeps the order of keys as edited (see flow_versions.content). */
    content: json('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.flow] })],
);

/**
 * A customer's dispute of an order (onboarding spec §2 "Other areas", §4, §7; docs/disputes.md). The columns are
 * what lists filter, search and sort by; the rest of the dispute (the order, the customer's words, the timeline,
 * the merchant's challenge) is its document in `data`.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: text('store_id'),
    orderId: text('order_id').notNull(),
    /** pending | declined | cancelled | approved | arbitration (§4) */
    status: text('status').notNull(),
    /** identity_theft | not_delivered | product_issue | unreceived_refund (§4) */
    type: text('type').notNull(),
    /** In the currency's minor unit (fils, halalas: 3 decimals for BHD and KWD, else 2), so sums are exact. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Lists are newest first within the caller's merchants, paged by (created_at, id).
    index('disputes_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('disputes_merchant_status_idx').on(t.merchantId, t.status),
    // A payment's detail finds its order's dispute.
    index('disputes_merchant_order_idx').on(t.merchantId, t.orderId),
  ],
);

/**
 * A merchant's support ticket (onboarding spec §2 "Other areas", §4, §7; docs/support.md). The columns are what
 * lists filter and sort by; the rating's note and who rated are in `data`. Its messages are `support_messages`.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Who opened it (null when that account is gone, or the provider opened it). */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** tech_issue | finances | tby_ads | other (§4) */
    topic: text('topic').notNull(),
    /** new | pending | opened | resolved | closed | hold | escalated (§4) */
    status: text('status').notNull(),
    /** none | requested | positive | negative (§4) */
    csat: text('csat').$type<CsatState>().notNull().default('none'),
    title: text('title').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('support_tickets_merchant_created_idx').on(t.merchantId, t.createdAt, t.id)],
);

/** One message of a ticket's conversation: the merchant's or an agent's, with its images. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** merchant | agent */
    author: text('author').$type<'merchant' | 'agent'>().notNull(),
    /** The name shown: the merchant user's email (else phone), or the agent's first name. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** [{ url, name }] */
    attachments: jsonb('attachments').$type<{ url: string; name: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Live chat (shell spec §2.9; docs/chat.md): one conversation between a merchant's people and the provider's
 * agents, open until an agent closes it.
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The merchant user who started it (null when that account is gone). */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** open | closed */
    status: text('status').notNull().default('open'),
    /** The last message's number and side, kept here so a queue and the unread state need no scan. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastAuthor: text('last_author'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_channels_merchant_idx').on(t.merchantId, t.status),
    index('chat_channels_queue_idx').on(t.status, t.lastMessageAt),
  ],
);

/** A chat message; `seq` orders every message of every channel, so a reconnect asks for "after n". */
export const chatMessages = pgTable(
  'chat_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    /** merchant | agent */
    author: text('author').notNull(),
    authorAccountId: text('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** The sender's own id for the message: a resend after a dropped connection is stored once. */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_channel_idx').on(t.channelId, t.seq),
    uniqueIndex('chat_messages_client_unique').on(t.channelId, t.clientId),
  ],
);

/** How far a reader has read a channel (read markers): the last `seq` they have seen there. */
export const chatReads = pgTable(
  'chat_reads',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.accountId] })],
);

/**
 * An order and its payment (shell spec §2.6 `payments`; issue 34; docs/orders.md): the columns are what the
 * orders list filters, searches, sorts and totals by; the items, the customer's e-mail and how the order was
 * placed are its document in `data`. Amounts are integers in the currency's minor unit; `captured_minor` and
 * `refunded_minor` are the sums of its captures and refunds, kept in the same statement that records each.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    /** The merchant's own order number. */
    orderReference: text('order_reference').notNull(),
    /** new | captured | refunded | cancelled (src/domain/payments.ts) */
    status: text('status').notNull(),
    /** pay_later | installments | … (onboarding spec §9) */
    product: text('product').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    capturedMinor: integer('captured_minor').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    customerName: text('customer_name').notNull(),
    /** E.164 (+9665…), searched by its digits. */
    customerPhone: text('customer_phone').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The list is newest first (or by amount) within a merchant, paged by keyset; status filters narrow it.
    index('payments_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('payments_merchant_amount_idx').on(t.merchantId, t.amountMinor, t.id),
    index('payments_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt, t.id),
    // The search (docs/orders.md): an order number's or a payment id's start, any case; a word of the customer's
    // name by its start; a phone by its start or its end — each an index lookup, so a search of 200,000 orders
    // reads only what it finds.
    index('payments_reference_prefix_idx').on(sql`lower(${t.orderReference}) text_pattern_ops`),
    index('payments_id_prefix_idx').on(sql`${t.id} text_pattern_ops`),
    index('payments_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.customerName})`),
    index('payments_phone_prefix_idx').on(sql`${t.customerPhone} text_pattern_ops`),
    index('payments_phone_suffix_idx').on(sql`reverse(${t.customerPhone}) text_pattern_ops`),
  ],
);

/** One capture of a payment (a merchant ships part or all of the order). */
export const paymentCaptures = pgTable(
  'payment_captures',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    /** Who captured: an account's e-mail or phone, or `provider` for captures the checkout made. */
    by: text('by').notNull(),
    /** The payout it was paid in (null while it waits) and the provider's commission on it, set then. */
    payoutId: text('payout_id'),
    commissionMinor: integer('commission_minor'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_captures_payment_idx').on(t.paymentId, t.createdAt),
    index('payment_captures_payout_idx').on(t.payoutId),
  ],
);

/** One refund of a payment, with its reason. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    /** requested_by_customer | returned | damaged_or_defective | duplicate | other | dispute */
    reason: text('reason').notNull(),
    note: text('note'),
    by: text('by').notNull(),
    /** The payout it was taken from (null while it waits). */
    payoutId: text('payout_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('payment_refunds_payout_idx').on(t.payoutId),
  ],
);

/**
 * A payout: one store's money on one payout day (docs/payouts.md; src/domain/payouts.ts), its breakdown in
 * minor units and the bank account it went to. Its captures and refunds name it (`payout_id`).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    /** yyyy-mm-dd (UTC): the day it was sent. */
    payoutDay: text('payout_day').notNull(),
    currency: text('currency').notNull(),
    grossMinor: integer('gross_minor').notNull(),
    refundsMinor: integer('refunds_minor').notNull(),
    disputesMinor: integer('disputes_minor').notNull(),
    commissionsMinor: integer('commissions_minor').notNull(),
    feeMinor: integer('fee_minor').notNull(),
    capitalMinor: integer('capital_minor').notNull(),
    netMinor: integer('net_minor').notNull(),
    /** The capital advance the repayment went to, if any. */
    loanId: text('loan_id'),
    iban: text('iban'),
    bankName: text('bank_name'),
    captureCount: integer('capture_count').notNull(),
    refundCount: integer('refund_count').notNull(),
    /** `bank` (the IBAN above) or `wallet` (the merchant wallet, docs/wallet.md): where the merchant chose when it was made. */
    destination: text('destination').notNull().default('bank'),
    /**
     * `settlement` (a store's sales on its payout day) or `capital_disbursement` (a capital advance paid out to the
     * merchant, docs/capital.md "From approval to money": the advance is its gross and its net, nothing deducted).
     */
    kind: text('kind').notNull().default('settlement'),
    createdAt: createdAt(),
  },
  (t) => [
    // A store's sales are paid once a day; capital advances are not store-days (two may be paid out one day).
    uniqueIndex('payouts_store_day_unique')
      .on(t.storeId, t.payoutDay)
      .where(sql`${t.kind} = 'settlement'`),
    // An advance is paid out once: the database refuses a second disbursement of a loan whatever runs it.
    uniqueIndex('payouts_disbursement_unique')
      .on(t.loanId)
      .where(sql`${t.kind} = 'capital_disbursement'`),
    index('payouts_merchant_day_idx').on(t.merchantId, t.payoutDay, t.id),
  ],
);

/** How far each merchant's payouts are settled: the last payout day done (docs/payouts.md "When payouts are made"). */
export const payoutRuns = pgTable('payout_runs', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  settledThrough: text('settled_through').notNull(),
  /**
   * Moves on with every capture and refund of the merchant's (in their transaction): a plan of its next payouts
   * made at a version still holds while the version does (services/payouts/ keeps them so).
   */
  version: integer('version').notNull().default(0),
});

/**
 * A merchant's physical location (docs/locations.md; src/domain/locations.ts): its name, address, map link,
 * opening hours a weekday each, and the store it belongs to.
 */
export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    mapsLink: text('maps_link').notNull().default(''),
    hours: jsonb('hours').$type<OpeningHours>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('locations_merchant_idx').on(t.merchantId, t.name, t.id)],
);

/**
 * Analytics' sums of closed days (docs/analytics.md "How it stays fast"): a merchant's orders placed and refunds
 * made per day of a time zone (`tz_offset`, minutes east of UTC), store and payment product. A day is summed once,
 * after it has ended; `analytics_filled` says which days of a merchant and time zone are here. Loading a fixture's
 * orders again clears its merchants' rows (nothing else writes a day that has ended).
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tzOffset: integer('tz_offset').notNull(),
    day: text('day').notNull(),
    storeId: text('store_id').notNull(),
    product: text('product').notNull(),
    orders: integer('orders').notNull().default(0),
    gmvMinor: bigint('gmv_minor', { mode: 'number' }).notNull().default(0),
    refundsMinor: bigint('refunds_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.tzOffset, t.day, t.storeId, t.product] })],
);

/** Which days of a merchant and time zone `analytics_days` holds: every day from `from` to `through`, both included. */
export const analyticsFilled = pgTable(
  'analytics_filled',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tzOffset: integer('tz_offset').notNull(),
    from: text('from_day').notNull(),
    through: text('through_day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.tzOffset] })],
);

/**
 * A merchant's wallet (docs/wallet.md; src/domain/wallet.ts): one per merchant, in its currency, made the first
 * time it is read. `payoutDestination` says where its payouts in that currency go from the next payout run on.
 */
export const wallets = pgTable('wallets', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull(),
  payoutDestination: text('payout_destination').notNull().default('bank'),
  destinationChangedAt: timestamp('destination_changed_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * The wallet's ledger: every movement of its money, signed (in positive). A payout's credit names the payout (and
 * goes with it when a fixture's payouts are made anew); a transfer keeps the bank account it went to; a card
 * payment its card and payee. The balance is always their sum (domain/wallet.ts balanceOf).
 */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => wallets.merchantId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** yyyy-mm-dd (UTC). */
    day: text('day').notNull(),
    payoutId: text('payout_id').references(() => payouts.id, { onDelete: 'cascade' }),
    cardId: text('card_id'),
    /** A card payment's payee; a transfer's bank. */
    counterparty: text('counterparty'),
    iban: text('iban'),
    /** Who moved it (a transfer's member). */
    accountId: text('account_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_movements_merchant_idx').on(t.merchantId, t.createdAt, t.id),
    uniqueIndex('wallet_movements_payout_unique').on(t.payoutId),
  ],
);

/**
 * A merchant's virtual card (docs/wallet.md "The card"). The issuer is simulated here: in production the card's
 * number and code stay with the issuer and a reveal asks it; here they are kept in this table and leave the server
 * only in the answer of a reveal that a fresh second-factor code opened.
 */
export const virtualCards = pgTable('virtual_cards', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .unique()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  holderName: text('holder_name').notNull(),
  number: text('number').notNull(),
  cvc: text('cvc').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  /** The member who applied. */
  accountId: text('account_id'),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * A merchant's API keys (onboarding spec §3: public_key, secret_key, test_public_key, test_secret_key;
 * docs/dashboard.md). Test keys are made the first time a merchant's keys are asked for; production keys once its
 * organization is approved and its business profile complete. Secret keys leave the server only in the answer of
 * a reveal that a fresh second-factor code opened — never in a list, never in a log.
 */
export const apiKeys = pgTable('api_keys', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  testPublicKey: text('test_public_key').notNull(),
  testSecretKey: text('test_secret_key').notNull(),
  publicKey: text('public_key'),
  secretKey: text('secret_key'),
  createdAt: createdAt(),
});

/**
 * A payment link (issue 34; docs/orders.md "Payment links"; src/domain/paymentLinks.ts): sent to a customer by
 * SMS; its id is the id the order's payment gets once the customer pays, so `service/pl-status/{paymentId}`
 * follows it from sent to paid. `token` is the customer's address's secret part (only its hash is kept).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    /** created | opened | paid | cancelled (expired is computed from sent_at) */
    status: text('status').notNull(),
    product: text('product').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerName: text('customer_name'),
    orderReference: text('order_reference').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Items, a description, who sent it. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_links_merchant_sent_idx').on(t.merchantId, t.sentAt),
    uniqueIndex('payment_links_token_unique').on(t.tokenHash),
  ],
);

/**
 * Ads campaigns (docs/ads.md): one payment product each, a daily budget in the merchant's currency (minor units)
 * and a state. `active_since` is the day the campaign last started (null unless active); `delivered_through` the
 * last day whose results are in `ads_results` (days are counted once they end).
 */
export const adsCampaigns = pgTable(
  'ads_campaigns',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    dailyBudget: bigint('daily_budget', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    stopReason: text('stop_reason'),
    activeSince: text('active_since'),
    deliveredThrough: text('delivered_through'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ads_campaigns_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** A campaign's figures for one ended day (docs/ads.md "Results"). */
export const adsResults = pgTable(
  'ads_results',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => adsCampaigns.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    impressions: integer('impressions').notNull(),
    clicks: integer('clicks').notNull(),
    orders: integer('orders').notNull(),
    spend: bigint('spend', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/** E-commerce platforms a merchant connected for marketing (docs/marketing.md "Connecting a platform"). */
export const marketingConnections = pgTable(
  'marketing_connections',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    connectedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.platform] })],
);

/**
 * Products read from a connected platform (docs/marketing.md "Products"): price in minor units of the merchant's
 * currency; `in_marketplace` is the merchant's choice to show it to shoppers.
 */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    inStock: boolean('in_stock').notNull(),
    inMarketplace: boolean('in_marketplace').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('catalog_products_merchant_idx').on(t.merchantId, t.title, t.id)],
);

/** A merchant's consent for the marketplace to read its product catalogue (`marketplace/product-catalog/auth`). */
export const catalogAuthorisations = pgTable('catalog_authorisations', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  authorisedAt: createdAt(),
});

/**
 * A merchant's published store listing (docs/marketing.md "Draft and publishing"): the answers of the store-listing
 * flow's last submitted draft, its revision (the next edit is a new draft, `<merchant>:r<revision + 1>`), and
 * whether shoppers see it.
 */
export const marketplaceListings = pgTable('marketplace_listings', {
  merchantId: text('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  visible: boolean('visible').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
  publishedBy: text('published_by').notNull(),
});
