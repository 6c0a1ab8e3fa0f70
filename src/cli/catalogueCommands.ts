/** The catalogue commands of `npm run catalogue` (src/cli/catalogue.ts), runnable in the same process (tests). */
import { statSync } from 'node:fs';
import path from 'node:path';
import {
  buildMatrix,
  distinctPaths,
  summarisePaths,
  type MatrixRow,
  type PathSummary,
} from '../engine/core/matrix';
import { CommandError } from './commandError';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from '../domain/csv';

const USAGE = `usage: npm run catalogue -- <command> [options]
  check                                             check the whole catalogue; print each flow's version id
  matrix --flow <flow> [--format md|csv|json] [--all]
                                                    each distinct path of a flow with the contexts leading to it
  examples --flow <flow> --step <step>              a valid example and one invalid example per constraint (JSON)
  export --flow <flow> [--version <id>]             a version in the database as files in --schemas and --locales
  import --flow <flow> --as <ops e-mail> [--publish [--note <text>] [--confirm <n>]] [--replace-edits]
                                                    the folder's version into the studio (or published at once)
  help [<command>]                                  this, or one command in detail (also: <command> --help)
options: --schemas <dir> (default ./schemas), --locales <dir> (default <schemas>/../locales)`;

const HELP: Record<string, string> = {
  check: `usage: npm run catalogue -- check [--schemas <dir>] [--locales <dir>]

Checks every flow, step schema, UI schema and translation of the catalogue (meta-schemas, $refs, widgets,
texts in English and Arabic, step ids, reachability, path endings …) and lists every problem with its file and
JSON pointer. Exit code 0 when there is none, 1 otherwise; then prints each flow's version id (the SHA-256 of
its content: a changed file gives a new one).

example: npm run catalogue -- check`,
  matrix: `usage: npm run catalogue -- matrix --flow <flow> [--format md|csv|json] [--all] [--schemas <dir>]

The flow's distinct paths (step sequences), each with the contexts that lead to it and how many of all the
context combinations that is. A context field a path does not depend on is left out (business type for a Saudi
merchant, say); "not answered" is a context too (a merchant who has not chosen a volume yet).
  --format md     a section per path with a table of its contexts (default)
  --format csv    one line per group of contexts: path,combinations,steps,<context fields> ("any" when left out)
  --format json   [{ "steps": [...], "combinations": n, "contexts": [{ "<field>": [values] }] }]
  --all           every context combination instead, one row each (the full cartesian product)

example: npm run catalogue -- matrix --flow onboarding --format csv > paths.csv`,
  examples: `usage: npm run catalogue -- examples --flow <flow> --step <step> [--schemas <dir>]

Prints JSON: a valid example of the step's answers, and for each of its constraints an invalid example with
the pointer of the field, the constraint and the message key the merchant would see.

example: npm run catalogue -- examples --flow onboarding --step bank-details`,
  export: `usage: npm run catalogue -- export --flow <flow> [--version <id>] [--schemas <dir>] [--locales <dir>]

Writes a version of a flow from the database the server uses (DATABASE_URL, or the embedded one under DATA_DIR)
as catalogue files: its flow file, step schemas, UI schemas and shared definitions under --schemas, its texts
merged into the translation files under --locales (the version's texts replace the files'; every other text
stays). The current version unless --version names another (its id, or at least its first 8 digits; the
studio's Versions tab lists them). Exporting the version the files made writes the same files back; commit the
result to keep what ops published in git. With the embedded database, stop the server first (one process at
a time); PostgreSQL needs no stop.

example: npm run catalogue -- export --flow onboarding && git diff schemas locales`,
  import: `usage: npm run catalogue -- import --flow <flow> --as <ops e-mail> [--publish [--note <text>] [--confirm <n>]]
                                 [--replace-edits] [--schemas <dir>] [--locales <dir>]

Reads the folder with every catalogue check (as check does; any problem and nothing is imported) and puts the
flow's version in the ops account's studio working copy: the studio then shows its classification, the drafts
it affects, its preview in both languages, and publishes it. Prints the classification and each change.
  --publish        publish at once, with the studio's rules and the audit naming the account
  --note <text>    the audit's note
  --confirm <n>    a breaking change needs the count of drafts in flight it affects (the command prints it)
  --replace-edits  replace the account's unpublished studio edits of the flow (refused otherwise)
Same database rules as export. Against PostgreSQL, running servers serve a publish within two seconds.

example: npm run catalogue -- import --flow onboarding --as ops@demo.example --publish --note "from git"`,
};
HELP.help = USAGE;

const COMMANDS = ['check', 'matrix', 'examples', 'export', 'import', 'help'];
/** Options that take no value. */
const FLAGS = new Set(['all', 'help', 'publish', 'replace-edits']);

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const [first, ...others] = argv;
  // `--help` alone, or first, is the same as `help`.
  const [command, rest] = first === '--help' || first === '-h' ? ['help', others] : [first, others];
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    if (arg === '-h') {
      options.help = 'true';
      continue;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    if (FLAGS.has(arg.slice(2))) {
      options[arg.slice(2)] = 'true';
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    options[arg.slice(2)] = value;
    i += 1;
  }
  return { command, options, positional };
}

/** One CSV line of cells, quoted and neutralised as every export is (domain/csv.ts). */
const csvLine = (cells: unknown[]) =>
  stringify([cells.map((c) => (c === null || c === undefined ? '' : String(c)))], CSV_OPTIONS).trimEnd();

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A context value as QA reads it. */
const shown = (value: unknown) => (value === null ? 'not answered' : String(value));

/** `matrix --all`: every combination, one row each. */
function printAllRows(flowId: string, rows: MatrixRow[], fields: string[], format: string) {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (format === 'json') return out(JSON.stringify(rows, null, 2));
  if (format === 'csv') {
    out(csvLine([...fields, 'steps']));
    for (const row of rows) out(csvLine([...fields.map((f) => row.context[f]), row.steps.join(' ')]));
    return;
  }
  out(`# ${flowId}: ${rows.length} combinations, ${distinctPaths(rows).length} distinct step sequences\n`);
  out(`| ${[...fields, 'steps'].join(' | ')} |\n|${[...fields, 'steps'].map(() => ' --- ').join('|')}|`);
  for (const row of rows)
    out(
      `| ${[...fields.map((f) => (row.context[f] === null ? '—' : String(row.context[f]))), row.steps.join(', ')].join(' | ')} |`,
    );
}

/** `matrix`: each distinct path with the contexts that lead to it. */
function printPaths(flowId: string, paths: PathSummary[], total: number, fields: string[], format: string) {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (format === 'json') return out(JSON.stringify(paths, null, 2));
  if (format === 'csv') {
    out(csvLine(['path', 'combinations', 'steps', ...fields]));
    paths.forEach((path, index) => {
      for (const cube of path.contexts)
        out(
          csvLine([
            index + 1,
            path.combinations,
            path.steps.join(' '),
            ...fields.map((f) => (cube[f] ? cube[f].map(shown).join(' ') : 'any')),
          ]),
        );
    });
    return;
  }
  if (fields.length === 0) {
    // A flow whose steps depend on nothing (the waitlist): one path, no table.
    out(`# ${flowId}: ${plural(paths.length, 'distinct path')} (its steps depend on no answer)\n`);
  } else {
    out(
      `# ${flowId}: ${plural(paths.length, 'distinct path')} (${total} combinations of ${fields.join(' × ')})\n`,
    );
    out('A field left out of a table takes any value; run with --all for every combination.\n');
  }
  paths.forEach((path, index) => {
    out(`## ${index + 1}. ${path.steps.join(' → ')}\n`);
    out(`${plural(path.steps.length, 'step')}, ${plural(path.combinations, 'combination')}:\n`);
    const used = fields.filter((f) => path.contexts.some((cube) => cube[f]));
    if (used.length === 0) out('any context\n');
    else {
      out(`| ${used.join(' | ')} |\n|${used.map(() => ' --- ').join('|')}|`);
      for (const cube of path.contexts)
        out(`| ${used.map((f) => (cube[f] ? cube[f].map(shown).join(', ') : 'any')).join(' | ')} |`);
      out('');
    }
  });
}

async function main(argv: string[]): Promise<number> {
  const { command, options, positional } = parseArgs(argv);
  if (!command) throw new UsageError('no command given');
  if (!COMMANDS.includes(command)) throw new UsageError(`unknown command "${command}"`);
  if (command === 'help' || options.help) {
    const topic = command === 'help' ? (positional[0] ?? 'help') : command;
    if (!HELP[topic]) throw new UsageError(`no help for "${topic}": commands are ${COMMANDS.join(', ')}`);
    process.stdout.write(`${HELP[topic]}\n`);
    return 0;
  }
  if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const schemasDir = path.resolve(options.schemas ?? 'schemas');
  const localesDir = path.resolve(options.locales ?? path.join(schemasDir, '..', 'locales'));
  for (const [name, dir] of [
    ['--schemas', schemasDir],
    ['--locales', localesDir],
  ] as const) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`${name}: no directory ${dir}`);
  }
  if (command === 'export' || command === 'import')
    return storeCommand(command, options, schemasDir, localesDir);
  // The catalogue's code (its checks load recheck, seconds on a busy machine) loads only now: help and a usage
  // mistake are answered at once.
  const [{ buildCatalogueDir, formatProblems }, { CHECKS }, { flowRuntime }, { stepExamples }] =
    await Promise.all([
      import('../catalogue/pipeline'),
      import('../catalogue/checks'),
      import('../catalogue/runtime'),
      import('../engine/core/examples'),
    ]);
  const { model, problems, versions } = buildCatalogueDir(schemasDir, localesDir);
  const knownFlows = () => model.flows.map((f) => f.definition.flow).join(', ') || 'none';

  if (command === 'check') {
    if (problems.length > 0) {
      process.stderr.write(
        `${plural(problems.length, 'problem')} in ${schemasDir}:\n${formatProblems(problems)}\n`,
      );
      return 1;
    }
    const flows = Object.values(versions);
    const steps = flows.reduce((n, v) => n + v.content.flow.steps.length, 0);
    process.stdout.write(
      `catalogue ok: ${plural(flows.length, 'flow')}, ${plural(steps, 'step')}, ${CHECKS.length} checks (${CHECKS.map((c) => c.name).join(', ')}), no problems\n`,
    );
    const width = Math.max(...flows.map((v) => v.flow.length));
    for (const version of flows)
      process.stdout.write(
        `  ${version.flow.padEnd(width)}  version ${version.id}  (${plural(version.content.flow.steps.length, 'step')})\n`,
      );
    return 0;
  }

  const flowId = options.flow;
  if (!flowId) throw new UsageError(`${command} needs --flow <flow>`);
  const flow = model.flows.find((f) => f.definition.flow === flowId);
  if (!flow) throw new UsageError(`no flow "${flowId}" (known: ${knownFlows()})`);

  if (command === 'matrix') {
    const format = options.format ?? 'md';
    if (!['md', 'csv', 'json'].includes(format))
      throw new UsageError(`--format must be md, csv or json, got "${format}"`);
    if (problems.some((p) => p.file.startsWith(`${flowId}/`))) {
      process.stderr.write(`flow "${flowId}" has problems; run \`npm run catalogue -- check\` first\n`);
      return 1;
    }
    const rows = buildMatrix(flow.definition);
    const fields = Object.keys(flow.definition.context);
    if (options.all) printAllRows(flowId, rows, fields, format);
    else printPaths(flowId, summarisePaths(flow.definition, rows), rows.length, fields, format);
    return 0;
  }

  // examples
  const stepId = options.step;
  if (!stepId) throw new UsageError('examples needs --flow <flow> and --step <step>');
  if (!flow.steps.some((s) => s.definition.id === stepId))
    throw new UsageError(
      `no step "${stepId}" in flow "${flowId}" (known: ${flow.steps.map((s) => s.definition.id).join(', ')})`,
    );
  const version = versions[flowId];
  if (!version) {
    process.stderr.write('the catalogue has problems; run `npm run catalogue -- check` first\n');
    return 1;
  }
  const step = flowRuntime(version).steps[stepId]!;
  const examples = stepExamples(step.schema, step.resolve, (data) => step.validate(data).errors);
  process.stdout.write(`${JSON.stringify(examples, null, 2)}\n`);
  return 0;
}

/** export and import: between the database and the folders. */
async function storeCommand(
  command: 'export' | 'import',
  options: Record<string, string>,
  schemasDir: string,
  localesDir: string,
): Promise<number> {
  const known = {
    export: ['flow', 'version', 'schemas', 'locales'],
    import: ['flow', 'as', 'publish', 'note', 'confirm', 'replace-edits', 'schemas', 'locales'],
  }[command];
  const unknown = Object.keys(options).find((o) => !known.includes(o));
  if (unknown) throw new UsageError(`${command} takes no --${unknown}`);
  const flow = options.flow;
  if (!flow) throw new UsageError(`${command} needs --flow <flow>`);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  // Loaded only here: the database and the studio's services double the start of every other command.
  const { exportFlow, importFlow } = await import('./catalogueStore');
  if (command === 'export') {
    await exportFlow({ env: process.env, flow, version: options.version, schemasDir, localesDir, out });
    return 0;
  }
  if (!options.as)
    throw new UsageError('import needs --as <ops e-mail>: the account whose studio gets the edits');
  if (!options.publish && (options.note !== undefined || options.confirm !== undefined))
    throw new UsageError('--note and --confirm go with --publish');
  let confirm: number | undefined;
  if (options.confirm !== undefined) {
    if (!/^\d{1,9}$/.test(options.confirm))
      throw new UsageError(`--confirm must be the count of affected drafts, got "${options.confirm}"`);
    confirm = Number(options.confirm);
  }
  await importFlow({
    env: process.env,
    flow,
    as: options.as,
    schemasDir,
    localesDir,
    publish: options.publish ? { note: options.note, confirm } : undefined,
    replaceEdits: options['replace-edits'] === 'true',
    out,
  });
  return 0;
}

/**
 * Runs one command line (without `node` and the script) and gives its exit code: 2 for a wrong command line
 * (with the usage), 1 for a command that failed. Output goes to the process's stdout and stderr.
 */
export async function runCatalogue(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof CommandError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
