import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import type { Readiness } from '../readiness';
import { answers } from '../openapi';

const HEALTH = {
  type: 'object',
  required: ['status', 'db'],
  properties: { status: { enum: ['ok', 'error'] }, db: { enum: ['ok', 'error'] } },
} as const;

const READY = {
  type: 'object',
  required: ['status'],
  properties: { status: { enum: ['ready', 'draining'] } },
} as const;

/**
 * GET /health: answers ok only after a real query has gone through the database. GET /ready: whether a load
 * balancer should send this instance new requests (src/server/readiness.ts) — 503 `draining` once it is shutting
 * down; it asks nothing of the database, so a database restart does not take every instance out at once.
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database; readiness: Readiness }) {
  app.get(
    '/ready',
    // Asked every second by the balancer: not worth a log line each (a 503 while draining is logged by the shutdown).
    { logLevel: 'warn', schema: { tags: ['health'], response: answers({ 200: READY, 503: READY }) } },
    async (_request, reply) =>
      opts.readiness.draining ? reply.code(503).send({ status: 'draining' }) : { status: 'ready' },
  );
  app.get(
    '/health',
    { logLevel: 'warn', schema: { tags: ['health'], response: answers({ 200: HEALTH, 503: HEALTH }) } },
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
