/**
 * `npm run catalogue -- export|import` (issue 17, docs/studio.md "Files and git"): a version in the database as
 * catalogue files and back. Exporting what the files made writes nothing; an export into an empty folder checks
 * as the same version; an import lands in an ops account's working copy, or is published with the studio's rules
 * (a breaking change confirmed with its count of drafts), named in the audit; bad input is refused in one line.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogueDir } from '../../src/catalogue/pipeline';
import { CommandError, exportFlow, importFlow } from '../../src/cli/catalogueStore';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { createFlowVersionRepository } from '../../src/server/repositories/flowVersions';
import { loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';
import { flowsOnDisk } from '../support/catalogueCopy';

// The commands open the database themselves, as they would beside a stopped `npm start`: an embedded one in
// DATA_DIR (also in the PostgreSQL run: what is tested here is the commands, not the database).
const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-catalogue-store-'));
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' };

/** A server start on the data directory (it stores the catalogue's versions), the demo data and one draft. */
async function startServerOnce() {
  const database = await openDatabase({ dataDir });
  const app = await buildApp({
    config: loadConfig({ ...env, BOT_CHECK: 'off', SETUP_ADDRESS_LIMIT: '100000' }),
    database,
    logger: false,
  });
  await app.ready();
  await loadDemoData(app);
  const merchant = await signIn(app, 'store-test@example.com', '+966501230001');
  const created = await merchant.call('POST', '/partners/application/api/v1/application', {});
  await merchant.call('PUT', `/partners/application/api/v1/application/${created.body.id}`, {
    first_name: 'Mariam',
    last_name: 'Al Falasi',
    email: 'mariam@example.com',
    phone: '+971501234567',
    business_name: 'Al Falasi General Trading Company',
    country_of_main_operations: 'ARE',
    annual_volume: 'less_than_1m',
  });
  await app.close();
  await database.close();
}
await startServerOnce();

/** A copy of this checkout's catalogue, to change. */
function catalogueCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mbo-catalogue-copy-'));
  cpSync('schemas', path.join(dir, 'schemas'), { recursive: true });
  cpSync('locales', path.join(dir, 'locales'), { recursive: true });
  return { dir, schemasDir: path.join(dir, 'schemas'), localesDir: path.join(dir, 'locales') };
}

const lines: string[] = [];
const out = (line: string) => lines.push(line);
const edit = (file: string, change: (json: Json) => void) => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
};

async function pointerAndAudit(versionId = '') {
  const database = await openDatabase({ dataDir });
  try {
    const repository = createFlowVersionRepository(database.db);
    return {
      pointer: await repository.pointer('onboarding'),
      audit: (await repository.audit({ flow: 'onboarding', limit: 5, offset: 0 })).rows,
      version: versionId ? await repository.version(versionId) : undefined,
    };
  } finally {
    await database.close();
  }
}

describe('export', () => {
  it('writes nothing over the files the current version was made from', async () => {
    const { schemasDir, localesDir } = catalogueCopy();
    for (const flow of ['onboarding', 'capital-kyb', 'capital-waitlist'])
      expect(await exportFlow({ env, flow, schemasDir, localesDir, out })).toEqual([]);
  });

  it('into an empty folder gives files that check as the very same version', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mbo-export-'));
    const schemasDir = path.join(dir, 'schemas');
    const localesDir = path.join(dir, 'locales');
    cpSync('schemas/_meta', path.join(schemasDir, '_meta'), { recursive: true });
    const written = await exportFlow({ env, flow: 'onboarding', schemasDir, localesDir, out });
    expect(written).toContain(path.join(schemasDir, 'onboarding/flow.json'));
    expect(written).toContain(path.join(schemasDir, 'onboarding/steps/bank-details.ui.json'));
    expect(written).toContain(path.join(localesDir, 'ar/onboarding.json'));
    const built = buildCatalogueDir(schemasDir, localesDir);
    expect(built.problems).toEqual([]);
    const current = buildCatalogueDir('schemas', 'locales').versions.onboarding!;
    expect(built.versions.onboarding!.id).toBe(current.id);
  });

  it('keeps the other flows’ shared definitions and texts, and refuses what it cannot do', async () => {
    const { schemasDir, localesDir } = catalogueCopy();
    // A text of another namespace's key stays; the version's own texts are put back.
    edit(path.join(localesDir, 'en/onboarding.json'), (json) => {
      json.fields.first_name.title = 'Edited in git';
      json.screensOnly = { note: 'a text only a screen uses' };
    });
    const written = await exportFlow({ env, flow: 'onboarding', schemasDir, localesDir, out });
    expect(written).toEqual([path.join(localesDir, 'en/onboarding.json')]);
    const en = JSON.parse(readFileSync(path.join(localesDir, 'en/onboarding.json'), 'utf8'));
    expect(en.fields.first_name.title).toBe('First name');
    expect(en.screensOnly).toEqual({ note: 'a text only a screen uses' });
    // capital-waitlist uses few of the shared definitions: the others stay in the file.
    await exportFlow({ env, flow: 'capital-waitlist', schemasDir, localesDir, out });
    expect(readFileSync(path.join(schemasDir, '_defs/common.schema.json'), 'utf8')).toBe(
      readFileSync('schemas/_defs/common.schema.json', 'utf8'),
    );

    const refused = (options: Partial<Parameters<typeof exportFlow>[0]>) =>
      exportFlow({ env, flow: 'onboarding', schemasDir, localesDir, out, ...options });
    // The flows the database has are those of the catalogue's files: none is written out here (issue 57).
    await expect(refused({ flow: 'no-such-flow' })).rejects.toThrow(
      `the database has no flow "no-such-flow" (it has: ${flowsOnDisk()
        .map((f) => f.flow)
        .join(', ')})`,
    );
    await expect(refused({ version: 'xyz' })).rejects.toThrow(
      '--version must be a version id (8 to 64 hexadecimal digits), got "xyz"',
    );
    await expect(refused({ version: 'deadbeef' })).rejects.toThrow(
      'flow "onboarding" has no version deadbeef',
    );
    // Five exports, each opening the database (on PostgreSQL: connecting and taking the migration lock): 8 s on
    // CI's host, past 20 s when that host is busy, as the imports beside it allow.
  }, 60_000);
});

describe('import', () => {
  it('checks the folder first: with a problem nothing is imported', async () => {
    const { schemasDir, localesDir } = catalogueCopy();
    edit(path.join(schemasDir, 'onboarding/steps/basic-info.ui.json'), (json) => {
      json.phone['ui:widget'] = 'no-such-widget';
    });
    const before = await pointerAndAudit();
    const error = await importFlow({
      env,
      flow: 'onboarding',
      as: 'ops@demo.example',
      schemasDir,
      localesDir,
      out,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as Error).message).toMatch(/^1 problem in .*; nothing was imported:\n/);
    expect((error as Error).message).toContain('onboarding/steps/basic-info.ui.json#/phone/ui:widget');
    expect((await pointerAndAudit()).pointer).toEqual(before.pointer);
  });

  it('refuses an account that is not ops, and edits it would overwrite', async () => {
    const { schemasDir, localesDir } = catalogueCopy();
    edit(path.join(localesDir, 'en/onboarding.json'), (json) => (json.fields.last_name.title = 'Surname'));
    const run = (as: string, replaceEdits = false) =>
      importFlow({ env, flow: 'onboarding', as, schemasDir, localesDir, out, replaceEdits });
    await expect(run('admin@demo.example')).rejects.toThrow(
      '--as: admin@demo.example is not an ops account (only ops change forms)',
    );
    await expect(run('nobody@demo.example')).rejects.toThrow('--as: no account "nobody@demo.example"');
    lines.length = 0;
    await run('ops@demo.example');
    expect(lines).toContain('  classification: cosmetic (1 change)');
    expect(lines.at(-1)).toBe(
      "  in ops@demo.example's working copy: review, preview and publish it in the studio (/studio/flows/onboarding)",
    );
    await expect(run('ops@demo.example')).rejects.toThrow(
      /^ops@demo.example has unpublished studio edits of onboarding \(saved .*\): publish or discard them/,
    );
    await run('ops@demo.example', true);
    // Four imports, each checking, classifying and compiling the flow: 7–9 s on a quiet machine, over the
    // layer's 20 s twice on a loaded one (2026-11-27).
  }, 60_000);

  it('publishes a breaking change only with the count of drafts it affects, and the audit names who', async () => {
    const { schemasDir, localesDir } = catalogueCopy();
    edit(path.join(schemasDir, 'onboarding/steps/basic-info.schema.json'), (json) => {
      json.properties.business_name.type = 'string';
      json.properties.business_name.maxLength = 20; // the draft's 33-character name no longer fits
    });
    const run = (confirm?: number) =>
      importFlow({
        env,
        flow: 'onboarding',
        as: 'ops@demo.example',
        schemasDir,
        localesDir,
        out,
        replaceEdits: true,
        publish: { note: 'from git', confirm },
      });
    await expect(run()).rejects.toThrow(
      "a breaking change: it affects 1 draft in flight; publish with --confirm 1 (the edits stay in ops@demo.example's working copy)",
    );
    await expect(run(0)).rejects.toThrow('publish with --confirm 1');
    lines.length = 0;
    const id = await run(1);
    // Two in flight: this test's draft, and the demo's application sent back (open again for its merchant).
    expect(lines).toContain('  drafts in flight: 2, affected: 1 (/business_name ×1)');
    const { pointer, audit, version } = await pointerAndAudit(id);
    expect(pointer).toMatchObject({ versionId: id, setBy: 'studio' });
    expect(audit[0]).toMatchObject({
      action: 'import',
      toVersion: id,
      classification: 'breaking',
      affectedDrafts: 1,
      note: 'from git',
      actorId: 'acc-ops',
    });
    expect(version).toMatchObject({ origin: 'import', authorId: 'acc-ops' });

    // And back out as files: the export of the published version is the imported folder.
    const fresh = catalogueCopy();
    const written = await exportFlow({ env, flow: 'onboarding', ...fresh, out });
    expect(written).toEqual([path.join(fresh.schemasDir, 'onboarding/steps/basic-info.schema.json')]);
    expect(buildCatalogueDir(fresh.schemasDir, fresh.localesDir).versions.onboarding!.id).toBe(id);
    // Three imports and an export, as above.
  }, 60_000);
});

describe('the command line', () => {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const cli = (args: string[], extra: Record<string, string> = {}) => {
    const result = spawnSync(tsx, ['src/cli/catalogue.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', ...env, ...extra },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it('explains export and import, and names what is wrong in one line', () => {
    expect(cli(['export', '--help']).stdout).toMatch(/^usage: npm run catalogue -- export --flow <flow>/);
    expect(cli(['help', 'import']).stdout).toContain('--confirm <n>    a breaking change needs the count');
    const noAs = cli(['import', '--flow', 'onboarding']);
    expect(noAs.code).toBe(2);
    expect(noAs.stderr).toMatch(/^error: import needs --as <ops e-mail>/);
    expect(cli(['export', '--flow', 'onboarding', '--as', 'x']).stderr).toMatch(
      /^error: export takes no --as\n/,
    );
    expect(cli(['import', '--flow', 'onboarding', '--as', 'x', '--confirm', '1']).stderr).toMatch(
      /^error: --note and --confirm go with --publish\n/,
    );
  });

  it('will not open an embedded database a running server holds', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const locked = cli(['export', '--flow', 'onboarding']);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toBe(
        `error: DATA_DIR "${dataDir}" is in use by another process (pid ${process.pid}); stop it first\n`,
      );
    } finally {
      await database.close();
    }
  });
});
