/**
 * Entry point of `npm start` / `npm run serve`: checks the configuration,
 * opens the database (applying migrations), seeds the demo data on a new
 * database outside production, and listens. A problem at start is one line
 * on stderr and exit code 1.
 */
import { loadConfig, ConfigError } from './config';
import { createReadiness } from './readiness';
import type { Database } from './db';
import type { FlowSource } from '../catalogue/serverFlowSource';

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

/** The innermost cause's first line: "database x does not exist", not the query that met it. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? (current.message.split('\n')[0] ?? current.name) : String(current);
}

async function main() {
  // From the process's start: the time to ready the log reports includes loading the server's code.
  const readiness = createReadiness(Math.round(performance.timeOrigin));
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // The rest of the server is loaded once the settings are known to be good: a wrong setting is said at once, not
  // after the whole server's code (Fastify, the database engine, the catalogue compiler) has loaded for nothing. The
  // rest loads while the database opens.
  const { openDatabase, DataDirError, START_LOCK } = await import('./db');
  const rest = Promise.all([
    import('./app'),
    import('./fixtures/demo'),
    import('./s3'),
    import('./catalogue'),
  ]);
  rest.catch(() => undefined); // awaited below; a failure there is reported there
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sync: config.dbSync,
      readCache: config.dbReadCache,
      thread: config.dbThread,
    });
  } catch (error) {
    if (error instanceof DataDirError) fail(error.message);
    const where = config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR "${config.dataDir}"`;
    fail(`the database at ${where} could not be opened: ${rootMessage(error)}`);
  }

  const [
    { buildApp },
    { seedDemoOnce, seedDemoFormEventsOnce },
    { s3FileStore, StorageUnavailable },
    { serverFlowSource },
  ] = await rest;
  const s3 = config.s3 ? s3FileStore(config.s3) : undefined;
  if (s3) {
    // A wrong bucket or key is found now, in one line, not at the first merchant's upload.
    try {
      await s3.check();
    } catch (error) {
      await database.close();
      fail(error instanceof StorageUnavailable ? error.message : rootMessage(error));
    }
  }

  // The catalogue: read and checked (a broken one stops the server with every problem listed). After the database
  // and the file store, which are quick to refuse: a wrong DATA_DIR or bucket is said at once, not seconds later.
  let flows: FlowSource;
  try {
    flows = serverFlowSource(config.schemasDir, config.localesDir);
  } catch (error) {
    await database.close();
    fail(error instanceof Error ? error.message : String(error));
  }

  // The store checked is the store used (without S3, the app's default: DATA_DIR/uploads). Every flow's current
  // version is compiled for the browser before the server listens (`warm`), or read as compiled at an earlier
  // start: a restart after a crash compiles nothing again.
  // Instances started together on one PostgreSQL do this one at a time (the start lock): the catalogue's versions
  // and the demo are written once, never raced.
  const app = await database.exclusive(START_LOCK, async () => {
    const built = await buildApp({
      config,
      database,
      fileStore: s3,
      seedFlows: flows,
      warm: true,
      readiness,
    });
    if (config.nodeEnv !== 'production') {
      const seeded = await seedDemoOnce(database.db, new Date());
      if (seeded) built.log.info({ seeded }, 'demo data seeded');
      // Weeks of made-up form events (marked demo), so the studio's insights are never empty on a new machine.
      const events = await seedDemoFormEventsOnce(database.db, built.services.flows, new Date());
      if (events) built.log.info({ events }, 'demo form events seeded');
    }
    return built;
  });

  // A second signal while shutting down (Ctrl-C reaches both `npm start`'s supervisor and this process, and the
  // supervisor passes it on) changes nothing: the first one's shutdown finishes.
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // Out of the balancer first (/ready answers 503, everything else is still served), then closed: requests under
    // way finish, chat sockets hear 1012 and reconnect elsewhere (src/server/readiness.ts).
    readiness.drain();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    if (config.shutdownDrainMs > 0)
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await app.close();
    await database.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        app.log.error({ err: error }, 'shutting down failed');
        process.exit(1);
      });
    });
  // Started by the supervisor (scripts/supervise.mjs) and the supervisor is gone: stop too, rather than hold the
  // port and DATA_DIR's lock with nobody to restart or stop this process.
  process.on('disconnect', () => void shutdown('disconnect').catch(() => process.exit(1)));
  // Backstops; every handler catches its own failures, so reaching these is a bug, logged to be fixed. A
  // rejected promise nobody handled is one piece of work that failed: logged, and the server goes on serving
  // everybody else. An exception nobody caught may have left this process half-changed: logged, and the
  // process exits — the supervisor (`npm start`, scripts/supervise.mjs) starts it again.
  process.on('unhandledRejection', (reason) =>
    app.log.error({ err: reason }, 'unhandled promise rejection (a bug: the server goes on)'),
  );
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception (a bug): the process exits and is started again');
    process.exit(1);
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${config.port} is already in use (set PORT to another one)`);
    if (code === 'EACCES')
      fail(`port ${config.port} needs privileges this process does not have (set PORT above 1023)`);
    fail(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const readyInMs = readiness.ready();
  app.log.info({ readyInMs }, 'ready');
  process.stdout.write(
    `Merchant back office ready at ${config.publicUrl} (database: ${database.kind}; ready in ${(readyInMs / 1000).toFixed(1)} s)\n`,
  );
  // Under the supervisor (scripts/supervise.mjs): from now on a stop is a crash to recover from, not a bad start.
  process.send?.({ type: 'ready' });
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
