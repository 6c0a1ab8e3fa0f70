/**
 * Legal entities (onboarding spec §7 "Other"; docs/legal-entities.md). Paths are the spec's:
 *
 *   GET /merchant/api/v1/legal-entities                the caller's entities (status filter); the shell's alert
 *   GET /merchant/api/v1/legal-entities/:id            one entity with its legal info (workspace admins)
 *   GET /merchant/api/v1/legal-entities/:id/owners     its owners (workspace admins)
 *   GET /merchant/api/v1/legal-entities-with-stores    the entities with their merchants' stores (workspace admins)
 */
import type { FastifyInstance } from 'fastify';
import {
  LegalEntities,
  LegalEntitiesQuery,
  LegalEntitiesWithStores,
  LegalEntityDetail,
  Owners,
} from '../../contract/legalEntities';
import { accountOf } from '../auth/session';
import { answers } from '../openapi';
import type { LegalEntityService } from '../services/legalEntities';
import { getById } from './getById';

const tags = ['legal entities'];

export async function legalEntityRoutes(app: FastifyInstance, opts: { legalEntities: LegalEntityService }) {
  const { legalEntities } = opts;

  app.get<{ Querystring: { status?: string[] } }>(
    '/merchant/api/v1/legal-entities',
    {
      schema: {
        tags,
        summary:
          'The legal entities of the caller’s merchants; of a merchant the caller does not administer, only id, merchant_id, status, country and license_expiry_date',
        querystring: LegalEntitiesQuery,
        response: answers({ 200: LegalEntities }),
      },
    },
    async (request) => legalEntities.list(accountOf(request), request.query),
  );

  getById(
    app,
    '/merchant/api/v1/legal-entities/:id',
    { tags, summary: 'One legal entity with its legal info', answer: LegalEntityDetail },
    (account, id) => legalEntities.get(account, id),
  );

  getById(
    app,
    '/merchant/api/v1/legal-entities/:id/owners',
    { tags, summary: 'The owners of a legal entity', answer: Owners },
    (account, id) => legalEntities.owners(account, id),
  );

  app.get(
    '/merchant/api/v1/legal-entities-with-stores',
    {
      schema: {
        tags,
        summary: 'The caller’s legal entities, each with its merchant’s stores',
        response: answers({ 200: LegalEntitiesWithStores }),
      },
    },
    async (request) => legalEntities.withStores(accountOf(request)),
  );
}
