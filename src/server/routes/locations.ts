/**
 * Locations (shell spec §2.3 "locations"; issue 36; docs/locations.md). The spec names the web route, not the
 * calls; these are ours:
 *
 *   GET    /merchant/api/v1/locations        a page of the caller's merchants' locations, by name
 *   POST   /merchant/api/v1/locations        adds one
 *   PUT    /merchant/api/v1/locations/:id    changes one (the whole location)
 *   DELETE /merchant/api/v1/locations/:id    removes one
 */
import type { FastifyInstance } from 'fastify';
import { LocationAnswer, LocationBody, LocationsPage, LocationsQuery } from '../../contract/locations';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { LocationService } from '../services/locations';

const tags = ['locations'];
const BASE = '/merchant/api/v1/locations';

export async function locationRoutes(app: FastifyInstance, opts: { locations: LocationService }) {
  const { locations } = opts;

  app.get<{ Querystring: LocationsQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'A page of the caller’s merchants’ locations, by name',
        querystring: LocationsQuery,
        response: answers({ 200: LocationsPage }),
      },
    },
    async (request) => locations.list(accountOf(request), request.query),
  );
  app.post<{ Body: LocationBody }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'Adds a location to one of the caller’s stores',
        body: LocationBody,
        response: answers({ 200: LocationAnswer }),
      },
    },
    async (request) => locations.add(accountOf(request), request.body),
  );
  app.put<{ Params: { id: string }; Body: LocationBody }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Changes a location (the whole of it)',
        params: ID_PARAMS,
        body: LocationBody,
        response: answers({ 200: LocationAnswer }),
      },
    },
    async (request) => locations.edit(accountOf(request), request.params.id, request.body),
  );
  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Removes a location',
        params: ID_PARAMS,
        response: answers({ 204: { type: 'null', description: 'removed' } }),
      },
    },
    async (request, reply) => {
      await locations.remove(accountOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
