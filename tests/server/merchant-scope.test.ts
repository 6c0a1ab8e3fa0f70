/**
 * One merchant-scope rule, held for every route (issue 57, point 4). A member of one merchant — its workspace
 * admin, every flag and experiment on — calls every route of the OpenAPI document with another merchant's ids:
 * each answers 403 or 404, and a list answers none of the other merchant's rows. The routes come from the
 * document, so a route added later is called too: one whose path names an id this table cannot fill fails here
 * until its owner's id (or the reason it holds no merchant's data) is written down below.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSION_FLAGS } from '../../src/domain/permissions';
import { createTestApp, loadDemoData } from './setup/app';
import { caller, signIn, type Caller, type Json } from './setup/signIn';
import { uploadPdf } from './setup/upload';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app, { orders: false });

// Every flag but ads ops (the provider's staff role, which sees every merchant's campaigns by design).
const FLAGS = Object.fromEntries(
  PERMISSION_FLAGS.filter((flag) => flag !== 'is_ads_ops').map((flag) => [flag, true]),
);
const EXPERIMENTS = [
  'capital',
  'capital_waitlist',
  'ads',
  'product_catalog',
  'marketing',
  'locations',
  'store_management',
  'merchant_wallet',
  'embedded_contract',
];

// The intruder: admin of a merchant of its own in the same country as the owners, with everything switched on.
const added = await app.inject({
  method: 'POST',
  url: '/dev/fixtures',
  payload: {
    accounts: [{ id: 'acc-scope', email: 'scope@intruder.example', phone: '+966501119999', lang: 'en' }],
    organizations: [
      {
        id: 'org-scope',
        name: 'Scope Intruder',
        status: 'approved',
        business_profile_completed: true,
        contract_signed: true,
      },
    ],
    merchants: [{ id: 'mer-scope', organization_id: 'org-scope', name: 'Scope Intruder', country: 'SAU' }],
    stores: [
      {
        id: 'sto-scope',
        merchant_id: 'mer-scope',
        name: 'Scope Intruder Online',
        country: 'SAU',
        available_products: ['installments', 'pay_in_full'],
        contract_signed_at: 'today-100d',
      },
    ],
    permissions: [
      { account_id: 'acc-scope', merchant_id: 'mer-scope', role: 'workspace_admin', flags: FLAGS },
    ],
    experiments: EXPERIMENTS.map((name) => ({ account_id: 'acc-scope', name, value: 'enabled' })),
  },
});
if (added.statusCode !== 200) throw new Error(`intruder fixture: ${added.body}`);

async function as(email: string): Promise<Caller> {
  const res = await app.inject({ method: 'POST', url: '/dev/sessions', payload: { email } });
  if (res.statusCode !== 200) throw new Error(`session for ${email}: ${res.body}`);
  return caller(app, (res.json() as { auth_token: string }).auth_token);
}

const intruder = await as('scope@intruder.example');
const owner = await as('admin@demo.example');
const newcomer = await signIn(app, 'scope-owner@example.com', '+966501118888');

/** The first row's id of an owner's list (fails loudly when the list is empty: the table below would be hollow). */
async function firstId(who: Caller, url: string, pick: (body: Json) => Json[]): Promise<string> {
  const res = await who.call('GET', url);
  const rows = res.status === 200 ? pick(res.body) : [];
  if (!rows[0]?.id)
    throw new Error(`no row to borrow from ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return String(rows[0].id);
}

// Ids of other merchants' (and other accounts') rows, each read as its owner first, so none is made up.
const link = await owner.call('POST', '/merchant/api/v1/payment-links', {
  store_id: 'sto-riyadh-style-online',
  product: 'pay_later',
  amount: '150.00',
  customer_phone: '+966512349999',
  customer_name: 'Scope Owner',
  order_reference: 'RS-SCOPE-1',
  items: [{ name: 'Scarf', quantity: 1, unit_price: '150' }],
});
const application = await newcomer.call('POST', '/partners/application/api/v1/application', {});
const draft = await owner.call('POST', '/merchant/api/v1/flows/store-listing/drafts', {});
// The owner's shop connected through the sandbox's consent page, so its products exist to be borrowed.
const consent = await owner.call(
  'GET',
  '/merchant/api/v1/marketing/connections/consent?merchant_id=mer-riyadh-style&platform=salla',
);
const page = await app.inject({
  method: 'GET',
  url: String(consent.body?.consent_url),
  headers: { authorization: `Bearer ${owner.token}` },
});
const approved = /href="([^"]*public_token=[^"]*)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&') ?? '';
await owner.call('POST', '/merchant/api/v1/marketing/connections', {
  merchant_id: 'mer-riyadh-style',
  platform: 'salla',
  public_token: new URL(approved, 'http://x').searchParams.get('public_token'),
});
const ids = {
  merchant: 'mer-riyadh-style',
  organization: 'org-riyadh-style',
  store: 'sto-riyadh-style-online',
  legalEntity: 'le-riyadh-style',
  dispute: 'dsp-rs-1001',
  ticket: 'tck-rs-101',
  location: 'loc-rs-riyadh-park',
  campaign: 'cmp-rs-ramadan',
  loan: 'loan-saffron-paying',
  capitalApplication: 'capp-mirage-submitted',
  offer: 'off-falcon-full-revenue',
  payment: await firstId(owner, '/merchant/api/v1/payments', (b) => b.items ?? b.payments),
  payout: await firstId(owner, '/merchant/api/v1/payouts', (b) => b.items ?? b.payouts),
  user: await firstId(owner, '/merchant/api/v1/users', (b) =>
    (b.items ?? b.users).filter((u: Json) => u.id !== 'acc-admin'),
  ),
  card: 'card-riyadh-style',
  session: await firstId(owner, '/merchant/api/v1/auth/sessions', (b) => b.items ?? b.sessions),
  product: await firstId(owner, '/merchant/api/v1/marketing/products', (b) => b.items ?? b.products),
  paymentLink: String(link.body?.payment_link?.id ?? ''),
  application: String(application.body?.id ?? application.body?.application?.id ?? ''),
  draft: String(draft.body?.id ?? draft.body?.draft_id ?? ''),
  file: await uploadPdf(app, owner, 'scope.pdf'),
  // The owner's store contract, drawn for signing (docs/contracts.md).
  contract: String(
    (await owner.call('POST', '/merchant/api/v1/stores/sto-riyadh-style-outlet/contract/document', {})).body
      ?.id ?? '',
  ),
};

/**
 * What fills each path parameter, by the route's path: another merchant's id, or — for the paths that hold no
 * merchant's data — the reason why (then the route is left to the other tests).
 */
const NOT_MERCHANT_DATA: Record<string, string> = {
  '/checkout/pl/{token}': "the customer's checkout page, public by design: the token is the secret",
  '/dev/cards/{id}/payments': 'development only (off in production): pretends to be the card network',
  '/merchant/api/v1/application/sections/{id}/categories': 'reference data, the same for everyone',
  '/merchant/api/v1/catalogue/flows/{flow}': 'the published forms, the same for everyone',
  '/merchant/api/v1/catalogue/flows/{flow}/versions/{version}': 'the published forms, the same for everyone',
  '/merchant/api/v1/crm/applications/{id}':
    "the CRM's address with the id put in (CRM_APPLICATION_URL): no row is read, the CRM asks for its own sign-in",
  '/partners/application/api/v1/commercial-registration/{number}': 'a public registry lookup',
  '/partners/application/api/v1/iban/{iban}': 'a public bank-code lookup',
  '/partners/application/api/v1/licence-unified-number/{number}': 'a public registry lookup',
  '/partners/application/api/v1/url/response/{*}': "whether a website answers: anyone's question",
};

/** The id of another's row for a path's parameter, or undefined when the table has none. */
function fill(path: string, param: string): string | undefined {
  const at = (part: string) => path.includes(part);
  if (param === 'flow') return path.includes('/drafts') ? 'store-listing' : 'onboarding';
  if (param === 'version') return '1';
  if (param === 'step') return 'basic-details';
  if (param === 'action') return 'resend-otp';
  if (param === 'platform') return 'google';
  if (param === 'connector') return 'salla';
  if (param === 'draft') return ids.draft;
  if (param === 'merchantId') return ids.merchant;
  if (param !== 'id') return undefined;
  const table: [string, string][] = [
    ['/ads/campaigns/', ids.campaign],
    ['/application/merchant/', ids.merchant],
    ['/auth/sessions/', ids.session],
    ['/capital/application/', ids.capitalApplication],
    ['/loan/application/', ids.capitalApplication],
    ['/capital/loans/', ids.loan],
    ['/capital/offer/', ids.offer],
    ['/cards/', ids.card],
    ['/contracts/', ids.contract],
    ['/disputes/', ids.dispute],
    ['/legal-entities/', ids.legalEntity],
    ['/locations/', ids.location],
    ['/marketing/products/', ids.product],
    ['/merchant/{id}/', ids.merchant],
    ['/merchants/{id}/', ids.merchant],
    ['/organizations/', ids.organization],
    ['/payment-links/', ids.paymentLink],
    ['/payments/', ids.payment],
    ['/payouts/', ids.payout],
    ['/stores/', ids.store],
    ['/support/chat/channels/', ids.ticket],
    ['/support/tickets/', ids.ticket],
    ['/users/', ids.user],
    ['/partners/application/api/v1/application/', ids.application],
    // Another merchant's application, asked of the review console: reviewers only (403).
    ['/review/applications/', ids.application],
  ];
  return table.find(([part]) => at(part))?.[1];
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  pattern?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** The other merchant's id for a field that names one (a body's or a query's), else undefined. */
function idFor(name: string): string | undefined {
  if (/^merchant_ids?$/.test(name)) return ids.merchant;
  if (/^store_ids?$/.test(name)) return ids.store;
  if (/^legal_entity_id$/.test(name)) return ids.legalEntity;
  if (name === 'application_id') return ids.capitalApplication;
  if (name === 'url') return ids.file;
  return undefined;
}

/**
 * The smallest value a schema takes — with the other merchant's ids wherever a field names a merchant or a store —
 * so that a write is refused for whose it is, not for its shape.
 */
function sample(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return {};
  const borrowed = idFor(name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  if (schema.anyOf ?? schema.oneOf) return sample((schema.anyOf ?? schema.oneOf)![0], name);
  if (type === 'object' || schema.properties)
    return Object.fromEntries(
      (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key], key)]),
    );
  if (type === 'array') {
    const item = sample(schema.items, name.replace(/s$/, ''));
    return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => item);
  }
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (borrowed) return borrowed;
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'date') return '2026-11-02';
  if (schema.format === 'date-time') return '2026-11-02T09:00:00Z';
  if (schema.pattern) {
    try {
      return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 7 })[0];
    } catch {
      // A pattern fast-check cannot draw from (a lookahead): the names below, else the shortest string.
    }
  }
  if (/^(from|to)$/.test(name) && schema.maxLength === 5) return '09:00';
  if (/^(from|to|day)$/.test(name)) return '2026-11-02';
  if (name === 'role') return 'sales_manager';
  if (/phone/.test(name)) return '+966512340000';
  if (/amount/.test(name)) return '10.00';
  if (/code/.test(name)) return '123456';
  return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}
const document = (await app.inject({ method: 'GET', url: '/merchant/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, operation]) => ({
    path,
    method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    operation,
  })),
);

/** Every id above, as it would appear in an answer that leaked it. */
const secrets = Object.values(ids);

/** Paths no caller reaches as a merchant's member: signing in, the caller's own sessions, development aids. */
const NOT_AS_A_MEMBER: [RegExp, string][] = [
  [/^\/merchant\/api\/v2\/auth\//, 'signing in, before any merchant'],
  [/^\/merchant\/api\/v1\/auth\/(logout|sessions)$/, "ends the caller's own sessions"],
  [
    /^\/(dev|health|help-centre|webview|merchant-app|merchant\/sandbox)\b/,
    'no merchant data: development, health, static pages',
  ],
  [/^\/merchant\/api\/v1\/support\/chat\/socket$/, "the chat's WebSocket (chat.test.ts holds its scope)"],
  [
    /^\/merchant\/api\/v(1|2)\/(attachments|upload|disputes\/attachments|support\/attachments)/,
    'uploads a file of the caller’s own',
  ],
  [/\/upload$/, "uploads a file of the caller's own"],
];

/** A request as the route's schema takes it, with the other merchant's ids wherever the route names one. */
function request(route: (typeof routes)[number]) {
  const url = route.path.replace(/\{([^}]+)\}/g, (_m, param: string) =>
    encodeURIComponent(fill(route.path, param)!),
  );
  const query = (route.operation.parameters ?? [])
    .filter((p) => p.in === 'query' && (p.required || idFor(p.name)))
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`)
    .join('&');
  const schema = route.operation.requestBody?.content?.['application/json']?.schema;
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : sample(schema);
  const full = query ? `${url}?${query}` : url;
  const inPath = secrets.some((id) => url.includes(id));
  // The query's and the body's fields that carry another's id: a refusal may name them (400) instead.
  const fields = [
    ...(route.operation.parameters ?? []).filter((p) => p.in === 'query' && idFor(p.name)).map((p) => p.name),
    ...Object.keys((body as Record<string, unknown> | undefined) ?? {}).filter((key) => idFor(key)),
  ];
  return { url: full, body, inPath, fields };
}

/** An API call as a session, answering the status and the body as text (a CSV is an answer too). */
async function send(who: Caller, method: string, url: string, body?: unknown) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${who.token}`, 'x-mbo-client': 'test' },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, text: res.body };
}

const checked = routes.filter(
  (r) => !(r.path in NOT_MERCHANT_DATA) && !NOT_AS_A_MEMBER.some(([pattern]) => pattern.test(r.path)),
);

describe('one merchant-scope rule for every route', () => {
  it('borrowed real rows from their owners', () => {
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    for (const [key, id] of Object.entries(ids)) expect(id, key).not.toBe('');
  });

  it('fills every path parameter of the document, or says why the path holds no merchant data', () => {
    const missing = checked.flatMap((r) =>
      [...r.path.matchAll(/\{([^}]+)\}/g)]
        .map((m) => m[1]!)
        .filter((param) => fill(r.path, param) === undefined)
        .map((param) => `${r.method} ${r.path}: {${param}}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(checked.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const { url, body, inPath, fields } = request(route);
    const res = await send(intruder, route.method, url, body);
    const said = `${route.method} ${url} ${JSON.stringify(body ?? '')}: ${res.status} ${res.text.slice(0, 400)}`;
    if (inPath) expect([403, 404], said).toContain(res.status);
    else if (fields.length > 0) {
      // Refused: forbidden, not found, or the field that named another's merchant or store called wrong.
      expect([400, 403, 404], said).toContain(res.status);
      if (res.status === 400) {
        const named = Object.keys((JSON.parse(res.text) as { field_errors?: object }).field_errors ?? {});
        const stems = fields.map((f) => f.replace(/_ids?$/, ''));
        expect(
          named.some((pointer) => stems.some((stem) => pointer.startsWith(`/${stem}`))),
          said,
        ).toBe(true);
      }
    } else {
      expect(res.status, said).toBeLessThan(500);
      expect(
        secrets.filter((id) => res.text.includes(id)),
        said,
      ).toEqual([]);
    }
  });
});
