/**
 * `npm run fixtures -- <check|load> <file>`: checks or loads a fixture file
 * into the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR). Every problem is listed; nothing is written unless the whole
 * file is good. Refused when NODE_ENV=production.
 */
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../server/config';
import type { Database } from '../server/db';
import type { FixtureProblem } from '../server/fixtures/load';

const USAGE = 'usage: npm run fixtures -- <check|load> <file.json>';

const HELP = `${USAGE}

  check <file.json>   lists every problem of a fixture file (accounts, memberships, permissions, experiments …)
                      with its JSON pointer; writes nothing
  load <file.json>    loads it into the database the server uses (DATABASE_URL, or the embedded one under
                      DATA_DIR); nothing is written unless the whole file is good; refused when NODE_ENV=production

example: DATA_DIR=.data npm run fixtures -- load src/server/fixtures/demo.json`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function printProblems(file: string, problems: FixtureProblem[]): never {
  process.stderr.write(
    `${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}, nothing was loaded\n`,
  );
  for (const p of problems) process.stderr.write(`  ${p.pointer}: ${p.message}\n`);
  process.exit(1);
}

async function main(argv: string[]) {
  const [command, file, ...rest] = argv;
  if (argv.some((arg) => arg === '--help' || arg === '-h') || command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  if ((command !== 'check' && command !== 'load') || !file || rest.length > 0) fail(USAGE);

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`error: ${error.message}`);
    throw error;
  }
  if (config.nodeEnv === 'production') fail('error: fixtures are refused when NODE_ENV=production');

  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`error: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    fail(`error: ${file} is not valid JSON: ${(error as Error).message}`);
  }

  // The database and the fixture code load only now: a usage mistake or an unreadable file is said at once.
  const [{ openCommandDatabase }, { checkFixture, FixtureError, loadFixture }] = await Promise.all([
    import('./database'),
    import('../server/fixtures/load'),
  ]);
  let database: Database;
  try {
    database = await openCommandDatabase(config);
  } catch (error) {
    const message = (error as Error).message;
    fail(
      `error: ${message}${/in use/.test(message) ? ', or load it through the running server (POST /dev/fixtures)' : ''}`,
    );
  }
  try {
    if (command === 'check') {
      const problems = await checkFixture(database.db, input);
      if (problems.length > 0) printProblems(file, problems);
      process.stdout.write(`${file}: no problems\n`);
    } else {
      const summary = await loadFixture(database.db, input);
      await database.sync?.();
      const parts = Object.entries(summary)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${kind.replace('_', ' ')}`);
      process.stdout.write(`${file}: loaded ${parts.join(', ') || 'nothing (the file is empty)'}\n`);
    }
  } catch (error) {
    if (error instanceof FixtureError) printProblems(file, error.problems);
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) =>
  fail(`error: ${error instanceof Error ? error.message : String(error)}`),
);
