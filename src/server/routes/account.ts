/** The signed-in account's calls (shell spec §7) and the analytics sink (`POST /merchant/api/v1/events`). */
import type { FastifyInstance } from 'fastify';
import { accountOf, requireSession } from '../auth/session';
import type { AccountService } from '../services/account';
import { answers, ID_PARAMS, itemsOf } from '../openapi';
import { Stores } from '../../contract/stores';
import { Account, Experiments, ExperimentsQuery, PermissionAnswer, SeenBody } from '../../contract/account';

const tags = ['account'];
export async function accountRoutes(app: FastifyInstance, opts: { account: AccountService }) {
  const { account } = opts;

  app.get(
    '/merchant/api/v1/account',
    { schema: { tags, summary: 'The signed-in account', response: answers({ 200: Account }) } },
    async (request, reply) => {
      const session = requireSession(request);
      // The app caches the account for 300 s (spec §7); the browser must not keep it after logout.
      reply.header('cache-control', 'private, no-store');
      return { ...(await account.account(session.accountId)), webview: session.webview };
    },
  );

  app.post<{ Body: SeenBody }>(
    '/merchant/api/v1/account/seen',
    {
      schema: {
        tags,
        summary:
          'An area with a “new” badge has been opened: the badge goes for this account, on every device',
        body: SeenBody,
        response: answers({ 204: { type: 'null', description: 'remembered' } }),
      },
    },
    async (request, reply) => {
      await account.markSeen(accountOf(request), request.body.area);
      return reply.code(204).send();
    },
  );

  app.get(
    '/merchant/api/v1/auth/permissions',
    {
      schema: {
        tags,
        summary: "The account's permission flags",
        response: answers({ 200: PermissionAnswer }),
      },
    },
    async (request) => account.permissions(accountOf(request)),
  );

  app.get<{ Querystring: { entity_id?: string; entity?: string } }>(
    '/merchant/api/v1/experiments',
    {
      schema: {
        tags,
        summary: 'Experiments switched on for the account (or one merchant)',
        response: answers({ 200: Experiments }),
        querystring: ExperimentsQuery,
      },
    },
    async (request) => account.experiments(accountOf(request), request.query.entity_id),
  );

  app.get(
    '/merchant/api/v1/stores',
    { schema: { tags, summary: "The account's stores", response: answers({ 200: Stores }) } },
    async (request) => account.stores(accountOf(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/stores/:id/available-products',
    {
      schema: {
        tags,
        summary: "A store's payment products",
        params: ID_PARAMS,
        response: answers({
          200: itemsOf({ type: 'string', description: 'a product name, e.g. pay_later' }),
        }),
      },
    },
    async (request) => account.availableProducts(accountOf(request), request.params.id),
  );

  // Analytics events from the app's default sink. Accepted before sign-in too (page views of the auth page).
  app.post<{
    Body: { type: 'page' | 'identify' | 'track'; event?: string; properties?: Record<string, unknown> };
  }>(
    '/merchant/api/v1/events',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['analytics'],
        summary: 'An analytics event (page view, identify, or a named event); no session needed',
        response: answers({ 202: { type: 'object', additionalProperties: false, properties: {} } }),
        body: {
          type: 'object',
          required: ['type'],
          additionalProperties: false,
          properties: {
            type: { enum: ['page', 'identify', 'track'] },
            /** A named event's name (capital spec §7: "Capital Apply Clicked", "Call Back Requested", …). */
            event: { type: 'string', minLength: 1, maxLength: 100 },
            properties: { type: 'object', maxProperties: 30 },
          },
          if: { properties: { type: { const: 'track' } } },
          then: { required: ['event'] },
        },
      },
    },
    async (request, reply) => {
      const session = request.session?.state === 'open' ? request.session : null;
      const { type, event, properties = {} } = request.body;
      await account.recordEvent(
        session?.accountId ?? null,
        type,
        event ? { event, ...properties } : properties,
      );
      return reply.code(202).send({});
    },
  );
}
