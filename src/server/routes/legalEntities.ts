/**
 * Legal entities (onboarding spec §7 "Other"; docs/legal-entities.md). Paths are the spec's:
 *
 *   GET /merchant/api/v1/legal-entities                the caller's entities (status filter); the shell's alert
 *   GET /merchant/api/v1/legal-entities/:id            one entity with its legal info (workspace admins)
 *   GET /merchant/api/v1/legal-entities/:id/owners     its owners (workspace admins)
 *   GET /merchant/api/v1/legal-entities-with-stores    the entities with their merchants' stores (workspace admins)
 */
import type { FastifyInstance } from 'fastify';
import { LEGAL_ENTITY_STATUSES } from '../../domain/legalEntities';
import { requireSession } from '../auth/session';
import { answers, ID_PARAMS, itemsOf, open } from '../openapi';
import type { LegalEntityService } from '../services/legalEntities';

const tags = ['legal entities'];

const FIELDS = {
  id: { type: 'string' },
  merchant_id: { type: 'string' },
  status: { type: 'string', enum: [...LEGAL_ENTITY_STATUSES] },
  country: { type: 'string' },
  legal_company_name: { type: ['string', 'null'] },
  iban: { type: ['string', 'null'] },
  license_url: { type: ['string', 'null'] },
  bank_name: { type: ['string', 'null'] },
  legal_address: { type: ['string', 'null'] },
  license_expiry_date: { type: ['string', 'null'] },
};
const LEGAL_ENTITY = open(FIELDS);

const OWNER = open({
  id: { type: 'string' },
  name: { type: 'string' },
  kind: { type: 'string', enum: ['individual', 'company'] },
  nationality: { type: 'string' },
  share: { type: 'number' },
  roles: { type: 'array', items: { type: 'string' } },
});

export async function legalEntityRoutes(app: FastifyInstance, opts: { legalEntities: LegalEntityService }) {
  const { legalEntities } = opts;
  const who = (request: Parameters<typeof requireSession>[0]) => requireSession(request).accountId;

  app.get<{ Querystring: { status?: string[] } }>(
    '/merchant/api/v1/legal-entities',
    {
      schema: {
        tags,
        summary:
          'The legal entities of the caller’s merchants; of a merchant the caller does not administer, only id, merchant_id, status, country and license_expiry_date',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: {
              type: 'array',
              items: { type: 'string', maxLength: 50 },
              maxItems: 10,
              description: `any of ${LEGAL_ENTITY_STATUSES.join(', ')}; a list or comma-separated`,
            },
            request_id: { type: 'string' },
          },
        },
        response: answers({ 200: itemsOf(LEGAL_ENTITY) }),
      },
    },
    async (request) => legalEntities.list(who(request), request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/legal-entities/:id',
    {
      schema: {
        tags,
        summary: 'One legal entity with its legal info',
        params: ID_PARAMS,
        response: answers({
          200: open({
            ...FIELDS,
            legal_info: { type: 'object', additionalProperties: true },
            owners_count: { type: 'integer' },
          }),
        }),
      },
    },
    async (request) => legalEntities.get(who(request), request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/legal-entities/:id/owners',
    {
      schema: {
        tags,
        summary: 'The owners of a legal entity',
        params: ID_PARAMS,
        response: answers({ 200: itemsOf(OWNER) }),
      },
    },
    async (request) => legalEntities.owners(who(request), request.params.id),
  );

  app.get(
    '/merchant/api/v1/legal-entities-with-stores',
    {
      schema: {
        tags,
        summary: 'The caller’s legal entities, each with its merchant’s stores',
        response: answers({
          200: itemsOf(
            open({
              ...FIELDS,
              stores: {
                type: 'array',
                items: open({
                  id: { type: 'string' },
                  name: { type: 'string' },
                  country: { type: 'string' },
                }),
              },
            }),
          ),
        }),
      },
    },
    async (request) => legalEntities.withStores(who(request)),
  );
}
