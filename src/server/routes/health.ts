import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { answers } from '../openapi';

const HEALTH = {
  type: 'object',
  required: ['status', 'db'],
  properties: { status: { enum: ['ok', 'error'] }, db: { enum: ['ok', 'error'] } },
} as const;

/** GET /health: answers ok only after a real query has gone through the database. */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: answers({ 200: HEALTH, 503: HEALTH }) } },
    async (request, reply) => {
      try {
        await opts.database.ping();
        return { status: 'ok', db: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database query failed');
        return reply.code(503).send({ status: 'error', db: 'error' });
      }
    },
  );
}
