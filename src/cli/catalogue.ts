/**
 * `npm run catalogue -- <command>`: the commands ops and QA use on the form catalogue, over the catalogue
 * pipeline (src/catalogue).
 *
 *   check                                   every problem of the catalogue, non-zero exit if any; each flow's version id
 *   matrix --flow <flow> [--format md|csv|json]   every context combination and its active steps
 *   examples --flow <flow> --step <step>          a valid example, and per constraint an invalid one with its message key
 *
 * `--schemas <dir>` points at another copy of the catalogue (default: ./schemas);
 * translations are read from `--locales <dir>` (default: the schemas folder's sibling `locales`).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { buildMatrix, distinctPaths } from '../engine/core/matrix';
import { stepExamples } from '../engine/core/examples';
import { CHECKS } from '../catalogue/checks';
import { buildCatalogueDir, formatProblems } from '../catalogue/pipeline';
import { flowRuntime } from '../catalogue/runtime';

const USAGE = `usage: npm run catalogue -- <command> [options]
  check                                         check the whole catalogue; print each flow's version id
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function main(argv: string[]): number {
  const { command, options } = parseArgs(argv);
  if (!command) throw new UsageError('no command given');
  if (!['check', 'matrix', 'examples'].includes(command))
    throw new UsageError(`unknown command "${command}"`);
  const schemasDir = path.resolve(options.schemas ?? 'schemas');
  const localesDir = path.resolve(options.locales ?? path.join(schemasDir, '..', 'locales'));
  for (const [name, dir] of [
    ['--schemas', schemasDir],
    ['--locales', localesDir],
  ] as const) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`${name}: no directory ${dir}`);
  }
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
      for (const row of rows)
        process.stdout.write(
          `| ${[...fields.map((f) => (row.context[f] === null ? '—' : String(row.context[f]))), row.steps.join(', ')].join(' | ')} |\n`,
        );
    }
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

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
  } else throw error;
}
