/**
 * Session replay's development sink (SESSION_REPLAY_URL=dev, never in production; docs/session-replay.md):
 *   POST /dev/replay/chunks            a chunk of a recording (contract/sessionReplay.ts ReplayChunk)
 *   GET  /dev/replay/sessions          the sessions kept, newest first
 *   GET  /dev/replay/sessions/:id      one session's events, to play
 * and /dev/replay in a browser is the app's page listing and playing them (features/dev; the SPA's address).
 * Kept in the database, so a recording sent through one instance is played through the other.
 */
import type { FastifyInstance } from 'fastify';
import { ReplayChunk, ReplaySession, ReplaySessions } from '../../contract/sessionReplay';
import type { DevReplayService } from '../services/devReplay';
import { answers } from '../openapi';
import { REPLAY_MAX_JSON_DEPTH } from '../../domain/sessionReplay';

const tags = ['development (not in production)'];

export async function devReplayRoutes(app: FastifyInstance, opts: { replay: DevReplayService }) {
  app.post<{ Body: ReplayChunk }>(
    '/dev/replay/chunks',
    {
      // A full snapshot of a long page is the largest chunk: a few hundred KB.
      bodyLimit: 4 * 1024 * 1024,
      // A page's snapshot nests as deep as its DOM (two levels a node); nothing else takes more than 32.
      config: { maxJsonDepth: REPLAY_MAX_JSON_DEPTH },
      schema: {
        tags,
        summary: 'Keeps a chunk of a session-replay recording',
        body: ReplayChunk,
        response: answers({ 204: { type: 'null', description: 'kept' } }),
      },
    },
    async (request, reply) => {
      const bytes = Number(request.headers['content-length'] ?? 0) || JSON.stringify(request.body).length;
      await opts.replay.receive(request.body, bytes);
      return reply.code(204).send();
    },
  );
  app.get(
    '/dev/replay/sessions',
    {
      schema: {
        tags,
        summary: 'The session-replay recordings kept, newest first',
        response: answers({ 200: ReplaySessions }),
      },
    },
    async () => opts.replay.sessions(),
  );
  app.get<{ Params: { id: string } }>(
    '/dev/replay/sessions/:id',
    {
      schema: {
        tags,
        summary: 'One recording’s events, in the order recorded',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: answers({ 200: ReplaySession }),
      },
    },
    async (request) => opts.replay.session(request.params.id),
  );
}
