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
import { AccessBody, InviteBody, TeamPage, TeamQuery, UserAnswer } from '../../contract/users';
import { accountOf } from '../auth/session';
import { answers, EMPTY, ID_PARAMS } from '../openapi';
import type { UsersService } from '../services/users';

const tags = ['users'];

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const { users } = opts;

  app.get<{ Querystring: TeamQuery }>(
    '/merchant/api/v1/users',
    {
      schema: {
        tags,
        summary: 'The workspace’s team, in the order they were added',
        querystring: TeamQuery,
        response: answers({ 200: TeamPage }),
      },
    },
    async (request) => users.list(accountOf(request), request.query),
  );

  app.post<{ Body: InviteBody }>(
    '/merchant/api/v1/users/invite',
    {
      schema: {
        tags,
        summary: 'Invite a person by e-mail or phone (exactly one); they sign in with it',
        body: InviteBody,
        response: answers({ 201: UserAnswer }),
      },
    },
    async (request, reply) => reply.code(201).send(await users.invite(accountOf(request), request.body)),
  );

  app.put<{ Params: { id: string }; Body: AccessBody }>(
    '/merchant/api/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'A new role and stores for a person of the team',
        params: ID_PARAMS,
        body: AccessBody,
        response: answers({ 200: UserAnswer }),
      },
    },
    async (request) => users.update(accountOf(request), request.params.id, request.body),
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
      await users.remove(accountOf(request), request.params.id);
      return {};
    },
  );
}
