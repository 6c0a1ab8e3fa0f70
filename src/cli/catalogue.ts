/**
 * `npm run catalogue -- <command>`: the commands ops and QA use on the form catalogue.
 *
 *   check                                   every problem of the catalogue, non-zero exit if any
 *   matrix --flow <flow> [--format md|csv|json]   every context combination and its active steps
 *   examples --flow <flow> --step <step>          a valid example, and per constraint an invalid one with its message key
 *
 * `--schemas <dir>` points at another copy of the catalogue (default: ./schemas);
 * translations are read from `--locales <dir>` (default: the schemas folder's sibling `locales`).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { bundleStepSchema, checkCatalogue, createStepValidators } from '../engine/core/catalogue';
import { localRefs } from '../engine/core/schemaRef';
import { stepExamples } from '../engine/core/examples';
import { readCatalogue } from './readCatalogue';
import { buildMatrix, distinctPaths } from '../engine/core/matrix';

const USAGE = `usage: npm run catalogue -- <command> [options]
  check                                         check the whole catalogue
  matrix --flow <flow> [--format md|csv|json]   every context combination and its steps
  examples --flow <flow> --step <step>          a valid example and one invalid example per constraint (JSON)
options: --schemas <dir> (default ./schemas), --locales <dir> (default <schemas>/../locales)`;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const [command, ...rest] = argv;
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const value = rest[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    options[arg.slice(2)] = value;
    i += 1;
  }
  return { command, options };
}

function csvCell(value: unknown): string {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function main(argv: string[]): number {
  const { command, options } = parseArgs(argv);
  const schemasDir = path.resolve(options.schemas ?? 'schemas');
  const localesDir = path.resolve(options.locales ?? path.join(schemasDir, '..', 'locales'));
  for (const [name, dir] of [
    ['--schemas', schemasDir],
    ['--locales', localesDir],
  ] as const) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`${name}: no directory ${dir}`);
  }
  const { source, problems: readProblems } = readCatalogue(schemasDir, localesDir);
  const { catalogue, problems } = checkCatalogue(source);
  const all = [...readProblems, ...problems];

  if (command === 'check') {
    if (all.length > 0) {
      process.stderr.write(`${all.length} problem${all.length === 1 ? '' : 's'} in ${schemasDir}:\n`);
      for (const p of all) process.stderr.write(`  ${p.file}#${p.pointer}: ${p.message}\n`);
      return 1;
    }
    const flows = Object.values(catalogue.flows);
    const steps = flows.reduce((n, f) => n + Object.keys(f.steps).length, 0);
    process.stdout.write(
      `catalogue ok: ${flows.length} flow${flows.length === 1 ? '' : 's'}, ${steps} steps, no problems\n`,
    );
    return 0;
  }

  if (command === 'matrix') {
    const flowId = options.flow;
    if (!flowId) throw new UsageError('matrix needs --flow <flow>');
    const format = options.format ?? 'md';
    if (!['md', 'csv', 'json'].includes(format))
      throw new UsageError(`--format must be md, csv or json, got "${format}"`);
    const flow = catalogue.flows[flowId];
    if (!flow) {
      const known = Object.keys(catalogue.flows).join(', ') || 'none';
      throw new UsageError(`no flow "${flowId}" (known: ${known})`);
    }
    const flowProblems = all.filter((p) => p.file.startsWith(`${flowId}/`));
    if (flowProblems.length > 0) {
      process.stderr.write(`flow "${flowId}" has problems; run \`npm run catalogue -- check\` first\n`);
      return 1;
    }
    const rows = buildMatrix(flow.definition);
    const fields = Object.keys(flow.definition.context);
    if (format === 'json') process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else if (format === 'csv') {
      process.stdout.write(`${[...fields, 'steps'].join(',')}\n`);
      for (const row of rows)
        process.stdout.write(
          `${[...fields.map((f) => csvCell(row.context[f])), csvCell(row.steps.join(' '))].join(',')}\n`,
        );
    } else {
      const distinct = distinctPaths(rows);
      process.stdout.write(
        `# ${flowId}: ${rows.length} combinations, ${distinct.length} distinct step sequences\n\n`,
      );
      process.stdout.write(
        `| ${[...fields, 'steps'].join(' | ')} |\n|${[...fields, 'steps'].map(() => ' --- ').join('|')}|\n`,
      );
      for (const row of rows) {
        process.stdout.write(
          `| ${[...fields.map((f) => (row.context[f] === null ? '—' : String(row.context[f]))), row.steps.join(', ')].join(' | ')} |\n`,
        );
      }
    }
    return 0;
  }

  if (command === 'examples') {
    const flowId = options.flow;
    const stepId = options.step;
    if (!flowId || !stepId) throw new UsageError('examples needs --flow <flow> and --step <step>');
    const flow = catalogue.flows[flowId];
    if (!flow)
      throw new UsageError(
        `no flow "${flowId}" (known: ${Object.keys(catalogue.flows).join(', ') || 'none'})`,
      );
    const step = flow.steps[stepId];
    if (!step)
      throw new UsageError(
        `no step "${stepId}" in flow "${flowId}" (known: ${Object.keys(flow.steps).join(', ')})`,
      );
    if (all.length > 0) {
      process.stderr.write('the catalogue has problems; run `npm run catalogue -- check` first\n');
      return 1;
    }
    const validate = createStepValidators(catalogue, flowId)[stepId]!;
    // The bundled schema has every `$ref` local, so definitions that refer to each other resolve too.
    const bundled = bundleStepSchema(catalogue, flowId, stepId);
    const examples = stepExamples(bundled, localRefs(bundled), (data) => validate(data).errors);
    process.stdout.write(`${JSON.stringify(examples, null, 2)}\n`);
    return 0;
  }

  throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
  } else throw error;
}
