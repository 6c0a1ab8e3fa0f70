/**
 * A workspace's team (docs/users.md). The spec names the users page and its events but not its calls; these are
 * ours, beside the others under /merchant/api/v1:
 *
 *   GET    /merchant/api/v1/users           the team: roles, query (name, e-mail, phone), limit, offset
 *   POST   /merchant/api/v1/users/invite    invite by e-mail or phone with a role and stores (merchant ids)
 *   PUT    /merchant/api/v1/users/:id       a new role and stores
 *   DELETE /merchant/api/v1/users/:id       out of the team
 *
 * Workspace admins only (403 for anybody else).
 */
import type { FastifyInstance } from 'fastify';
import { ROLES } from '../../domain/permissions';
import { USER_QUERY_MAX, USER_STATUSES, USERS_LIMIT } from '../../domain/users';
import { requireSession } from '../auth/session';
import { answers, EMPTY, ID_PARAMS, open } from '../openapi';
import type { UsersService } from '../services/users';

const tags = ['users'];

const STORE = open({ merchant_id: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } });

const USER = open({
  id: { type: 'string' },
  email: { type: ['string', 'null'] },
  phone: { type: ['string', 'null'] },
  first_name: { type: ['string', 'null'] },
  last_name: { type: ['string', 'null'] },
  role: { type: 'string', enum: [...ROLES] },
  stores: {
    type: 'array',
    items: STORE,
    description: 'the merchants (stores) the person is a member of here',
  },
  status: { type: 'string', enum: [...USER_STATUSES], description: 'invited until the first sign-in' },
  added_at: { type: 'string' },
  is_me: { type: 'boolean' },
});

const ACCESS = {
  role: { type: 'string', maxLength: 50, description: ROLES.join(', ') },
  merchant_ids: {
    type: 'array',
    items: { type: 'string', maxLength: 100 },
    maxItems: 100,
    description: 'the stores (merchant ids of the caller’s workspace), at least one',
  },
} as const;

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const { users } = opts;
  const who = (request: Parameters<typeof requireSession>[0]) => requireSession(request).accountId;

  app.get<{ Querystring: { roles?: string[]; query?: string; limit?: number; offset?: number } }>(
    '/merchant/api/v1/users',
    {
      schema: {
        tags,
        summary: 'The workspace’s team, in the order they were added',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            roles: {
              type: 'array',
              items: { type: 'string', maxLength: 50 },
              maxItems: 10,
              description: `any of ${ROLES.join(', ')}; a list or comma-separated`,
            },
            query: {
              type: 'string',
              maxLength: USER_QUERY_MAX,
              description: 'part of a name, e-mail or phone',
            },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: USERS_LIMIT },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            request_id: { type: 'string' },
          },
        },
        response: answers({
          200: open({
            users: { type: 'array', items: USER },
            total: { type: 'integer' },
            stores: {
              type: 'array',
              items: open({ id: { type: 'string' }, name: { type: 'string' } }),
              description: 'the stores a person can be given',
            },
          }),
        }),
      },
    },
    async (request) => users.list(who(request), request.query),
  );

  app.post<{ Body: { email?: string; phone?: string; role: string; merchant_ids: string[]; lang?: string } }>(
    '/merchant/api/v1/users/invite',
    {
      schema: {
        tags,
        summary: 'Invite a person by e-mail or phone (exactly one); they sign in with it',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['role', 'merchant_ids'],
          properties: {
            email: { type: 'string', maxLength: 254 },
            phone: { type: 'string', maxLength: 20 },
            ...ACCESS,
            lang: { type: 'string', enum: ['en', 'ar'], description: 'the invitation message’s language' },
          },
        },
        response: answers({ 201: open({ user: USER }) }),
      },
    },
    async (request, reply) => reply.code(201).send(await users.invite(who(request), request.body)),
  );

  app.put<{ Params: { id: string }; Body: { role: string; merchant_ids: string[] } }>(
    '/merchant/api/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'A new role and stores for a person of the team',
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['role', 'merchant_ids'],
          properties: ACCESS,
        },
        response: answers({ 200: open({ user: USER }) }),
      },
    },
    async (request) => users.update(who(request), request.params.id, request.body),
  );

  app.delete<{ Params: { id: string } }>(
    '/merchant/api/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'Takes a person out of the team (their account stays)',
        params: ID_PARAMS,
        response: answers({ 200: EMPTY }),
      },
    },
    async (request) => {
      await users.remove(who(request), request.params.id);
      return {};
    },
  );
}
