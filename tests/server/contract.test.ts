/**
 * One API contract (src/contract, issue 33): the server's routes validate and document with the contract's own
 * schema objects — the same ones the web app types its calls with (`Static<typeof …>`) — and answer with
 * exactly the contract's fields.
 */
import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { studioRoutes } from '../../src/server/routes/studio';
import { API_ERROR } from '../../src/server/openapi';
import * as studio from '../../src/contract/studio';
import * as support from '../../src/contract/support';
import * as legalEntities from '../../src/contract/legalEntities';
import * as stores from '../../src/contract/stores';
import * as users from '../../src/contract/users';
import * as disputes from '../../src/contract/disputes';
import * as payments from '../../src/contract/payments';
import * as merchants from '../../src/contract/merchants';
import * as remoteConfig from '../../src/contract/remoteConfig';
import * as paymentLinks from '../../src/contract/paymentLinks';
import * as catalogue from '../../src/contract/catalogue';
import * as auth from '../../src/contract/auth';
import * as account from '../../src/contract/account';
import * as capital from '../../src/contract/capital';
import * as application from '../../src/contract/application';
import * as drafts from '../../src/contract/drafts';
import * as chat from '../../src/contract/chat';
import * as payouts from '../../src/contract/payouts';
import * as wallet from '../../src/contract/wallet';
import { createTestApp } from './setup/app';
import { OPENAPI_PATH } from '../../src/server/openapi';
import type { StudioService } from '../../src/server/services/studio';
import type { FormInsightsService } from '../../src/server/services/formInsights';
import type { Review } from '../../src/web/features/studio/api';
import type { VersionPointer } from '../../src/engine/react/browserFlowSource';
import type { FlowPointer } from '../../src/contract/catalogue';

/** The studio's routes on a bare server, their options kept as registered. */
async function studioRouteTable(service: Partial<StudioService> = {}) {
  const app = Fastify().addSchema(API_ERROR);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.decorateRequest('session', null);
  // Signed in (the studio's own hook asks for a session; isOps says yes).
  app.addHook('onRequest', async (request) => {
    (request as unknown as { session: unknown }).session = { accountId: 'acc-ops' };
  });
  await app.register(studioRoutes, {
    studio: service as StudioService,
    insights: {} as FormInsightsService,
    isOps: async () => true,
  });
  await app.ready();
  return { app, routes };
}

/** Every call moved onto the contract: its answer's (or body's) schema in the API document is the contract's. */
const CONTRACT: [method: string, path: string, part: 'body' | number, schema: { properties: object }][] = [
  ['get', '/merchant/api/v1/studio/flows/{flow}/review', 200, studio.Review],
  ['get', '/merchant/api/v1/studio/audit', 200, studio.AuditPage],
  ['post', '/merchant/api/v1/studio/flows/{flow}/publish', 'body', studio.PublishBody],
  ['get', '/merchant/api/v1/support/tickets', 200, support.TicketsPage],
  ['post', '/merchant/api/v1/support/tickets', 'body', support.OpenTicketBody],
  ['post', '/merchant/api/v1/support/tickets', 201, support.TicketWithMessages],
  ['get', '/merchant/api/v1/support/tickets/{id}', 200, support.TicketWithMessages],
  ['get', '/merchant/api/v1/legal-entities', 200, legalEntities.LegalEntities],
  ['get', '/merchant/api/v1/legal-entities/{id}', 200, legalEntities.LegalEntityDetail],
  ['get', '/merchant/api/v1/legal-entities/{id}/owners', 200, legalEntities.Owners],
  ['get', '/merchant/api/v1/stores/{id}', 200, stores.StoreDetail],
  ['get', '/merchant/api/v1/stores/{id}/commissions', 200, stores.Commissions],
  ['get', '/merchant/api/v1/stores/{id}/schedules', 200, stores.Schedules],
  ['get', '/merchant/api/v1/users', 200, users.TeamPage],
  ['post', '/merchant/api/v1/users/invite', 'body', users.InviteBody],
  ['post', '/merchant/api/v1/users/invite', 201, users.UserAnswer],
  ['put', '/merchant/api/v1/users/{id}', 200, users.UserAnswer],
  ['get', '/merchant/api/v1/disputes', 200, disputes.DisputesPage],
  ['get', '/merchant/api/v1/disputes/active', 200, disputes.ActiveDisputes],
  ['get', '/merchant/api/v1/disputes/{id}', 200, disputes.DisputeAnswer],
  ['post', '/merchant/api/v1/disputes/{id}/challenge', 'body', disputes.ChallengeBody],
  ['post', '/merchant/api/v1/disputes/export', 'body', disputes.DisputeFilters],
  ['get', '/merchant/api/v1/payments', 200, payments.PaymentsPage],
  ['get', '/merchant/api/v1/payments/totals', 200, payments.PaymentTotals],
  ['get', '/merchant/api/v1/payments/{id}', 200, payments.PaymentAnswer],
  ['post', '/merchant/api/v1/payments/{id}/captures', 'body', payments.CaptureBody],
  ['post', '/merchant/api/v1/payments/{id}/refunds', 'body', payments.RefundBody],
  ['post', '/merchant/api/v1/payments/export', 'body', payments.PaymentExportBody],
  ['get', '/merchant/api/v1/payments/summary', 200, payments.SalesSummary],
  ['get', '/merchant/api/v2/merchants', 200, merchants.MerchantsAnswer],
  ['get', '/merchant/api/v1/application/merchant/{id}', 200, merchants.MerchantApplication],
  ['get', '/merchant/api/v1/application/merchant/{id}/api_keys', 200, merchants.ApiKeys],
  ['post', '/merchant/api/v1/application/merchant/{id}/api_keys/reveal', 'body', merchants.RevealBody],
  ['get', '/merchant/api/v1/merchants/{id}/products', 200, merchants.MerchantProducts],
  ['post', '/merchant/api/v1/auth/step-up', 'body', merchants.StepUpBody],
  ['post', '/merchant/api/v1/auth/step-up', 200, merchants.StepUpAnswer],
  ['get', '/merchant/api/v1/payouts', 200, payouts.PayoutsPage],
  ['get', '/merchant/api/v1/payouts/{id}', 200, payouts.PayoutAnswer],
  ['get', '/merchant/api/v1/wallets', 200, wallet.WalletsAnswer],
  ['get', '/merchant/api/v1/wallets/{merchantId}', 200, wallet.WalletAnswer],
  ['get', '/merchant/api/v1/wallets/{merchantId}/movements', 200, wallet.MovementsPage],
  ['put', '/merchant/api/v1/wallets/{merchantId}/payout-destination', 'body', wallet.DestinationBody],
  ['post', '/merchant/api/v1/wallets/{merchantId}/transfers', 'body', wallet.TransferBody],
  ['post', '/merchant/api/v1/wallets/{merchantId}/transfers', 200, wallet.TransferAnswer],
  ['get', '/merchant/api/v1/cards', 200, wallet.CardsAnswer],
  ['post', '/merchant/api/v1/cards/application/{merchantId}', 'body', wallet.CardApplicationBody],
  ['post', '/merchant/api/v1/cards/{id}/freeze', 200, wallet.CardAnswer],
  ['post', '/merchant/api/v1/cards/{id}/reveal', 'body', wallet.CardRevealBody],
  ['post', '/merchant/api/v1/cards/{id}/reveal', 200, wallet.CardDetails],
  ['get', '/merchant/api/v1/remote-config/web_status_message', 200, remoteConfig.StatusMessageAnswer],
  ['put', '/merchant/api/v1/remote-config/web_status_message', 'body', remoteConfig.StatusMessageBody],
  ['post', '/merchant/api/v1/payment-links', 'body', paymentLinks.CreateLinkBody],
  ['post', '/merchant/api/v1/payment-links', 200, paymentLinks.LinkAnswer],
  ['get', '/merchant/api/v1/payment-links/{id}', 200, paymentLinks.LinkAnswer],
  ['get', '/merchant/api/v1/stores', 200, stores.Stores],
  ['get', '/merchant/api/v1/stores/{id}/contract', 200, stores.StoreContract],
  ['get', '/merchant/api/v1/stores/{id}/contract/complete', 200, stores.ContractCompletion],
  ['get', '/merchant/api/v1/organizations/{id}/business-profile', 200, stores.OrganizationProfile],
  ['get', '/merchant/api/v1/catalogue/flows', 200, catalogue.FlowPointers],
  ['get', '/merchant/api/v1/catalogue/flows/{flow}', 200, catalogue.FlowPointer],
  ['post', '/merchant/api/v2/auth/authenticate', 200, auth.AuthStarted],
  ['post', '/merchant/api/v2/auth/verify', 200, auth.AuthStep],
  ['post', '/merchant/api/v2/auth/challenge/setup', 200, auth.SetupStarted],
  ['post', '/merchant/api/v2/auth/challenge/verify', 200, auth.ChallengeVerified],
  ['get', '/merchant/api/v1/auth/sessions', 200, auth.Sessions],
  ['get', '/merchant/api/v1/account', 200, account.Account],
  ['get', '/merchant/api/v1/auth/permissions', 200, account.PermissionAnswer],
  ['get', '/merchant/api/v1/experiments', 200, account.Experiments],
  ['get', '/merchant/api/v1/capital/offers', 200, capital.Offers],
  ['post', '/merchant/api/v1/capital/offer/{id}/calculate', 'body', capital.QuoteBody],
  ['post', '/merchant/api/v1/capital/offer/{id}/calculate', 200, capital.QuoteAnswer],
  ['get', '/merchant/api/v1/capital/loans', 200, capital.Loans],
  ['get', '/merchant/api/v1/capital/loans/{id}', 200, capital.Loan],
  ['post', '/merchant/api/v1/capital/loans', 201, capital.LoanApplied],
  ['get', '/merchant/api/v1/loan/application', 200, capital.ApplicationRecords],
  ['post', '/merchant/api/v1/capital/application', 'body', capital.ApplicationCreateBody],
  ['get', '/merchant/api/v1/capital/application/{id}', 200, capital.Application],
  ['patch', '/merchant/api/v1/capital/application/{id}', 'body', capital.ApplicationPatchBody],
  ['patch', '/merchant/api/v1/capital/application/{id}/reset', 'body', capital.ResetBody],
  ['get', '/merchant/api/v1/capital/{connector}/connections', 200, capital.Connections],
  ['post', '/merchant/api/v1/capital/iban', 200, capital.IbanChecked],
  ['get', '/merchant/api/v1/capital/waitlist', 200, capital.Waitlist],
  ['post', '/merchant/api/v1/capital/waitlist', 'body', capital.WaitlistBody],
  // A body that may be null: an object schema with a null type beside it (its properties are still listed).
  [
    'post',
    '/partners/application/api/v1/application',
    'body',
    application.StartBody as unknown as { properties: object },
  ],
  ['post', '/partners/application/api/v1/application', 201, application.Application],
  ['get', '/merchant/api/v1/application/sections', 200, application.NamedList],
  ['get', '/merchant/api/v1/application/sections/{id}/categories', 200, application.NamedList],
  ['get', '/partners/application/api/v1/iban/{iban}', 200, application.IbanLookup],
  ['post', '/merchant/api/v1/flows/{flow}/drafts', 201, drafts.Draft],
  ['get', '/merchant/api/v1/flows/{flow}/drafts/{draft}', 200, drafts.Draft],
  ['get', '/merchant/api/v1/support/chat-token', 200, chat.Token],
  ['get', '/merchant/api/v1/support/chat/state', 200, chat.State],
  ['get', '/merchant/api/v1/support/chat/channels', 200, chat.Channels],
  ['get', '/merchant/api/v1/support/chat/channels/{id}/messages', 200, chat.ChannelMessages],
  ['post', '/merchant/api/v1/support/chat/messages', 'body', chat.SendBody],
  ['post', '/merchant/api/v1/support/chat/messages', 201, chat.Sent],
  ['post', '/merchant/api/v1/support/chat/channels/{id}/read', 'body', chat.ReadBody],
  ['post', '/merchant/api/v1/support/chat/channels/{id}/close', 200, chat.ChannelAnswer],
];

describe('the API document', () => {
  it('describes each call moved onto the contract with the contract’s fields', async () => {
    const { app } = await createTestApp();
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    for (const [method, path, part, schema] of CONTRACT) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const documented =
        part === 'body'
          ? operation.requestBody.content['application/json'].schema
          : operation.responses[String(part)].content['application/json'].schema;
      expect(Object.keys(documented.properties).sort(), `${method} ${path} ${part}`).toEqual(
        Object.keys(schema.properties).sort(),
      );
    }
  });
});

describe('the studio’s calls', () => {
  it('validate and document with the contract’s schema objects', async () => {
    const { app, routes } = await studioRouteTable();
    const route = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === `/merchant/api/v1/studio${url}`)!.schema as Record<
        string,
        unknown
      > & { response: Record<string, unknown> };
    expect(route('GET', '/flows/:flow/review').response[200]).toBe(studio.Review);
    expect(route('PUT', '/flows/:flow/working-copy').response[200]).toBe(studio.Review);
    expect(route('PUT', '/flows/:flow/working-copy').body).toBe(studio.WorkingCopyBody);
    expect(route('GET', '/flows/:flow/rollback').response[200]).toBe(studio.RollbackReview);
    expect(route('POST', '/flows/:flow/publish').body).toBe(studio.PublishBody);
    expect(route('GET', '/audit').response[200]).toBe(studio.AuditPage);
    await app.close();
  });

  it('answer the contract’s fields and no others', async () => {
    const review: Review & { internal?: string } = {
      flow: 'onboarding',
      base_version: 'a'.repeat(64),
      current_version: 'a'.repeat(64),
      version: null,
      problems: [{ check: 'translations', file: 'x.json', pointer: '/title', message: 'missing' }],
      classification: 'none',
      changes: [],
      impact: null,
      // Something the service knows that is not the contract's (a compiled version, say): never sent.
      internal: 'secret',
    };
    const { app } = await studioRouteTable({ review: async () => review });
    const res = await app.inject({ method: 'GET', url: '/merchant/api/v1/studio/flows/onboarding/review' });
    expect(res.statusCode).toBe(200);
    const { internal: _internal, ...sent } = review;
    expect(res.json()).toEqual(sent);
    await app.close();
  });

  it('type the web app’s calls with the contract: a field it does not have is a type error', () => {
    const review = { classification: 'breaking' } as Review;
    // @ts-expect-error — the contract's Review has `classification`, no `classifications`
    expect(review.classifications).toBeUndefined();
    // @ts-expect-error — a classification is one of four words
    const wrong: Review['classification'] = 'major';
    expect(wrong).toBe('major');
    // The engine sits below the contract and names the pointer's fields itself: the contract's answer has them.
    const pointer: FlowPointer = { flow: 'onboarding', version: 'v', manifest: '/catalogue/v/manifest.json' };
    const read: VersionPointer = pointer;
    expect(read.manifest).toBe(pointer.manifest);
  });
});

describe('capital’s answers', () => {
  it('keep a stored document’s nulls and its other fields as they are', async () => {
    const app = Fastify();
    app.get('/loan', { schema: { response: { 200: capital.Loan } } }, async () => ({
      id: 'loan-1',
      merchant_id: 'mer-1',
      status: 'waiting',
      currency: 'AED',
      amount: 1000,
      fee_amount: 10,
      amount_vat: 1010,
      paid_amount: 0,
      repaid_percent: 0,
      tenor: 12,
      repayment_rate: 22,
      minimum_repayment_amount: 85,
      next_repayment_date: null,
      tags: [],
      // A loan taken out on an application without a company name (services/capital/loans.ts).
      legal_info: { company_name: null, legal_name: null },
      repayments: [],
      // §3 fields the web app does not read pass through (the answer is open).
      settlement_account: { iban: 'AE07…' },
    }));
    const body = (await app.inject({ method: 'GET', url: '/loan' })).json();
    expect(body.legal_info).toEqual({ company_name: null, legal_name: null });
    expect(body.next_repayment_date).toBeNull();
    expect(body.settlement_account).toEqual({ iban: 'AE07…' });
    await app.close();
  });
});
