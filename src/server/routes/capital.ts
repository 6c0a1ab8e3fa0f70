/**
 * The calls of capital spec §7. Paths are the spec's where it gives them; where it says "path not shown" ours, in
 * the same style (and in the OpenAPI document):
 *
 * | Call | Path |
 * |---|---|
 * | Loans list | GET /merchant/api/v1/capital/loans |
 * | Loan by id | GET /merchant/api/v1/capital/loans/{id} |
 * | Loan apply | POST /merchant/api/v1/capital/loans `{ application_id }` → `{ loan_id }` |
 * | Loan patch | PATCH /merchant/api/v1/capital/loans/{id} `{ authorized_signatory: { phone } }` |
 * | Join the waitlist | POST /merchant/api/v1/capital/waitlist (and GET: the account's entry) |
 * | Reset update | PATCH /merchant/api/v1/capital/application/{id}/reset |
 * | IBAN lazy check | POST /merchant/api/v1/capital/iban `{ iban, flag }` → `{ is_valid, bank_data }` |
 *
 * The older loan-application family (`/merchant/api/v1/loan/application…`) answers from the same service: its
 * GET is the loans list's applications. Lists answer `{ items }`, as every list of this API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../auth/session';
import { answers, ID_PARAMS, itemsOf, open } from '../openapi';
import {
  CAPITAL_USES,
  PLATFORMS,
  type RESET_UPDATE_FIELDS,
  SIGNATORY_CODE,
  type CapitalScope,
  type CapitalService,
} from '../services/capital';

const tags = ['capital'];
const base = '/merchant/api/v1/capital';
const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;
const TEXT = { type: 'string', maxLength: 2000 } as const;
const URL_TEXT = { type: 'string', maxLength: 2048 } as const;
const PHONE = { type: 'string', pattern: '^\\+[0-9]{8,15}$' } as const;
const EMAIL = { type: 'string', format: 'email', maxLength: 254 } as const;
const AMOUNT = { type: 'number', minimum: 0, maximum: 1e9 } as const;
const TENOR = { type: 'integer', minimum: 0, maximum: 520 } as const;

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: false,
});

const OFFER = open({
  id: { type: 'string' },
  merchant_id: { type: 'string' },
  store_id: { type: ['string', 'null'] },
  merchant_name: { type: 'string' },
  amount: { type: 'number' },
  currency: { type: 'string' },
  tenor: { type: 'integer' },
  repayment_rate: { type: 'number' },
  tags: { type: 'array', items: { type: 'string' } },
  weekly_fee_percent: { type: 'number' },
  metadata: { type: 'object', additionalProperties: true },
});
const LOAN = open(
  {
    id: { type: 'string' },
    merchant_id: { type: 'string' },
    status: { type: 'string' },
    currency: { type: 'string' },
    amount: { type: 'number' },
    amount_vat: { type: 'number' },
    paid_amount: { type: 'number' },
    repaid_percent: { type: 'number' },
    tenor: { type: 'integer' },
    repayments: { type: 'array', items: open({}) },
  },
  ['id', 'status'],
);
const APPLICATION = open(
  {
    id: { type: 'string' },
    application_id: { type: 'string' },
    merchant_id: { type: 'string' },
    offer_id: { type: ['string', 'null'] },
    status: { type: 'string' },
    steps: { type: 'array', items: open({}) },
    reasons: { type: 'array', items: { type: 'string' } },
  },
  ['id', 'status'],
);
const APPLICATION_RECORD = open({
  application: open({
    application_id: { type: 'string' },
    status: { type: 'string' },
    created_at: { type: 'string' },
  }),
  offer: open({ amount_vat: { type: 'number' }, currency: { type: 'string' } }),
  sign_authority: open({ legal_name: { type: ['string', 'null'] } }),
});
const QUOTE = open({
  min_repayment_amount: { type: 'number' },
  weekly_fee_amount: { type: 'number' },
  fee_amount: { type: 'number' },
  total_amount: { type: 'number' },
  fee_percent: { type: 'number' },
  currency: { type: 'string' },
});
const WAITLIST = open({
  joined: { type: 'boolean' },
  stores: { type: 'array', items: { type: 'string' } },
  capitalUse: { type: ['string', 'null'] },
  otherUse: { type: ['string', 'null'] },
});

const FILE = { type: 'object', properties: { url: URL_TEXT, name: TEXT }, additionalProperties: false };
/** The answers a wizard may send (§7 PATCH application), each field's shape per §3. */
const APPLICATION_PATCH = obj({
  application_id: ID,
  amount: AMOUNT,
  tenor: TENOR,
  authorized_signatory: obj({
    name: TEXT,
    email: EMAIL,
    phone: PHONE,
    national_id_number: { type: 'string', pattern: '^[0-9]{15}$' },
    national_id_url: URL_TEXT,
  }),
  finance_signatory: obj({ name: TEXT, email: EMAIL, phone: PHONE }),
  legal_info: obj({
    company_name: TEXT,
    cr_number: { type: 'string', maxLength: 15 },
    cr_file_url: URL_TEXT,
    company_address: TEXT,
    license_metadata: obj({
      activities: { type: 'array', maxItems: 50, items: TEXT },
      issue_date: { type: 'string', format: 'date' },
      expiry_date: { type: 'string', format: 'date' },
    }),
  }),
  bank_statements: {
    type: 'array',
    minItems: 1,
    maxItems: 24,
    items: obj({ url: URL_TEXT, password: { type: 'string', maxLength: 200 } }, ['url']),
  },
  shareholders: {
    type: 'array',
    maxItems: 20,
    items: obj(
      {
        name: TEXT,
        value: { type: 'number' },
        type: { enum: ['company', 'individual'] },
        uae_resident: { type: 'boolean' },
        documents: obj({ passport: obj({ file: FILE }), national_id: obj({ file: FILE }) }),
      },
      ['name', 'value', 'type'],
    ),
  },
  bank_details: obj({ iban: { type: 'string', maxLength: 34 }, bank_name: TEXT }, ['iban']),
  social_networks: obj({
    instagram: TEXT,
    facebook: TEXT,
    others: { type: 'array', maxItems: 10, items: URL_TEXT },
  }),
  location_details: obj({
    address: TEXT,
    google_maps_link: URL_TEXT,
    rental_contract_url: URL_TEXT,
    storefront_photo_url: URL_TEXT,
  }),
});
const APPLICATION_CREATE = obj(
  {
    offer_id: ID,
    merchant_id: ID,
    store_id: ID,
    amount: AMOUNT,
    tenor: TENOR,
    application: obj({ full_name: TEXT, email: EMAIL, phone: PHONE }, ['full_name', 'email', 'phone']),
  },
  ['offer_id'],
);
const CODE = obj({ code: { type: 'string', pattern: `^[0-9]{${SIGNATORY_CODE.length}}$` } }, ['code']);
const SUBMIT = { ...obj({ application_id: ID }), type: ['object', 'null'] };

export async function capitalRoutes(app: FastifyInstance, opts: { capital: CapitalService }) {
  const { capital } = opts;
  // Who may call capital at all (§6) is decided before the body is read, for every route of this plugin (the
  // hook is encapsulated here): an account without capital gets 403 whatever it sends, never a 400 that would
  // tell it the shape of a body it may not send. The handler then uses the scope the hook worked out.
  const scopes = new WeakMap<FastifyRequest, CapitalScope>();
  app.addHook('preValidation', async (request) => {
    scopes.set(request, await capital.scopeOf(requireSession(request).accountId));
  });
  const who = (request: FastifyRequest) => scopes.get(request)!;

  app.get<{ Querystring: { merchant_id?: string; store_id?: string } }>(
    `${base}/offers`,
    {
      schema: {
        tags,
        summary: "The capital offers of the account's merchants (one merchant's, one store's)",
        querystring: obj({ merchant_id: ID, store_id: ID }),
        response: answers({ 200: itemsOf(OFFER) }),
      },
    },
    async (request) =>
      capital.offers(who(request), {
        ...(request.query.merchant_id ? { merchantId: request.query.merchant_id } : {}),
        ...(request.query.store_id ? { storeId: request.query.store_id } : {}),
      }),
  );

  app.post<{ Params: { id: string }; Body: { amount: number; tenor: number } }>(
    `${base}/offer/:id/calculate`,
    {
      schema: {
        tags,
        summary: 'The quote of an amount and a tenor on an offer',
        params: ID_PARAMS,
        body: obj({ amount: AMOUNT, tenor: TENOR }, ['amount', 'tenor']),
        response: answers({ 200: QUOTE }),
      },
    },
    async (request) => capital.calculate(who(request), request.params.id, request.body),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/offer/:id/application`,
    {
      schema: {
        tags,
        summary: "An offer's application; null while the offer has none",
        params: ID_PARAMS,
        response: answers({ 200: { anyOf: [APPLICATION, { type: 'null' }] } }),
      },
    },
    async (request) => capital.applicationOfOffer(who(request), request.params.id),
  );

  // Loans.
  app.get(
    `${base}/loans`,
    { schema: { tags, summary: "The account's capital loans", response: answers({ 200: itemsOf(LOAN) }) } },
    async (request) => capital.loans(who(request)),
  );
  app.get<{ Params: { id: string } }>(
    `${base}/loans/:id`,
    { schema: { tags, summary: 'A capital loan', params: ID_PARAMS, response: answers({ 200: LOAN }) } },
    async (request) => capital.loan(who(request), request.params.id),
  );
  app.post<{ Body: { application_id: string } }>(
    `${base}/loans`,
    {
      schema: {
        tags,
        summary: 'Takes out the loan of an approved application',
        body: obj({ application_id: ID }, ['application_id']),
        response: answers({ 201: open({ loan_id: { type: 'string' } }, ['loan_id']) }),
      },
    },
    async (request, reply) => reply.code(201).send(await capital.applyForLoan(who(request), request.body)),
  );
  app.patch<{ Params: { id: string }; Body: { authorized_signatory: { phone: string } } }>(
    `${base}/loans/:id`,
    {
      schema: {
        tags,
        summary: "Changes a loan's direct-debit signatory phone",
        params: ID_PARAMS,
        body: obj({ authorized_signatory: obj({ phone: PHONE }, ['phone']) }, ['authorized_signatory']),
        response: answers({ 200: LOAN }),
      },
    },
    async (request) => capital.patchLoan(who(request), request.params.id, request.body),
  );

  // Applications: the capital paths and the older loan-application family, one service.
  const listApplications = {
    schema: {
      tags,
      summary: "The account's submitted capital applications, as the loans list shows them",
      response: answers({ 200: itemsOf(APPLICATION_RECORD) }),
    },
  };
  app.get('/merchant/api/v1/loan/application', listApplications, async (request) =>
    capital.applicationRecords(who(request)),
  );

  const create = {
    schema: {
      tags,
      summary: 'Creates the application of an offer',
      body: APPLICATION_CREATE,
      response: answers({
        201: open({ id: { type: 'string' }, application_id: { type: 'string' } }, ['id', 'application_id']),
      }),
    },
  };
  for (const path of [`${base}/application`, '/merchant/api/v1/loan/application'])
    app.post<{ Body: Parameters<CapitalService['createApplication']>[1] }>(
      path,
      create,
      async (request, reply) =>
        reply.code(201).send(await capital.createApplication(who(request), request.body)),
    );

  app.get<{ Params: { id: string } }>(
    `${base}/application/:id`,
    {
      schema: {
        tags,
        summary: 'A capital application, with its steps',
        params: ID_PARAMS,
        response: answers({ 200: APPLICATION }),
      },
    },
    async (request) => capital.application(who(request), request.params.id),
  );

  const update = {
    schema: {
      tags,
      summary: "Changes an application's answers",
      params: ID_PARAMS,
      body: APPLICATION_PATCH,
      response: answers({ 200: APPLICATION }),
    },
  };
  app.patch<{ Params: { id: string }; Body: Record<string, unknown> }>(
    `${base}/application/:id`,
    update,
    async (request) => capital.updateApplication(who(request), request.params.id, request.body),
  );
  for (const method of ['PUT', 'PATCH'] as const)
    app.route<{ Params: { id: string }; Body: Record<string, unknown> }>({
      method,
      url: '/merchant/api/v1/loan/application/:id',
      ...update,
      handler: async (request) => capital.updateApplication(who(request), request.params.id, request.body),
    });

  const verify = {
    schema: {
      tags,
      summary: "Confirms the signatory's phone with the code sent",
      params: ID_PARAMS,
      body: CODE,
      response: answers({ 200: APPLICATION }),
    },
  };
  for (const path of [`${base}/application/:id/verify`, '/merchant/api/v1/loan/application/:id/verify'])
    app.post<{ Params: { id: string }; Body: { code: string } }>(path, verify, async (request) =>
      capital.verifySignatoryCode(who(request), request.params.id, request.body.code),
    );

  app.post<{ Params: { id: string } }>(
    `${base}/application/:id/resend-otp`,
    {
      schema: {
        tags,
        summary: "Sends a code to the signatory's phone",
        params: ID_PARAMS,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: answers({ 200: open({ sent: { type: 'boolean' }, resend_after: { type: 'integer' } }) }),
      },
    },
    async (request) => capital.sendSignatoryCode(who(request), request.params.id),
  );

  const submit = {
    schema: {
      tags,
      summary: 'Submits an application for review',
      params: ID_PARAMS,
      body: SUBMIT,
      response: answers({ 200: APPLICATION }),
    },
  };
  for (const path of [`${base}/application/:id/submit`, '/merchant/api/v1/loan/application/:id/apply'])
    app.post<{ Params: { id: string }; Body: { application_id?: string } | null }>(
      path,
      submit,
      async (request) => capital.submitApplication(who(request), request.params.id, request.body ?? {}),
    );

  app.patch<{ Params: { id: string }; Body: Record<(typeof RESET_UPDATE_FIELDS)[number], string> }>(
    `${base}/application/:id/reset`,
    {
      schema: {
        tags,
        summary: 'Sends the fix of a reset application (its reason says which fields)',
        params: ID_PARAMS,
        body: obj({
          cr_file: URL_TEXT,
          cr_number: { type: 'string', maxLength: 15 },
          registered_company_address: TEXT,
          company_name_or_legal_name: TEXT,
        }),
        response: answers({ 200: APPLICATION }),
      },
    },
    async (request) => capital.resetUpdate(who(request), request.params.id, request.body),
  );

  // E-commerce connections (the sales-data step).
  const CONNECTOR_PARAMS = obj({ connector: { type: 'string', minLength: 1, maxLength: 50 } }, ['connector']);
  app.get<{ Params: { connector: string }; Querystring: { merchant_id: string } }>(
    `${base}/:connector/connections`,
    {
      schema: {
        tags,
        summary: "A merchant's e-commerce connections",
        params: CONNECTOR_PARAMS,
        querystring: obj({ merchant_id: ID }, ['merchant_id']),
        response: answers({
          200: open({
            sandbox: { type: 'boolean' },
            items: {
              type: 'array',
              items: open({
                platform: { type: 'string' },
                connected: { type: 'boolean' },
                consent_url: { type: ['string', 'null'] },
              }),
            },
          }),
        }),
      },
    },
    async (request) => capital.connections(who(request), request.params.connector, request.query.merchant_id),
  );
  app.post<{
    Params: { connector: string };
    Body: { platform: string; merchant_id: string; public_token: string };
  }>(
    `${base}/:connector/connect`,
    {
      schema: {
        tags,
        summary: 'Records an e-commerce platform connected through the connect widget',
        params: CONNECTOR_PARAMS,
        body: obj(
          {
            platform: { enum: [...PLATFORMS] },
            merchant_id: ID,
            public_token: { type: 'string', minLength: 1, maxLength: 500 },
          },
          ['platform', 'merchant_id', 'public_token'],
        ),
        response: answers({ 200: open({ platform: { type: 'string' }, connected: { type: 'boolean' } }) }),
      },
    },
    async (request) => capital.connect(who(request), request.params.connector, request.body),
  );

  app.post<{ Body: { iban: string } }>(
    `${base}/iban`,
    {
      schema: {
        tags,
        summary: 'Checks an IBAN for the capital wizard (AE and 21 digits)',
        body: obj({ iban: { type: 'string', minLength: 1, maxLength: 60 }, flag: { type: 'boolean' } }, [
          'iban',
        ]),
        response: answers({
          200: open({
            is_valid: { type: 'boolean' },
            bank_data: open({ bank_name: { type: ['string', 'null'] } }),
          }),
        }),
      },
    },
    async (request) => capital.checkIban(request.body.iban),
  );

  app.get(
    `${base}/waitlist`,
    { schema: { tags, summary: "The account's waitlist entry", response: answers({ 200: WAITLIST }) } },
    async (request) => capital.waitlist(who(request)),
  );
  app.post<{ Body: { stores: string[]; capitalUse: string; otherUse?: string } }>(
    `${base}/waitlist`,
    {
      schema: {
        tags,
        summary: 'Joins the capital waitlist',
        body: obj(
          {
            stores: { type: 'array', minItems: 1, maxItems: 100, items: ID },
            capitalUse: { enum: [...CAPITAL_USES] },
            otherUse: { type: 'string', maxLength: 500 },
          },
          ['stores', 'capitalUse'],
        ),
        response: answers({ 200: WAITLIST }),
      },
    },
    async (request) => capital.joinWaitlist(who(request), request.body),
  );
}
