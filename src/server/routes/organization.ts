/**
 * The dashboard onboarding gate's calls (onboarding spec §7 Organization and Stores): the organization's business
 * profile and the store contract. Paths are the spec's; shapes are ours (services/organization.ts).
 */
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../auth/session';
import { getById } from './getById';
import type { OrganizationService } from '../services/organization';
import { answers, ID_PARAMS } from '../openapi';
import {
  ContractCompletion,
  OrganizationProfile,
  SignContractBody,
  StoreContract,
} from '../../contract/stores';

const tags = ['organizations'];

export async function organizationRoutes(app: FastifyInstance, opts: { organizations: OrganizationService }) {
  const { organizations } = opts;

  getById(
    app,
    '/merchant/api/v1/organizations/:id/business-profile',
    { tags, summary: "An organisation's business profile", answer: OrganizationProfile },
    (account, id) => organizations.businessProfile(account, id),
  );

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/merchant/api/v1/organizations/:id/business-profile',
    {
      schema: {
        tags,
        summary: "Saves an organisation's business profile",
        params: ID_PARAMS,
        body: { type: 'object', additionalProperties: true },
        response: answers({ 200: OrganizationProfile }),
      },
    },
    async (request) => organizations.saveBusinessProfile(accountOf(request), request.params.id, request.body),
  );

  getById(
    app,
    '/merchant/api/v1/stores/:id/contract',
    { tags, summary: "A store's contract", answer: StoreContract },
    (account, id) => organizations.contract(account, id),
  );

  app.post<{ Params: { id: string }; Body: { accept?: unknown } }>(
    '/merchant/api/v1/stores/:id/contract',
    {
      schema: {
        tags,
        summary: "Signs a store's contract ({ accept: true })",
        params: ID_PARAMS,
        body: SignContractBody,
        response: answers({ 200: StoreContract }),
      },
    },
    async (request) =>
      organizations.signContract(accountOf(request), request.params.id, request.body.accept === true),
  );

  getById(
    app,
    '/merchant/api/v1/stores/:id/contract/complete',
    { tags, summary: "Whether a store's contract is signed", answer: ContractCompletion },
    (account, id) => organizations.completeContract(account, id),
  );
}
