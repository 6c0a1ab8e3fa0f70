/** The signed-in account's calls (shell spec §7) and the analytics sink (`POST /merchant/api/v1/events`). */
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../auth/session';
import type { AccountService } from '../services/account';

export async function accountRoutes(app: FastifyInstance, opts: { account: AccountService }) {
  const { account } = opts;

  app.get('/merchant/api/v1/account', async (request, reply) => {
    const session = requireSession(request);
    // The app caches the account for 300 s (spec §7); the browser must not keep it after logout.
    reply.header('cache-control', 'private, no-store');
    return account.account(session.accountId);
  });

  app.get('/merchant/api/v1/auth/permissions', async (request) =>
    account.permissions(requireSession(request).accountId),
  );

  app.get<{ Querystring: { entity_id?: string; entity?: string } }>(
    '/merchant/api/v1/experiments',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            entity_id: { type: 'string', maxLength: 100 },
            entity: { const: 'merchant_account' },
            request_id: { type: 'string' },
          },
        },
      },
    },
    async (request) => account.experiments(requireSession(request).accountId, request.query.entity_id),
  );

  app.get('/merchant/api/v1/legal-entities', async (request) =>
    account.legalEntities(requireSession(request).accountId),
  );

  app.get('/merchant/api/v1/stores', async (request) => account.stores(requireSession(request).accountId));

  app.get<{ Params: { id: string } }>('/merchant/api/v1/stores/:id/available-products', async (request) =>
    account.availableProducts(requireSession(request).accountId, request.params.id),
  );

  // Analytics events from the app's default sink. Accepted before sign-in too (page views of the auth page).
  app.post<{ Body: { type: 'page' | 'identify'; properties?: Record<string, unknown> } }>(
    '/merchant/api/v1/events',
    {
      bodyLimit: 8 * 1024,
      schema: {
        body: {
          type: 'object',
          required: ['type'],
          additionalProperties: false,
          properties: {
            type: { enum: ['page', 'identify'] },
            properties: { type: 'object', maxProperties: 30 },
          },
        },
      },
    },
    async (request, reply) => {
      const session = request.session?.state === 'open' ? request.session : null;
      await account.recordEvent(session?.accountId ?? null, request.body.type, request.body.properties ?? {});
      return reply.code(202).send({});
    },
  );
}
