/**
 * Development and QA helpers under /dev. Registered only when NODE_ENV is not
 * production; there every /dev path answers 404 like any unknown address.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { FixtureError, loadFixture } from '../fixtures/load';
import { HttpError } from '../errors';
import type { OutboxService } from '../services/outbox';
import type { AccountService } from '../services/account';

export async function devRoutes(
  app: FastifyInstance,
  opts: { db: Db; outbox: OutboxService; account: AccountService },
) {
  app.get('/dev/outbox', async () => opts.outbox.list());
  /** Analytics events the default sink stored, newest first. */
  app.get('/dev/events', async () => opts.account.events());

  app.post('/dev/fixtures', { bodyLimit: 5 * 1024 * 1024 }, async (request) => {
    try {
      return { loaded: await loadFixture(opts.db, request.body) };
    } catch (error) {
      if (error instanceof FixtureError) {
        throw new HttpError(
          400,
          error.message,
          Object.fromEntries(error.problems.map((p) => [p.pointer, p.message])),
          { problems: error.problems },
        );
      }
      throw error;
    }
  });
}
