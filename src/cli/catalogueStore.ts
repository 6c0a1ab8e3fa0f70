/**
 * `npm run catalogue -- export|import`: a flow version between the database the server uses (DATABASE_URL, or
 * the embedded one under DATA_DIR) and catalogue files, so that a git-based workflow stays possible next to
 * the form studio (docs/studio.md, "Files and git").
 *
 * - **export** writes a version (the current one unless `--version`) as `schemas/` files and merges its texts
 *   into the `locales/` files: a text of the version replaces the file's, every other text of the file stays
 *   (a namespace is shared with the app's own screens, and with other flows). Exporting the version the files
 *   made gives the same files back.
 * - **import** reads the folder with the whole pipeline (every check of `catalogue check`) and puts the flow's
 *   version in an ops account's working copy, where the studio reviews, previews and publishes it; with
 *   `--publish` it is published at once, with the studio's rules (a breaking change needs `--confirm` with the
 *   count of drafts it affects) and the audit naming that account.
 *
 * The embedded database takes one process at a time: with `npm start` running on the same DATA_DIR the command
 * says so and stops; against PostgreSQL it works beside running servers, which serve an import within a second
 * or two.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentFiles, contentLocales } from '../catalogue/content';
import { buildCatalogueDir, formatProblems } from '../catalogue/pipeline';
import { readMetaFiles } from '../catalogue/source';
import { isObject, type JsonObject } from '../engine/core/json';
import { systemClock } from '../server/clock';
import { ConfigError, loadConfig } from '../server/config';
import { HttpError } from '../server/errors';
import { createAccountRepository } from '../server/repositories/account';
import { createFlowVersionRepository } from '../server/repositories/flowVersions';
import { databaseFlowSource } from '../server/services/flowStore';
import { createStudioService, type Review } from '../server/services/studio';

import { CommandError } from './commandError';
import { openCommandDatabase } from './database';

export { CommandError };

type Out = (line: string) => void;

/** The catalogue format's meta-schemas are the running code's own, whatever folder is exported or imported. */
const META_DIR = fileURLToPath(new URL('../../schemas', import.meta.url));

async function withStudio<T>(
  env: NodeJS.ProcessEnv,
  work: (deps: {
    studio: ReturnType<typeof createStudioService>;
    opsAccount: (who: string) => Promise<string>;
    /** Refuses a flow the database does not hold. */
    knownFlow: (flow: string) => Promise<void>;
  }) => Promise<T>,
): Promise<T> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
  const database = await openCommandDatabase(config);
  try {
    const repository = createFlowVersionRepository(database.db);
    const accounts = createAccountRepository(database.db);
    // No seeding here: storing the files' versions is the server's start, not an export's side effect.
    const source = await databaseFlowSource({ repository, clock: systemClock });
    const studio = createStudioService({
      repository,
      source,
      meta: readMetaFiles(META_DIR),
      clock: systemClock,
    });
    const opsAccount = async (who: string) => {
      const account = who.includes('@') ? await accounts.accountByEmail(who) : await accounts.account(who);
      if (!account) throw new CommandError(`--as: no account "${who}" in the database`);
      if (account.staffRole !== 'ops')
        throw new CommandError(`--as: ${who} is not an ops account (only ops change forms)`);
      return account.id;
    };
    const knownFlow = async (flow: string) => {
      const flows = await source.flows();
      if (!flows.includes(flow))
        throw new CommandError(
          `the database has no flow "${flow}" (it has: ${flows.join(', ') || 'none'}); the server stores the catalogue's flows when it starts`,
        );
    };
    const result = await work({ studio, opsAccount, knownFlow });
    await database.sync?.();
    return result;
  } catch (error) {
    // The studio's refusals (unknown flow or version, a breaking change unconfirmed …) are messages, not crashes.
    if (error instanceof HttpError) throw new CommandError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

/** The text of a JSON file as the repository formats it (prettier when installed: it is a dev dependency). */
async function formatted(file: string, value: unknown): Promise<string> {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...options, filepath: file });
  } catch {
    return text;
  }
}

/** Sets every text of `texts` in `into` (nested by key path), keeping the rest of `into` as it was. */
function mergeTexts(into: JsonObject, texts: JsonObject): JsonObject {
  for (const [key, value] of Object.entries(texts)) {
    const existing = into[key];
    if (isObject(value)) into[key] = mergeTexts(isObject(existing) ? (existing as JsonObject) : {}, value);
    else into[key] = value;
  }
  return into;
}

/** A shared-definitions file with the version's definitions set in it, every other definition kept. */
function mergeShared(existing: JsonObject, version: JsonObject): JsonObject {
  const defs = isObject(existing.$defs) ? (existing.$defs as JsonObject) : {};
  return {
    ...existing,
    $defs: { ...defs, ...(isObject(version.$defs) ? (version.$defs as JsonObject) : {}) },
  };
}

function readJson(file: string): JsonObject | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isObject(parsed)) return parsed as JsonObject;
  } catch {
    // reported below
  }
  throw new CommandError(`${file} is not a JSON object; fix or remove it before exporting`);
}

/** Versions are named by their id; a prefix of at least 8 characters is enough when it names one. */
async function versionId(
  studio: ReturnType<typeof createStudioService>,
  flow: string,
  given: string | undefined,
): Promise<string> {
  const versions = await studio.versions(flow);
  if (!given) return versions.find((v) => v.current)!.id;
  if (!/^[0-9a-f]{8,64}$/.test(given))
    throw new CommandError(`--version must be a version id (8 to 64 hexadecimal digits), got "${given}"`);
  const found = versions.filter((v) => v.id.startsWith(given));
  if (found.length === 0) throw new CommandError(`flow "${flow}" has no version ${given}`);
  if (found.length > 1)
    throw new CommandError(`--version ${given} names ${found.length} versions; give more digits`);
  return found[0]!.id;
}

/** Exports a flow version from the database into a catalogue folder; answers the files written. */
export async function exportFlow(options: {
  env: NodeJS.ProcessEnv;
  flow: string;
  version?: string;
  schemasDir: string;
  localesDir: string;
  out: Out;
}): Promise<string[]> {
  const { flow, schemasDir, localesDir, out } = options;
  return withStudio(options.env, async ({ studio, knownFlow }) => {
    await knownFlow(flow);
    const id = await versionId(studio, flow, options.version);
    const { content } = await studio.version(flow, id);
    const written: string[] = [];
    let unchanged = 0;
    const write = async (file: string, value: unknown, existing: JsonObject | undefined) => {
      // A file that already holds this value is left as it is (its hand formatting too).
      if (existing !== undefined && JSON.stringify(existing) === JSON.stringify(value)) {
        unchanged += 1;
        return;
      }
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, await formatted(file, value));
      written.push(file);
    };
    for (const [file, value] of Object.entries(contentFiles(content))) {
      const target = path.join(schemasDir, file);
      const existing = readJson(target);
      let next = value as JsonObject;
      // A version holds the shared definitions it uses; the file keeps the ones other flows use.
      if (file.startsWith('_defs/') && existing) next = mergeShared(existing, next);
      // The flow file's editor hint is not content (version.ts leaves it out): put back as the catalogue has it.
      if (file.endsWith('/flow.json')) next = { $schema: '../_meta/flow.schema.json', ...next };
      await write(target, next, existing);
    }
    for (const [language, namespaces] of Object.entries(contentLocales(content)))
      for (const [namespace, texts] of Object.entries(namespaces)) {
        const file = path.join(localesDir, language, `${namespace}.json`);
        const existing = readJson(file);
        await write(file, mergeTexts(structuredClone(existing ?? {}), texts), existing);
      }
    out(
      `exported ${flow} version ${id}: ${written.length} file${written.length === 1 ? '' : 's'} written, ${unchanged} already as the version has them`,
    );
    for (const file of written) out(`  ${path.relative(process.cwd(), file) || file}`);
    return written;
  });
}

function describeReview(review: Review, out: Out) {
  out(
    `  classification: ${review.classification} (${review.changes.length} change${review.changes.length === 1 ? '' : 's'})`,
  );
  for (const change of review.changes.slice(0, 20))
    out(
      `    ${change.kind.padEnd(8)} ${change.code}${change.step ? ` in ${change.step}` : ''} ${change.pointer}`,
    );
  if (review.changes.length > 20)
    out(`    … and ${review.changes.length - 20} more (the studio lists them all)`);
  if (review.impact)
    out(
      `  drafts in flight: ${review.impact.drafts_in_flight}, affected: ${review.impact.affected_drafts}${review.impact.fields.length > 0 ? ` (${review.impact.fields.map((f) => `${f.pointer} ×${f.drafts}`).join(', ')})` : ''}`,
    );
}

/**
 * Imports a flow from a catalogue folder into an ops account's working copy, and with `publish` publishes it.
 * @returns - the version id the files make
 */
export async function importFlow(options: {
  env: NodeJS.ProcessEnv;
  flow: string;
  as: string;
  schemasDir: string;
  localesDir: string;
  publish?: { note?: string; confirm?: number };
  /** Replace the account's unpublished studio edits of the flow (refused otherwise). */
  replaceEdits?: boolean;
  out: Out;
}): Promise<string> {
  const { flow, schemasDir, localesDir, out } = options;
  const built = buildCatalogueDir(schemasDir, localesDir);
  if (built.problems.length > 0)
    throw new CommandError(
      `${built.problems.length} problem${built.problems.length === 1 ? '' : 's'} in ${schemasDir}; nothing was imported:\n${formatProblems(built.problems)}`,
    );
  const version = built.versions[flow];
  if (!version)
    throw new CommandError(
      `no flow "${flow}" in ${schemasDir} (known: ${Object.keys(built.versions).join(', ') || 'none'})`,
    );
  return withStudio(options.env, async ({ studio, opsAccount, knownFlow }) => {
    await knownFlow(flow);
    const accountId = await opsAccount(options.as);
    const copy = await studio.workingCopy(accountId, flow);
    if (copy.saved && !options.replaceEdits)
      throw new CommandError(
        `${options.as} has unpublished studio edits of ${flow} (saved ${copy.updated_at}): publish or discard them in the studio, or pass --replace-edits`,
      );
    const review = await studio.saveWorkingCopy(accountId, flow, {
      base_version: copy.current_version,
      content: version.content,
    });
    out(`${flow}: the files make version ${version.id} (current: ${copy.current_version})`);
    describeReview(review, out);
    if (review.classification === 'none') {
      await studio.discardWorkingCopy(accountId, flow);
      out('  nothing to import: the files hold the current version');
      return version.id;
    }
    if (!options.publish) {
      out(
        `  in ${options.as}'s working copy: review, preview and publish it in the studio (/studio/flows/${flow})`,
      );
      return version.id;
    }
    const affected = review.impact?.affected_drafts ?? 0;
    if (review.classification === 'breaking' && options.publish.confirm !== affected)
      throw new CommandError(
        `a breaking change: it affects ${affected} draft${affected === 1 ? '' : 's'} in flight; publish with --confirm ${affected} (the edits stay in ${options.as}'s working copy)`,
      );
    const published = await studio.publish(
      accountId,
      flow,
      { note: options.publish.note, confirm_affected_drafts: options.publish.confirm },
      'import',
    );
    out(
      `  published: ${flow} is now at version ${published.version} (${published.compile_ms} ms to compile)`,
    );
    return version.id;
  });
}
