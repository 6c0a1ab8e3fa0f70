/** `npm run fixtures -- <check|load> <file>` against an embedded database. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';

const tsx = path.resolve('node_modules/.bin/tsx');
const cli = path.resolve('src/cli/fixtures.ts');
const demo = path.resolve('src/server/fixtures/demo.json');

function run(args: string[], env: Record<string, string>) {
  const result = spawnSync(tsx, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each test starts the command line as a process (its own database, the catalogue checked) and some start two:
// 16 s on CI's PostgreSQL run, over the server project's 20 s on a busy host (a clean-clone run timed out at 20).
describe('npm run fixtures', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-cli-'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mbo-cli-files-'));

  it('lists every problem of a bad file, exits 1 and loads nothing', () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        accounts: [
          { id: 'acc-a', email: 'a@demo.example' },
          { id: 'acc-b', email: 'Not Valid' },
        ],
        stores: [{ id: 'sto-x', merchant_id: 'mer-none', name: 'X', country: 'SAU' }],
      }),
    );
    const result = run(['load', bad], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${bad}: 3 problems, nothing was loaded`);
    expect(result.stderr).toContain('  /accounts/1/email: must be lower-case, without spaces');
    expect(result.stderr).toContain(
      '  /stores/0/merchant_id: no merchant with id "mer-none" in this file or the database',
    );
    // acc-a was valid, but the file was refused as a whole:
    const refers = path.join(dir, 'refers.json');
    writeFileSync(
      refers,
      JSON.stringify({ experiments: [{ account_id: 'acc-a', name: 'ads', value: 'enabled' }] }),
    );
    expect(run(['check', refers], { DATA_DIR: dataDir }).stderr).toContain('no account with id "acc-a"');
  });

  it('loads a good file and says what it loaded', () => {
    const result = run(['load', demo], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(
      `${demo}: loaded 23 accounts, 13 organizations, 13 merchants, 17 stores, 12 legal entities, 16 permissions, 32 experiments, 8 capital offers, 4 capital loans, 6 capital applications, 15 disputes, 12 support tickets, 4 applications, 3515 payments`,
    );
  });

  it.each([
    [['frob'], 'usage: npm run fixtures -- <check|load> <file.json>'],
    [['load'], 'usage: npm run fixtures -- <check|load> <file.json>'],
    [['load', 'no-such-file.json'], 'error: cannot read no-such-file.json: ENOENT'],
  ])('%j is refused with one line', (args, line) => {
    const result = run(args, { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(line);
  });

  it('says where a file is not JSON', () => {
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"accounts": [');
    const result = run(['check', broken], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error: ${broken.replaceAll('/', '\\/')} is not valid JSON: `));
  });

  it('is refused in production', () => {
    const result = run(['load', demo], { DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('error: fixtures are refused when NODE_ENV=production');
  });

  it('will not open an embedded database another process is using', async () => {
    const held = mkdtempSync(path.join(os.tmpdir(), 'mbo-held-'));
    const database = await openDatabase({ dataDir: held });
    try {
      const result = run(['load', demo], { DATA_DIR: held });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `error: DATA_DIR "${held}" is in use by another process (pid ${process.pid}); stop it first, or load it through the running server (POST /dev/fixtures)`,
      );
    } finally {
      await database.close();
    }
    expect(run(['check', demo], { DATA_DIR: held }).code).toBe(0);
  });
});
