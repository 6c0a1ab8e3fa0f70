import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';

/** GET /health: answers ok only after a real query has gone through the database. */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get('/health', async (request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database query failed');
      return reply.code(503).send({ status: 'error', db: 'error' });
    }
  });
}
