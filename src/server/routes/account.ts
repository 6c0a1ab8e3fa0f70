/** The signed-in account's calls (shell spec §7) and the analytics sink (`POST /merchant/api/v1/events`). */
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../auth/session';
import type { AccountService } from '../services/account';
import { answers, ID_PARAMS, itemsOf, open } from '../openapi';
import { Stores } from '../../contract/stores';

const tags = ['account'];
const ACCOUNT = open({
  id: { type: 'string' },
  email: { type: ['string', 'null'] },
  phone: { type: ['string', 'null'] },
  first_name: { type: ['string', 'null'] },
  last_name: { type: ['string', 'null'] },
  lang: { type: 'string' },
  staff_role: {
    type: ['string', 'null'],
    description: "the provider's staff role (ops), null for merchants' users",
  },
  created_at: { type: 'string' },
  permissions: {
    type: 'array',
    items: open({
      merchant_id: { type: 'string' },
      role: { type: 'string' },
      merchant_country: { type: 'string' },
    }),
  },
});
// Flags by name (is_*_allowed, has_*), the merchant and the role: open, as flags are added by later issues.
const PERMISSIONS = open({ merchant_id: { type: ['string', 'null'] }, role: { type: ['string', 'null'] } });
const EXPERIMENTS = {
  type: 'object',
  properties: {
    experiments: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' } } },
    },
  },
};
export async function accountRoutes(app: FastifyInstance, opts: { account: AccountService }) {
  const { account } = opts;

  app.get(
    '/merchant/api/v1/account',
    { schema: { tags, summary: 'The signed-in account', response: answers({ 200: ACCOUNT }) } },
    async (request, reply) => {
      const session = requireSession(request);
      // The app caches the account for 300 s (spec §7); the browser must not keep it after logout.
      reply.header('cache-control', 'private, no-store');
      return account.account(session.accountId);
    },
  );

  app.get(
    '/merchant/api/v1/auth/permissions',
    { schema: { tags, summary: "The account's permission flags", response: answers({ 200: PERMISSIONS }) } },
    async (request) => account.permissions(requireSession(request).accountId),
  );

  app.get<{ Querystring: { entity_id?: string; entity?: string } }>(
    '/merchant/api/v1/experiments',
    {
      schema: {
        tags,
        summary: 'Experiments switched on for the account (or one merchant)',
        response: answers({ 200: EXPERIMENTS }),
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

  app.get(
    '/merchant/api/v1/stores',
    { schema: { tags, summary: "The account's stores", response: answers({ 200: Stores }) } },
    async (request) => account.stores(requireSession(request).accountId),
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
    async (request) => account.availableProducts(requireSession(request).accountId, request.params.id),
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
