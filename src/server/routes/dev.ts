/**
 * Development and QA helpers under /dev. Registered only when NODE_ENV is not
 * production; there every /dev path answers 404 like any unknown address.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { FixtureError, loadFixture } from '../fixtures/load';
import { fieldError, HttpError } from '../errors';
import type { OutboxService } from '../services/outbox';
import type { AccountService } from '../services/account';
import type { AuthService } from '../services/auth';
import { setSessionCookie } from '../auth/session';
import type { AdjustableClock } from '../clock';
import type { DevClock } from '../services/devClock';
import type { FlowSource } from '../../catalogue/serverFlowSource';
import { flowRuntime } from '../../catalogue/runtime';
import { stepExamples } from '../../engine/core/examples';
import { answers, ID_PARAMS, open } from '../openapi';
import { FiredEvents } from '../../contract/devEvents';
import type { CapitalService } from '../services/capital';
import type { MandateOutcome } from '../services/capital/money';

const tags = ['development (not in production)'];
const CLOCK = open({
  now: { type: 'string' },
  offset_ms: { type: 'integer' },
  adjustable: { type: 'boolean' },
});

export interface DevRouteOptions {
  db: Db;
  outbox: OutboxService;
  /** The built web app (dist/web), for the pages that share an address with a JSON answer. */
  webRoot: string;
  account: AccountService;
  /** The clock a developer may move (none when the server was given a fixed one). */
  clock?: AdjustableClock;
  /** Moves it on every instance (services/devClock.ts). */
  devClock?: DevClock;
  /** The server's clock, whichever it is: fixture dates like `today-3w` count from it. */
  now: () => Date;
  flows: FlowSource;
  auth: AuthService;
  capital: CapitalService;
}

export async function devRoutes(app: FastifyInstance, opts: DevRouteOptions) {
  catalogueAndClockRoutes(app, opts);
  outboxAndSessionRoutes(app, opts);
  fixtureRoutes(app, opts);
  capitalSimulationRoutes(app, opts);
}

/**
 * The other side of capital's money, simulated (docs/capital.md "From approval to money"): the bank's answer on a
 * direct-debit mandate, and the provider's run that pays signed advances out.
 */
function capitalSimulationRoutes(app: FastifyInstance, opts: DevRouteOptions) {
  app.post<{ Params: { id: string }; Body: { status: MandateOutcome } }>(
    '/dev/capital/loans/:id/mandate',
    {
      schema: {
        tags,
        summary: "The simulated bank's answer on a loan's direct-debit mandate: active or rejected",
        params: ID_PARAMS,
        body: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: { status: { type: 'string', enum: ['active', 'rejected'] } },
        },
        response: answers({ 200: open({ id: { type: 'string' }, status: { type: 'string' } }) }),
      },
    },
    async (request) => opts.capital.mandateDecided(request.params.id, request.body.status),
  );
  app.post(
    '/dev/capital/run',
    {
      schema: {
        tags,
        summary: "The provider's run: pays out every signed advance that is due",
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: answers({
          200: open({
            disbursed: { type: 'array', items: { type: 'string' } },
            failed: { type: 'array', items: { type: 'string' } },
          }),
        }),
      },
    },
    async () => opts.capital.runDisbursements(),
  );
}

/** The catalogue's examples, and the clock QA moves. */
function catalogueAndClockRoutes(app: FastifyInstance, opts: DevRouteOptions) {
  /** A step's example answers (the catalogue page's): a valid one, and one per rule with the message it must show. */
  app.get<{ Querystring: { flow: string; step: string } }>(
    '/dev/catalogue/examples',
    {
      schema: {
        tags,
        summary: "A step's example answers: a valid one, and one per rule with its message",
        response: answers({ 200: open({ version: { type: 'string' } }) }),
        querystring: {
          type: 'object',
          required: ['flow', 'step'],
          properties: {
            flow: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' },
            step: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
            request_id: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const version = await opts.flows.current(request.query.flow);
      const step = version ? flowRuntime(version).steps[request.query.step] : undefined;
      if (!version || !step) throw new HttpError(404, 'not found');
      return {
        version: version.id,
        ...stepExamples(step.schema, step.resolve, (data) => step.validate(data).errors),
      };
    },
  );

  /** The server's time, and moving it forward: `{ "advance_ms": 120000 }` (it never goes back). */
  app.get(
    '/dev/clock',
    { schema: { tags, summary: "The server's time", response: answers({ 200: CLOCK }) } },
    async () => ({
      now: opts.clock?.now().toISOString() ?? new Date().toISOString(),
      offset_ms: opts.clock?.offsetMs() ?? 0,
      adjustable: opts.clock !== undefined,
    }),
  );
  app.post<{ Body: { advance_ms: number } }>(
    '/dev/clock',
    {
      schema: {
        tags,
        summary: "Moves the server's time forward",
        response: answers({ 200: CLOCK }),
        body: {
          type: 'object',
          required: ['advance_ms'],
          additionalProperties: false,
          properties: { advance_ms: { type: 'integer', minimum: 0, maximum: 365 * 24 * 3600 * 1000 } },
        },
      },
    },
    async (request) => {
      if (!opts.clock || !opts.devClock) throw new HttpError(409, 'this server runs on a fixed clock');
      const offset = await opts.devClock.advance(request.body.advance_ms);
      return { now: opts.clock.now().toISOString(), offset_ms: offset };
    },
  );
}

/** The outbox as a developer reads it, and signed-in states for tests. */
function outboxAndSessionRoutes(app: FastifyInstance, opts: DevRouteOptions) {
  const page = path.join(opts.webRoot, 'index.html');
  // A browser asking for the page gets the app, which draws the list readably (src/web/features/dev); scripts and
  // tests, which ask for JSON or for anything, get the list.
  const asksForPage = (request: FastifyRequest) => {
    const accept = request.headers.accept ?? '';
    return accept.includes('text/html') && !accept.includes('application/json') && existsSync(page);
  };
  const appPage = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').send(createReadStream(page));
  const LIST = answers({ 200: { type: 'array', items: { type: 'object', additionalProperties: true } } });
  /** A list as JSON, or for a browser the app's page that draws it. */
  const pageOrList = (page: string) => ({
    ...LIST,
    200: {
      description: `the list; a browser asking for a page gets ${page}`,
      content: {
        'application/json': { schema: LIST[200] },
        'text/html': { schema: { type: 'string' } },
      },
    },
  });
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags,
        summary: 'Messages sent (codes included), newest first; a browser gets the page',
        response: pageOrList('the app’s page of it'),
      },
    },
    async (request, reply) => (asksForPage(request) ? appPage(reply) : opts.outbox.list()),
  );
  /**
   * Analytics events the default sink stored, newest first (200 unless asked for more: the catalogue's end-to-end
   * proof reads them all); a browser gets the events page, which sets them beside the catalogue.
   */
  app.get<{ Querystring: { limit?: number } }>(
    '/dev/events',
    {
      schema: {
        tags,
        summary: 'Analytics events stored, newest first; a browser gets the page',
        // Open, as a page's address is (`?lang=ar` opens the page in Arabic); `limit` is still checked.
        querystring: {
          type: 'object',
          additionalProperties: true,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 20_000 } },
        },
        response: pageOrList('the app’s page of the catalogue'),
      },
    },
    async (request, reply) =>
      asksForPage(request) ? appPage(reply) : opts.account.events(request.query.limit),
  );

  /** Every named event fired since the database began, with each set of property keys it carried (QA). */
  app.get(
    '/dev/events/fired',
    {
      schema: {
        tags,
        summary: 'Each named event fired, with each set of property keys it carried',
        response: answers({ 200: FiredEvents }),
      },
    },
    async () => opts.account.firedEvents(),
  );

  // A signed-in state for tests (end-to-end preconditions): an open session for an account with both factors,
  // its cookie set as the sign-in's last step sets it. The sign-in itself is proven by the auth tests.
  app.post<{ Body: { email: string } }>(
    '/dev/sessions',
    {
      schema: {
        tags,
        summary: 'Opens a session for an account with both factors, without codes (tests)',
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', minLength: 1, maxLength: 320 } },
        },
        response: answers({ 200: open({ status: { type: 'string' }, auth_token: { type: 'string' } }) }),
      },
    },
    async (request, reply) => {
      const result = await opts.auth.openSessionForDevelopment({
        email: request.body.email,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookie(reply, result.token, false);
      return result.body;
    },
  );
}

/** Loading fixture data. */
function fixtureRoutes(app: FastifyInstance, opts: DevRouteOptions) {
  app.post(
    '/dev/fixtures',
    {
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Loads fixture data (src/server/fixtures/fixture.schema.json)',
        // Any JSON: the loader names each problem (with its pointer), which a schema here would hide.
        body: { description: 'a fixture document (src/server/fixtures/fixture.schema.json)' },
        response: answers({ 200: open({ loaded: { type: 'object', additionalProperties: true } }) }),
      },
    },
    async (request) => {
      try {
        return { loaded: await loadFixture(opts.db, request.body, { now: opts.now() }) };
      } catch (error) {
        if (error instanceof FixtureError) {
          throw new HttpError(
            400,
            error.message,
            Object.fromEntries(
              error.problems.map((p) => [
                p.pointer,
                fieldError('validation:error.server', { message: p.message }),
              ]),
            ),
            { problems: error.problems },
          );
        }
        throw error;
      }
    },
  );
}
