/**
 * The merchant calls of onboarding spec §7 "Merchants" (docs/dashboard.md), and the step-up code a secret's
 * reveal needs:
 *
 *   GET  /merchant/api/v2/merchants                                   the caller's merchants
 *   GET  /merchant/api/v1/application/merchant/:id                    a merchant's application summary
 *   GET  /merchant/api/v1/application/merchant/:id/api_keys           its API keys, secrets masked (admins)
 *   POST /merchant/api/v1/application/merchant/:id/api_keys/reveal    one secret whole, after a fresh code (admins)
 *   GET  /merchant/api/v1/merchant/:id/legal_entity                   its legal entity (admins)
 *   POST /merchant/api/v1/merchant/:id/legal_entity                   its renewed licence, sent (admins)
 *   GET  /merchant/api/v2/merchants/:id/legal-entity                  the same entity, the v2 path
 *   GET  /merchant/api/v1/merchants/:id/products                      its products and the stores offering each
 *   POST /merchant/api/v1/auth/step-up                                a fresh code to the caller's second factor
 */
import type { FastifyInstance } from 'fastify';
import {
  ApiKeys,
  MERCHANT_PARAMS,
  MerchantApplication,
  MerchantLegalEntity,
  MerchantProducts,
  RenewedLegalEntity,
  MerchantsAnswer,
  RevealAnswer,
  RevealBody,
  StepUpAnswer,
  StepUpBody,
} from '../../contract/merchants';
import { accountOf, requireSession } from '../auth/session';
import { answers } from '../openapi';
import type { AuthService } from '../services/auth';
import type { MerchantService } from '../services/merchants';
import type { LegalEntityService } from '../services/legalEntities';
import { RenewLicenceBody } from '../../contract/legalEntities';
import { getById } from './getById';

const tags = ['merchants'];

export async function merchantRoutes(
  app: FastifyInstance,
  opts: { merchants: MerchantService; auth: AuthService; legalEntities: LegalEntityService },
) {
  const { merchants, auth, legalEntities } = opts;
  type ById = { Params: { id: string } };

  app.get(
    '/merchant/api/v2/merchants',
    { schema: { tags, summary: 'The caller’s merchants', response: answers({ 200: MerchantsAnswer }) } },
    async (request) => merchants.merchants(accountOf(request)),
  );
  getById(
    app,
    '/merchant/api/v1/application/merchant/:id',
    {
      tags,
      summary: 'A merchant’s application: its organization’s review and onboarding records',
      answer: MerchantApplication,
      params: MERCHANT_PARAMS,
    },
    (account, id) => merchants.application(account, id),
  );
  getById(
    app,
    '/merchant/api/v1/application/merchant/:id/api_keys',
    {
      tags,
      summary: 'A merchant’s API keys, secret keys masked (workspace admins)',
      answer: ApiKeys,
      params: MERCHANT_PARAMS,
    },
    (account, id) => merchants.apiKeys(account, id),
  );
  app.post<ById & { Body: RevealBody }>(
    '/merchant/api/v1/application/merchant/:id/api_keys/reveal',
    {
      schema: {
        tags,
        summary:
          'One secret key whole, after the step-up code just sent (workspace admins; the code is used up)',
        params: MERCHANT_PARAMS,
        body: RevealBody,
        response: answers({ 200: RevealAnswer }),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const answer = await merchants.reveal(
        session.accountId,
        request.params.id,
        request.body.environment,
        () => auth.verifyStepUp(session, 'api_key_reveal', request.body.code),
      );
      // A secret is never kept by a cache between here and the browser.
      void reply.header('cache-control', 'no-store');
      return answer;
    },
  );
  for (const path of [
    '/merchant/api/v1/merchant/:id/legal_entity',
    '/merchant/api/v2/merchants/:id/legal-entity',
  ])
    app.get<ById>(
      path,
      {
        schema: {
          tags,
          summary: 'A merchant’s legal entity (workspace admins); null while it has none',
          params: MERCHANT_PARAMS,
          response: answers({ 200: MerchantLegalEntity }),
        },
      },
      async (request) => legalEntities.ofMerchant(accountOf(request), request.params.id),
    );
  app.post<ById & { Body: RenewLicenceBody }>(
    '/merchant/api/v1/merchant/:id/legal_entity',
    {
      schema: {
        tags,
        summary:
          'Sends the merchant’s renewed licence (workspace admins): the file, its new expiry (two weeks away at least) and the registration number if it changed; kept for the provider’s check',
        params: MERCHANT_PARAMS,
        body: RenewLicenceBody,
        response: answers({ 200: RenewedLegalEntity }),
      },
    },
    async (request) => legalEntities.renew(accountOf(request), request.params.id, request.body),
  );
  getById(
    app,
    '/merchant/api/v1/merchants/:id/products',
    {
      tags,
      summary: 'The payment products a merchant’s stores offer, and which stores offer each',
      answer: MerchantProducts,
      params: MERCHANT_PARAMS,
    },
    (account, id) => merchants.products(account, id),
  );
  app.post<{ Body: StepUpBody }>(
    '/merchant/api/v1/auth/step-up',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sends a fresh code to the caller’s second factor, before a secret is shown or money moves; the code is good only for its purpose',
        body: StepUpBody,
        response: answers({ 200: StepUpAnswer }),
      },
    },
    async (request) => auth.startStepUp(requireSession(request), request.body.purpose, request.body.resend),
  );
}
