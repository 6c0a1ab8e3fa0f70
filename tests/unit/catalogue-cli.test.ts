/** `npm run catalogue -- …` as ops and QA run it. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = path.resolve('node_modules/.bin/tsx');
const cli = path.resolve('src/cli/catalogue.ts');

function run(...args: string[]) {
  const result = spawnSync(tsx, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A copy of schemas/ and locales/ side by side, to break. */
function copy() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
  cpSync('schemas', path.join(dir, 'schemas'), { recursive: true });
  cpSync('locales', path.join(dir, 'locales'), { recursive: true });
  return path.join(dir, 'schemas');
}

describe('catalogue check', () => {
  it('passes on the catalogue and says what it checked', () => {
    const result = run('check');
    expect(result.code).toBe(0);
    const [summary, ...flows] = result.stdout.trim().split('\n');
    expect(summary).toMatch(
      /^catalogue ok: 1 flow, 17 steps, 16 checks \(meta-schemas, flow-files, .*unused-files\), no problems$/,
    );
    expect(flows).toEqual([
      expect.stringMatching(/^ {2}onboarding {2}version [0-9a-f]{64} {2}\(17 steps\)$/),
    ]);
  });

  it('prints each flow’s version id: the same content gives the same id, a changed text a new one', () => {
    const idOf = (schemas?: string) =>
      /onboarding {2}version ([0-9a-f]{64})/.exec(
        run('check', ...(schemas ? ['--schemas', schemas] : [])).stdout,
      )?.[1];
    const original = idOf();
    expect(idOf(copy())).toBe(original);
    const changed = copy();
    const arabic = path.join(changed, '..', 'locales/ar/onboarding.json');
    const texts = JSON.parse(readFileSync(arabic, 'utf8'));
    texts.flow.title = `${texts.flow.title}.`;
    writeFileSync(arabic, JSON.stringify(texts));
    expect(idOf(changed)).toMatch(/^[0-9a-f]{64}$/);
    expect(idOf(changed)).not.toBe(original);
  });

  it('lists every problem of a broken copy with file and pointer, and exits 1', () => {
    const schemas = copy();
    writeFileSync(path.join(schemas, 'onboarding/steps/result.ui.json'), '{ "ui:order": [');
    const flowFile = path.join(schemas, 'onboarding/flow.json');
    const flow = JSON.parse(readFileSync(flowFile, 'utf8'));
    flow.steps[3].when = { $ref: '#/conditions/nowhere' };
    writeFileSync(flowFile, JSON.stringify(flow));
    const result = run('check', '--schemas', schemas);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`problems in ${schemas}:`);
    expect(result.stderr).toMatch(/ {2}onboarding\/steps\/result\.ui\.json#\/: not valid JSON: /);
    expect(result.stderr).toContain(
      '  onboarding/flow.json#/steps/3/when/$ref: no condition named "nowhere" [conditions]',
    );
  });

  it('says when --schemas is not a directory', () => {
    const result = run('check', '--schemas', '/no/such/dir');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: --schemas: no directory /no/such/dir');
  });
});

describe('catalogue matrix', () => {
  it('prints every combination and its steps as JSON', () => {
    const result = run('matrix', '--flow', 'onboarding', '--format', 'json');
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as { context: Record<string, unknown>; steps: string[] }[];
    expect(rows).toHaveLength(7 * 5 * 4 * 7);
    expect(rows).toContainEqual({
      context: { country: 'BHR', tier: 3, licence: null, businessType: null },
      steps: [
        'basic-info',
        'product-category',
        'store-type',
        'legal-details-general',
        'bank-details',
        'result',
      ],
    });
    expect(new Set(rows.map((r) => r.steps.join(' '))).size).toBe(11);
  });

  it('prints CSV with a header and a Markdown table with a summary', () => {
    const csv = run('matrix', '--flow', 'onboarding', '--format', 'csv').stdout.split('\n');
    expect(csv[0]).toBe('country,tier,licence,businessType,steps');
    expect(csv[1]).toBe(
      'SAU,1,commercial_registration,freelance_license,basic-info business-licence-sau product-category store-type',
    );
    const md = run('matrix', '--flow', 'onboarding').stdout;
    expect(md.split('\n')[0]).toBe('# onboarding: 980 combinations, 11 distinct step sequences');
  });

  it.each([
    [['matrix'], 'error: matrix needs --flow <flow>'],
    [['matrix', '--flow', 'capital'], 'error: no flow "capital" (known: onboarding)'],
    [
      ['matrix', '--flow', 'onboarding', '--format', 'xml'],
      'error: --format must be md, csv or json, got "xml"',
    ],
    [['examples', '--flow', 'onboarding', '--step', 'nope'], 'error: no step "nope" in flow "onboarding"'],
    [['frobnicate'], 'error: unknown command "frobnicate"'],
  ])('%j is refused with a clear line and exit code 2', (args, message) => {
    const result = run(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('catalogue examples', () => {
  it('prints a valid example and invalid ones with their message keys', () => {
    const result = run('examples', '--flow', 'onboarding', '--step', 'bank-details');
    expect(result.code).toBe(0);
    const examples = JSON.parse(result.stdout) as {
      valid: unknown;
      invalid: { pointer: string; constraint: string; key: string }[];
    };
    expect(examples.valid).toMatchObject({
      bank_details: { iban: 'SA0380000000608010167519', beneficiary_name_en: 'Al Noor Trading' },
    });
    expect(examples.invalid.map((e) => `${e.pointer} ${e.constraint} → ${e.key}`)).toContain(
      '/bank_details/iban format → validation:error.format.iban',
    );
  });
});
