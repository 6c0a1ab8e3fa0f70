/** Builds the app on a fresh database for one test file. */
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import type { Clock } from '../../../src/server/clock';
import type { FlowSource } from '../../../src/catalogue/serverFlowSource';
import type { FlowHooks } from '../../../src/server/services/drafts';
import { createTestDatabase } from './database';
import { documentedAnswers } from './documented';
import type { Database } from '../../../src/server/db';

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** The app's clock; without one, the adjustable dev clock (POST /dev/clock). */
    clock?: Clock;
    webRoot?: string;
    /** Extra routes a test needs (registered before the app is ready). */
    extraRoutes?: (app: FastifyInstance) => void;
    /** Where flows come from (default: the catalogue of SCHEMAS_DIR, this checkout's schemas/). */
    flows?: FlowSource;
    /** More flows' server hooks, by flow id. */
    flowHooks?: Record<string, FlowHooks>;
    /** PGlite on a thread of its own, as `npm start` runs it (setup/database.ts). */
    thread?: boolean;
    /**
     * Another app's database: a second instance of the server on the same database, as two instances behind the
     * balancer run (closed by the app that made it, not this one).
     */
    database?: Database;
  } = {},
) {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    BOT_CHECK: 'off',
    DATA_DIR: '.tmp/unused',
    // Test files sign many new accounts up from one address; the cap has its own test (hardening.test.ts).
    SETUP_ADDRESS_LIMIT: '100000',
    ...options.env,
  });
  const shared = options.database;
  const database = shared ?? (await createTestDatabase({ thread: options.thread }));
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: false,
    webRoot: options.webRoot,
    flows: options.flows,
    flowHooks: options.flowHooks,
  });
  options.extraRoutes?.(app);
  // Every answer held to the OpenAPI document (setup/documented.ts).
  const documented = documentedAnswers(app);
  await app.ready();
  await documented.start();
  afterAll(async () => {
    const unreported = documented.unreported();
    await app.close();
    if (!shared) await database.close();
    if (unreported.length > 0)
      throw new Error(`answers the OpenAPI document does not describe:\n${unreported.join('\n')}`);
  });
  return { app, database, db: database.db, config };
}

/**
 * Loads the demo data (src/server/fixtures/demo.json) into a test app, as `npm start` seeds it — without the
 * thousands of generated orders unless a test asks for them (`orders: true`), so files that do not read orders
 * start fast.
 */
export async function loadDemoData(app: FastifyInstance, options: { orders?: boolean } = {}) {
  const demo = JSON.parse(
    readFileSync(new URL('../../../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  if (!options.orders) delete demo.order_generators;
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: demo });
  if (loaded.statusCode !== 200) throw new Error(`demo fixture: ${loaded.body}`);
}
