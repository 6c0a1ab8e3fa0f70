/**
 * The calls of capital spec §7. Paths are the spec's where it gives them; where it says "path not shown" ours, in
 * the same style (and in the OpenAPI document):
 *
 * | Call | Path |
 * |---|---|
 * | Loans list | GET /merchant/api/v1/capital/loans |
 * | Loan by id | GET /merchant/api/v1/capital/loans/{id} |
 * | Loan apply | POST /merchant/api/v1/capital/loans `{ application_id }` → `{ loan_id }` |
 * | Loan patch | PATCH /merchant/api/v1/capital/loans/{id} `{ authorized_signatory: { phone }, code }` |
 * | Loan signatory code | POST /merchant/api/v1/capital/loans/{id}/signatory-code `{ phone }`: the code for that patch |
 * | Join the waitlist | POST /merchant/api/v1/capital/waitlist (and GET: the account's entry) |
 * | Reset update | PATCH /merchant/api/v1/capital/application/{id}/reset |
 * | IBAN lazy check | POST /merchant/api/v1/capital/iban `{ iban, flag }` → `{ is_valid, bank_data }` |
 *
 * The older loan-application family (`/merchant/api/v1/loan/application…`) answers from the same service: its
 * GET is the loans list's applications. Lists answer `{ items }`, as every list of this API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as C from '../../contract/capital';
import type { Static } from '../../contract/common';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { CapitalScope, CapitalService } from '../services/capital';
import type { ContractService } from '../services/contracts';
import type { Language } from '../../domain/language';
import { ContractView, ContractPrepareBody } from '../../contract/contracts';
import { contractLanguage } from './contracts';

const tags = ['capital'];

/**
 * Capital §5: an offer's amount and tenor may come as their digits in a string ("20000"), read as numbers. Bodies
 * are otherwise taken as typed (plugins/validation.ts), so the spec's conversion is done here, before validation,
 * for these two fields only: any other string stays and is refused by the schema, naming the field.
 */
async function termsAsNumbers(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  for (const field of ['amount', 'tenor'])
    if (typeof body[field] === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(body[field]))
      body[field] = Number(body[field]);
}
const base = '/merchant/api/v1/capital';
const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: false,
});

/** The scope the hook worked out for each request (held weakly: it goes with the request). */
const scopes = new WeakMap<FastifyRequest, CapitalScope>();
const who = (request: FastifyRequest) => scopes.get(request)!;

export interface CapitalRouteOptions {
  capital: CapitalService;
  /** An approved application's contract is drawn by the contracts service (docs/contracts.md). */
  contracts: ContractService;
  languageOf: (accountId: string) => Promise<Language>;
}

export async function capitalRoutes(app: FastifyInstance, opts: CapitalRouteOptions) {
  // Who may call capital at all (§6) is decided before the body is read, for every route of this plugin (the
  // hook is encapsulated here): an account without capital gets 403 whatever it sends, never a 400 that would
  // tell it the shape of a body it may not send. The handler then uses the scope the hook worked out.
  app.addHook('preValidation', async (request) => {
    scopes.set(request, await opts.capital.scopeOf(accountOf(request)));
  });
  offerAndLoanRoutes(app, opts);
  capitalApplicationRoutes(app, opts);
  connectionRoutes(app, opts);
}

/** Offers and their quotes, loans. */
function offerAndLoanRoutes(app: FastifyInstance, opts: CapitalRouteOptions) {
  const { capital } = opts;

  app.get<{ Querystring: { merchant_id?: string; store_id?: string } }>(
    `${base}/offers`,
    {
      schema: {
        tags,
        summary: "The capital offers of the account's merchants (one merchant's, one store's)",
        querystring: obj({ merchant_id: ID, store_id: ID }),
        response: answers({ 200: C.Offers }),
      },
    },
    async (request) =>
      capital.offers(who(request), {
        ...(request.query.merchant_id ? { merchantId: request.query.merchant_id } : {}),
        ...(request.query.store_id ? { storeId: request.query.store_id } : {}),
      }),
  );

  app.post<{ Params: { id: string }; Body: Static<typeof C.QuoteBody> }>(
    `${base}/offer/:id/calculate`,
    {
      schema: {
        tags,
        summary: 'The quote of an amount and a tenor on an offer',
        params: ID_PARAMS,
        body: C.QuoteBody,
        response: answers({ 200: C.QuoteAnswer }),
      },
      preValidation: termsAsNumbers,
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
        response: answers({ 200: C.ApplicationOrNone }),
      },
    },
    async (request) => capital.applicationOfOffer(who(request), request.params.id),
  );

  // Loans.
  app.get(
    `${base}/loans`,
    { schema: { tags, summary: "The account's capital loans", response: answers({ 200: C.Loans }) } },
    async (request) => capital.loans(who(request)),
  );
  app.get<{ Params: { id: string } }>(
    `${base}/loans/:id`,
    { schema: { tags, summary: 'A capital loan', params: ID_PARAMS, response: answers({ 200: C.Loan }) } },
    async (request) => capital.loan(who(request), request.params.id),
  );
  app.post<{ Body: Static<typeof C.LoanApplyBody> }>(
    `${base}/loans`,
    {
      schema: {
        tags,
        summary: 'Takes out the loan of an approved application whose contract is signed',
        body: C.LoanApplyBody,
        response: answers({ 201: C.LoanApplied }),
      },
    },
    async (request, reply) => reply.code(201).send(await capital.applyForLoan(who(request), request.body)),
  );
  app.patch<{ Params: { id: string }; Body: Static<typeof C.LoanPatchBody> }>(
    `${base}/loans/:id`,
    {
      schema: {
        tags,
        summary: "Changes a loan's direct-debit signatory phone, with the code sent to it",
        params: ID_PARAMS,
        body: C.LoanPatchBody,
        response: answers({ 200: C.Loan }),
      },
    },
    async (request) => capital.patchLoan(who(request), request.params.id, request.body),
  );
  app.post<{ Params: { id: string }; Body: Static<typeof C.LoanPhoneCodeBody> }>(
    `${base}/loans/:id/signatory-code`,
    {
      schema: {
        tags,
        summary: "Sends a code to a loan's new signatory phone (the PATCH brings it back)",
        params: ID_PARAMS,
        body: C.LoanPhoneCodeBody,
        response: answers({ 200: C.LoanCodeSent }),
      },
    },
    async (request) => capital.sendLoanPhoneCode(who(request), request.params.id, request.body),
  );
}

/** Applications: the capital paths and the older loan-application family, one service. */
function capitalApplicationRoutes(app: FastifyInstance, opts: CapitalRouteOptions) {
  const { capital } = opts;

  // Applications: the capital paths and the older loan-application family, one service.
  const listApplications = {
    schema: {
      tags,
      summary: "The account's submitted capital applications, as the loans list shows them",
      response: answers({ 200: C.ApplicationRecords }),
    },
  };
  app.get('/merchant/api/v1/loan/application', listApplications, async (request) =>
    capital.applicationRecords(who(request)),
  );

  const create = {
    schema: {
      tags,
      summary: 'Creates the application of an offer',
      body: C.ApplicationCreateBody,
      response: answers({ 201: C.ApplicationCreated }),
    },
    preValidation: termsAsNumbers,
  };
  for (const path of [`${base}/application`, '/merchant/api/v1/loan/application'])
    app.post<{ Body: C.ApplicationCreateBody }>(path, create, async (request, reply) =>
      reply.code(201).send(await capital.createApplication(who(request), request.body)),
    );

  app.get<{ Params: { id: string } }>(
    `${base}/application/:id`,
    {
      schema: {
        tags,
        summary: 'A capital application, with its steps',
        params: ID_PARAMS,
        response: answers({ 200: C.Application }),
      },
    },
    async (request) => capital.application(who(request), request.params.id),
  );

  const update = {
    schema: {
      tags,
      summary: "Changes an application's answers",
      params: ID_PARAMS,
      body: C.ApplicationPatchBody,
      response: answers({ 200: C.Application }),
    },
    preValidation: termsAsNumbers,
  };
  app.patch<{ Params: { id: string }; Body: C.ApplicationPatchBody }>(
    `${base}/application/:id`,
    update,
    async (request) => capital.updateApplication(who(request), request.params.id, request.body),
  );
  for (const method of ['PUT', 'PATCH'] as const)
    app.route<{ Params: { id: string }; Body: C.ApplicationPatchBody }>({
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
      body: C.CodeBody,
      response: answers({ 200: C.Application }),
    },
  };
  for (const path of [`${base}/application/:id/verify`, '/merchant/api/v1/loan/application/:id/verify'])
    app.post<{ Params: { id: string }; Body: Static<typeof C.CodeBody> }>(path, verify, async (request) =>
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
        response: answers({ 200: C.CodeSent }),
      },
    },
    async (request) => capital.sendSignatoryCode(who(request), request.params.id),
  );

  const submit = {
    schema: {
      tags,
      summary: 'Submits an application for review',
      params: ID_PARAMS,
      body: C.SubmitBody,
      response: answers({ 200: C.Application }),
    },
  };
  for (const path of [`${base}/application/:id/submit`, '/merchant/api/v1/loan/application/:id/apply'])
    app.post<{ Params: { id: string }; Body: { application_id?: string } | null }>(
      path,
      submit,
      async (request) => capital.submitApplication(who(request), request.params.id, request.body ?? {}),
    );

  app.post<{ Params: { id: string }; Body: Static<typeof ContractPrepareBody> }>(
    `${base}/application/:id/contract`,
    {
      schema: {
        tags,
        summary: "An approved application's contract, drawn in the merchant's language (docs/contracts.md)",
        params: ID_PARAMS,
        body: ContractPrepareBody,
        response: answers({ 200: ContractView }),
      },
    },
    async (request) => {
      const accountId = who(request).accountId;
      const language = await contractLanguage(request.body?.language, accountId, opts.languageOf);
      return opts.contracts.prepare(accountId, 'capital_loan', request.params.id, language);
    },
  );

  app.patch<{ Params: { id: string }; Body: C.ResetBody }>(
    `${base}/application/:id/reset`,
    {
      schema: {
        tags,
        summary: 'Sends the fix of a reset application (its reason says which fields)',
        params: ID_PARAMS,
        body: C.ResetBody,
        response: answers({ 200: C.Application }),
      },
    },
    async (request) => capital.resetUpdate(who(request), request.params.id, request.body),
  );
}

/** E-commerce connections (the sales-data step), the IBAN check, the waitlist. */
function connectionRoutes(app: FastifyInstance, opts: CapitalRouteOptions) {
  const { capital } = opts;

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
        response: answers({ 200: C.Connections }),
      },
    },
    async (request) => capital.connections(who(request), request.params.connector, request.query.merchant_id),
  );
  app.post<{
    Params: { connector: string };
    Body: Static<typeof C.ConnectBody>;
  }>(
    `${base}/:connector/connect`,
    {
      schema: {
        tags,
        summary: 'Records an e-commerce platform connected through the connect widget',
        params: CONNECTOR_PARAMS,
        body: C.ConnectBody,
        response: answers({ 200: C.Connected }),
      },
    },
    async (request) => capital.connect(who(request), request.params.connector, request.body),
  );

  app.post<{ Body: Static<typeof C.IbanBody> }>(
    `${base}/iban`,
    {
      schema: {
        tags,
        summary: 'Checks an IBAN for the capital wizard (AE and 21 digits)',
        body: C.IbanBody,
        response: answers({ 200: C.IbanChecked }),
      },
    },
    async (request) => capital.checkIban(request.body.iban),
  );

  app.get(
    `${base}/waitlist`,
    { schema: { tags, summary: "The account's waitlist entry", response: answers({ 200: C.Waitlist }) } },
    async (request) => capital.waitlist(who(request)),
  );
  app.post<{ Body: Static<typeof C.WaitlistBody> }>(
    `${base}/waitlist`,
    {
      schema: {
        tags,
        summary: 'Joins the capital waitlist',
        body: C.WaitlistBody,
        response: answers({ 200: C.Waitlist }),
      },
    },
    async (request) => capital.joinWaitlist(who(request), request.body),
  );
}
