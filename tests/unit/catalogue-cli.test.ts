/** `npm run catalogue -- …` as ops and QA run it. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { runCatalogue } from '../../src/cli/catalogueCommands';
import { catalogueCopy, copyFlowAs, DEMO_REQUEST, flowsOnDisk } from '../support/catalogueCopy';

const tsx = path.resolve('node_modules/.bin/tsx');
const cli = path.resolve('src/cli/catalogue.ts');

/**
 * A command line, run in this process with its output caught: a new process for each took 1.5 s of tsx start
 * (40 s for this file). The entry point itself is run as a process below ("the command line itself").
 */
async function run(...args: string[]) {
  const caught = { stdout: '', stderr: '' };
  const catcher = (stream: 'stdout' | 'stderr') =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      caught[stream] += String(chunk);
      return true;
    });
  const streams = [catcher('stdout'), catcher('stderr')];
  try {
    return { code: await runCatalogue(args), ...caught };
  } finally {
    for (const stream of streams) stream.mockRestore();
  }
}

/** The flows a catalogue folder holds, as the CLI lists them. */
const knownFlows = (schemasDir?: string) =>
  flowsOnDisk(schemasDir)
    .map((f) => f.flow)
    .join(', ');

/** A copy of schemas/ and locales/ side by side, to break. */
function copy() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
  cpSync('schemas', path.join(dir, 'schemas'), { recursive: true });
  cpSync('locales', path.join(dir, 'locales'), { recursive: true });
  return path.join(dir, 'schemas');
}

describe('catalogue check', () => {
  /** What `check` says of a catalogue folder: its flows and steps as their files hold them, one line per flow. */
  const expectCheckOf = (stdout: string, schemasDir?: string) => {
    const onDisk = flowsOnDisk(schemasDir);
    const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
    const steps = onDisk.reduce((n, f) => n + f.steps, 0);
    const width = Math.max(...onDisk.map((f) => f.flow.length));
    const [summary, ...flows] = stdout.trim().split('\n');
    expect(summary).toMatch(
      new RegExp(
        `^catalogue ok: ${plural(onDisk.length, 'flow')}, ${plural(steps, 'step')}, 18 checks \\(guards, meta-schemas, flow-files, .*unused-files\\), no problems$`,
      ),
    );
    expect(flows).toEqual(
      onDisk.map((f) =>
        expect.stringMatching(
          new RegExp(
            `^ {2}${f.flow.padEnd(width)} {2}version [0-9a-f]{64} {2}\\(${plural(f.steps, 'step')}\\)$`,
          ),
        ),
      ),
    );
  };

  it('passes on the catalogue and says what it checked', async () => {
    const result = await run('check');
    expect(result.code).toBe(0);
    expect(flowsOnDisk().map((f) => f.flow)).toContain('onboarding');
    expectCheckOf(result.stdout);
  });

  it('counts a flow added as files with the others (no test pins the catalogue’s size)', async () => {
    const { schemasDir, localesDir } = catalogueCopy([DEMO_REQUEST]);
    const result = await run('check', '--schemas', schemasDir, '--locales', localesDir);
    expect(result.code).toBe(0);
    expect(flowsOnDisk(schemasDir).length).toBe(flowsOnDisk().length + 1);
    expectCheckOf(result.stdout, schemasDir);
  });

  it('takes shipped flows copied under names sorting first and last with no test edited (issue 57)', async () => {
    const { schemasDir, localesDir } = catalogueCopy([]);
    copyFlowAs(schemasDir, 'store-listing', 'aaa-listing-copy');
    copyFlowAs(schemasDir, 'capital-waitlist', 'zzz-waitlist-copy');
    const checked = await run('check', '--schemas', schemasDir, '--locales', localesDir);
    expect(checked.code, checked.stderr).toBe(0);
    expectCheckOf(checked.stdout, schemasDir);
    const known = knownFlows(schemasDir);
    expect(known).toMatch(/^aaa-listing-copy, .*, zzz-waitlist-copy$/);
    const refused = await run('matrix', '--flow', 'capital', '--schemas', schemasDir);
    expect(refused.stderr).toContain(`error: no flow "capital" (known: ${known})`);
  });

  it('prints each flow’s version id: the same content gives the same id, a changed text a new one', async () => {
    const idOf = async (schemas?: string) =>
      /onboarding +version ([0-9a-f]{64})/.exec(
        (await run('check', ...(schemas ? ['--schemas', schemas] : []))).stdout,
      )?.[1];
    const original = await idOf();
    expect(await idOf(copy())).toBe(original);
    const changed = copy();
    const arabic = path.join(changed, '..', 'locales/ar/onboarding.json');
    const texts = JSON.parse(readFileSync(arabic, 'utf8'));
    texts.flow.title = `${texts.flow.title}.`;
    writeFileSync(arabic, JSON.stringify(texts));
    expect(await idOf(changed)).toMatch(/^[0-9a-f]{64}$/);
    expect(await idOf(changed)).not.toBe(original);
  });

  it('lists every problem of a broken copy with file and pointer, and exits 1', async () => {
    const schemas = copy();
    writeFileSync(path.join(schemas, 'onboarding/steps/result.ui.json'), '{ "ui:order": [');
    const flowFile = path.join(schemas, 'onboarding/flow.json');
    const flow = JSON.parse(readFileSync(flowFile, 'utf8'));
    flow.steps[3].when = { $ref: '#/conditions/nowhere' };
    writeFileSync(flowFile, JSON.stringify(flow));
    const result = await run('check', '--schemas', schemas);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`problems in ${schemas}:`);
    expect(result.stderr).toMatch(/ {2}onboarding\/steps\/result\.ui\.json#\/: not valid JSON: /);
    expect(result.stderr).toContain(
      '  onboarding/flow.json#/steps/3/when/$ref: no condition named "nowhere" [conditions]',
    );
  });

  it('says when --schemas is not a directory', async () => {
    const result = await run('check', '--schemas', '/no/such/dir');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: --schemas: no directory /no/such/dir');
  });
});

describe('catalogue matrix', () => {
  it('gives capital’s forms their paths: one per reset reason (the server’s fact), one for the waitlist, two for the simple form', async () => {
    const reset = JSON.parse((await run('matrix', '--flow', 'capital-reset', '--format', 'json')).stdout) as {
      steps: string[];
      contexts: Record<string, unknown[]>[];
    }[];
    expect(reset.map((p) => [p.steps, p.contexts])).toEqual([
      [['licence-expired'], [{ reason: ['business_license_expired'] }]],
      [['licence-expires-soon'], [{ reason: ['business_license_expires_soon'] }]],
      [['irrelevant-licence'], [{ reason: ['irrelevant_license'] }]],
      [['beneficiary-name-mismatch'], [{ reason: ['beneficiary_name_mismatch'] }]],
      [['company-name-mismatch'], [{ reason: ['company_name_mismatch'] }]],
      [['other-reason'], [{ reason: ['other'] }]],
    ]);
    const waitlist = await run('matrix', '--flow', 'capital-waitlist');
    expect(waitlist.code).toBe(0);
    expect(waitlist.stdout).toContain('# capital-waitlist: 1 distinct path (its steps depend on no answer)');
    expect(waitlist.stdout).toContain('## 1. join');
    // The simple form: the bank statement required or not, as the offer's fact says.
    const simple = JSON.parse(
      (await run('matrix', '--flow', 'capital-simple', '--format', 'json')).stdout,
    ) as {
      steps: string[];
      contexts: Record<string, unknown[]>[];
    }[];
    expect(simple.map((p) => [p.steps, p.contexts])).toEqual([
      [['apply-statement'], [{ statement: [true] }]],
      [['apply'], [{ statement: [false] }]],
    ]);
  });

  it('prints each distinct path with the contexts leading to it, leaving out the fields a path does not use', async () => {
    const result = await run('matrix', '--flow', 'onboarding', '--format', 'json');
    expect(result.code).toBe(0);
    const paths = JSON.parse(result.stdout) as {
      steps: string[];
      combinations: number;
      contexts: Record<string, unknown[]>[];
    }[];
    expect(paths).toHaveLength(11);
    // Together the paths are every combination, once.
    expect(paths.reduce((n, p) => n + p.combinations, 0)).toBe(7 * 5 * 4 * 7);
    expect(paths).toContainEqual({
      steps: [
        'basic-info',
        'product-category',
        'store-type',
        'legal-details-general',
        'bank-details',
        'result',
      ],
      combinations: 168,
      // No licence or business type: those do not matter in Bahrain, Kuwait or Qatar.
      contexts: [{ country: ['BHR', 'KWT', 'QAT'], tier: [3, 4] }],
    });
    // A tier not answered yet is one line, not hundreds of rows.
    expect(paths.find((p) => p.steps.join(' ') === 'basic-info result')?.contexts).toEqual([
      { tier: [null] },
      { country: ['EGY', null], tier: [1, 2, 3, 4] },
    ]);
    const saudi = paths.find((p) => p.steps.includes('legal-details-sau'))!;
    expect(saudi.contexts).toEqual([
      { country: ['SAU'], tier: [3, 4], licence: ['commercial_registration'] },
    ]);
  });

  it('prints the paths as Markdown sections and CSV lines, and every combination with --all', async () => {
    const md = (await run('matrix', '--flow', 'onboarding')).stdout;
    expect(md.split('\n')[0]).toBe(
      '# onboarding: 11 distinct paths (980 combinations of country × tier × licence × businessType)',
    );
    expect(md).toContain(
      '## 6. basic-info → product-category → store-type → commercial-licence-are → legal-details-are → business-owner-are → bank-details → result',
    );
    expect(md).toContain('| any | not answered |');
    const csvOut = (await run('matrix', '--flow', 'onboarding', '--format', 'csv')).stdout;
    // Every cell quoted, as every CSV the product writes (src/domain/csv.ts).
    expect(csvOut.split('\n')[0]).toBe(
      '"path","combinations","steps","country","tier","licence","businessType"',
    );
    const csv = (parse(csvOut) as string[][]).map((row) => row.join(','));
    expect(csv[0]).toBe('path,combinations,steps,country,tier,licence,businessType');
    expect(csv).toContain('4,420,basic-info result,any,not answered,any,any');
    const all = (
      parse((await run('matrix', '--flow', 'onboarding', '--format', 'csv', '--all')).stdout) as string[][]
    ).map((row) => row.join(','));
    expect(all[0]).toBe('country,tier,licence,businessType,steps');
    expect(all[1]).toBe(
      'SAU,1,commercial_registration,freelance_license,basic-info business-licence-sau product-category store-type',
    );
    const rows = JSON.parse(
      (await run('matrix', '--flow', 'onboarding', '--format', 'json', '--all')).stdout,
    ) as unknown[];
    expect(rows).toHaveLength(980);
    expect((await run('matrix', '--flow', 'onboarding', '--all')).stdout.split('\n')[0]).toBe(
      '# onboarding: 980 combinations, 11 distinct step sequences',
    );
  });

  it.each([
    [['matrix'], 'error: matrix needs --flow <flow>'],
    // The known flows as the catalogue's files hold them: a flow added as files changes no test (issue 57).
    [['matrix', '--flow', 'capital'], `error: no flow "capital" (known: ${knownFlows()})`],
    [
      ['matrix', '--flow', 'onboarding', '--format', 'xml'],
      'error: --format must be md, csv or json, got "xml"',
    ],
    [['examples', '--flow', 'onboarding', '--step', 'nope'], 'error: no step "nope" in flow "onboarding"'],
    [['frobnicate'], 'error: unknown command "frobnicate"'],
    [
      ['help', 'frobnicate'],
      'error: no help for "frobnicate": commands are check, matrix, examples, export, import, help',
    ],
    [['check', 'extra'], 'error: unexpected argument "extra"'],
  ])('%j is refused with a clear line and exit code 2', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('catalogue examples', () => {
  it('prints a valid example and invalid ones with their message keys', async () => {
    const result = await run('examples', '--flow', 'onboarding', '--step', 'bank-details');
    expect(result.code).toBe(0);
    const examples = JSON.parse(result.stdout) as {
      valid: unknown;
      invalid: { pointer: string; constraint: string; key: string }[];
    };
    expect(examples.valid).toMatchObject({
      bank_details: { iban: 'SA7380000000608010167520', beneficiary_name_en: 'Al Noor Trading' },
    });
    expect(examples.invalid.map((e) => `${e.pointer} ${e.constraint} → ${e.key}`)).toContain(
      '/bank_details/iban format → validation:error.format.iban',
    );
  });
});

describe('catalogue help', () => {
  it.each([
    [['--help'], 'usage: npm run catalogue -- <command> [options]'],
    [['help'], 'usage: npm run catalogue -- <command> [options]'],
    [['-h'], 'usage: npm run catalogue -- <command> [options]'],
    [['check', '--help'], 'usage: npm run catalogue -- check [--schemas <dir>] [--locales <dir>]'],
    [['matrix', '--help'], '--all           every context combination instead'],
    [['help', 'matrix'], 'example: npm run catalogue -- matrix --flow onboarding --format csv > paths.csv'],
    [['examples', '-h'], 'usage: npm run catalogue -- examples --flow <flow> --step <step>'],
  ])('%j prints help and exits 0', async (args, line) => {
    const result = await run(...args);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(line);
    expect(result.stderr).toBe('');
  });
});

describe('the command line itself', () => {
  it('exits with the command’s code: 0 for a clean check, 2 with the usage for a wrong command line', () => {
    const check = spawnSync(tsx, [cli, 'check'], { encoding: 'utf8', timeout: 60_000 });
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/^catalogue ok: \d+ flows?, /);
    const wrong = spawnSync(tsx, [cli, 'frobnicate'], { encoding: 'utf8', timeout: 60_000 });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain(
      'error: unknown command "frobnicate"\nusage: npm run catalogue -- <command>',
    );
  });

  it('ends quietly when what reads its output stops early (`… | head`), with no stack trace', () => {
    const piped = spawnSync('bash', ['-c', `"${tsx}" "${cli}" matrix --flow onboarding --all | head -n 1`], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(piped.stdout).toMatch(/^# onboarding/);
    expect(piped.stderr).toBe('');
  });
});

describe('every command-line tool', () => {
  it.each([
    [['--instances', '0'], 'error: --instances must be 1 to 8, got "0"'],
    [['--port', 'http'], 'error: --port must be a port number, got "http"'],
    [['--nodes', '2'], "error: Unknown option '--nodes'"],
  ])(
    'npm run cluster %j refuses with one line naming what is wrong, before starting anything',
    (argv, line) => {
      const result = spawnSync(process.execPath, [path.resolve('scripts/cluster.mjs'), ...argv], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr.split('\n')[0]).toContain(line);
    },
  );

  it.each([
    ['src/cli/fixtures.ts', 'usage: npm run fixtures -- <check|load> <file.json>'],
    ['src/cli/bundleReport.ts', 'usage: npm run build:report'],
    ['bench/engine/run.ts', 'usage: npm run bench:engine'],
    ['scripts/cluster.mjs', 'usage: npm run cluster'],
  ])('%s --help says how to use it and exits 0', (file, line) => {
    const result = spawnSync(tsx, [path.resolve(file), '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(line);
  });
});
