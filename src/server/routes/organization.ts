/**
 * The dashboard onboarding gate's calls (onboarding spec §7 Organization and Stores): the organization's business
 * profile and the store contract. Paths are the spec's; shapes are ours (services/organization.ts).
 */
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../auth/session';
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

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/organizations/:id/business-profile',
    {
      schema: {
        tags,
        summary: "An organisation's business profile",
        params: ID_PARAMS,
        response: answers({ 200: OrganizationProfile }),
      },
    },
    async (request) => organizations.businessProfile(requireSession(request).accountId, request.params.id),
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
    async (request) =>
      organizations.saveBusinessProfile(requireSession(request).accountId, request.params.id, request.body),
  );

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/stores/:id/contract',
    {
      schema: {
        tags,
        summary: "A store's contract",
        params: ID_PARAMS,
        response: answers({ 200: StoreContract }),
      },
    },
    async (request) => organizations.contract(requireSession(request).accountId, request.params.id),
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
      organizations.signContract(
        requireSession(request).accountId,
        request.params.id,
        request.body.accept === true,
      ),
  );

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/stores/:id/contract/complete',
    {
      schema: {
        tags,
        summary: "Whether a store's contract is signed",
        params: ID_PARAMS,
        response: answers({ 200: ContractCompletion }),
      },
    },
    async (request) => organizations.completeContract(requireSession(request).accountId, request.params.id),
  );
}
