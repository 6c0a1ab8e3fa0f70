/**
 * Flow versions: the id is the SHA-256 of the flow's canonical content (flow file, step and UI schemas, the
 * shared definitions and texts it uses), and compiling a version gives browser modules that import nothing
 * and validate exactly as the server does.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson, flowVersion, versionId } from '../../src/catalogue/version';
import { compileVersion, type CompiledVersion } from '../../src/catalogue/compile';
import { buildModel } from '../../src/catalogue/model';
import { readCatalogueDir } from '../../src/catalogue/source';
import { checkedVersions } from '../../src/catalogue/pipeline';
import { stepExamples } from '../../src/engine/core/examples';
import { validatorRuntime } from '../../src/engine/core/runtime';
import { catalogueCopy, DEMO_REQUEST } from '../support/catalogueCopy';
import { onboarding, versions } from '../support/onboarding';

describe('canonical content', () => {
  it('writes keys sorted at every depth, so key order never changes the id', () => {
    expect(canonicalJson({ b: [{ z: 1, a: 2 }], a: 'x', c: undefined })).toBe(
      '{"a":"x","b":[{"a":2,"z":1}]}',
    );
  });
});

describe('version ids', () => {
  it('are a SHA-256 in hex, the same for the same content read again', () => {
    const again = checkedVersions(path.resolve('schemas'), path.resolve('locales'));
    expect(versions.onboarding!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(again.onboarding!.id).toBe(versions.onboarding!.id);
    expect(versionId(structuredClone(versions.onboarding!.content))).toBe(versions.onboarding!.id);
  });

  it('do not change when another flow is added, and change with one Arabic text of the flow', () => {
    const { schemasDir, localesDir } = catalogueCopy([DEMO_REQUEST]);
    const withAnother = checkedVersions(schemasDir, localesDir);
    expect(withAnother.onboarding!.id).toBe(versions.onboarding!.id);
    expect(withAnother['demo-request']!.id).toMatch(/^[0-9a-f]{64}$/);

    const { source } = readCatalogueDir(schemasDir, localesDir);
    (source.locales.ar!.onboarding as { flow: { title: string } }).flow.title += '.';
    const model = buildModel(source);
    const changed = flowVersion(
      model,
      model.flows.find((f) => f.folder === 'onboarding')!,
    );
    expect(changed.id).not.toBe(versions.onboarding!.id);
  });

  it('carry the texts the flow uses, in both languages, and no others', () => {
    const { texts, shared, flow } = versions.onboarding!.content;
    expect(texts.en!['onboarding:fields.iban.title']).toBe('IBAN');
    expect(texts.ar!['onboarding:fields.iban.title']).toEqual(expect.any(String));
    expect(texts.en!['validation:error.required']).toBe('This field is required');
    expect(Object.keys(texts.en!).some((key) => key.startsWith('auth:'))).toBe(false);
    expect(Object.keys(shared)).toEqual(['_defs/common.schema.json']);
    expect(flow).not.toHaveProperty('$schema');
  });
});

describe('compiled versions', () => {
  let compiled: CompiledVersion;
  const load = async (body: string) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'step-')), 'step.mjs');
    writeFileSync(file, body);
    return (await import(/* @vite-ignore */ file)) as {
      schema: Record<string, unknown>;
      default: (runtime: typeof validatorRuntime) => Record<string, (data: unknown) => boolean>;
    };
  };

  it('name every file by a hash of its content, and the manifest lists every step', async () => {
    compiled = await compileVersion(versions.onboarding!);
    expect(compiled.manifestFile).toMatch(/^manifest\.[0-9a-f]{12}\.json$/);
    expect(Object.keys(compiled.manifest.steps)).toEqual(onboarding.definition.steps.map((s) => s.id));
    for (const file of Object.values(compiled.manifest.steps)) {
      expect(file).toMatch(/^steps\/[a-z0-9-]+\.[0-9a-f]{12}\.js$/);
      expect(compiled.files.get(file)?.type).toBe('text/javascript');
    }
    expect(JSON.parse(compiled.files.get(compiled.manifestFile)!.body)).toEqual(compiled.manifest);
    // Compiling again gives the same files (a cached copy stays right).
    expect((await compileVersion(versions.onboarding!)).manifestFile).toBe(compiled.manifestFile);
  });

  it('step modules import nothing, and their validators agree with the server’s on every example', async () => {
    for (const [stepId, file] of Object.entries(compiled.manifest.steps)) {
      const body = compiled.files.get(file)!.body;
      expect(body, stepId).not.toMatch(/(^|[;}\s])import[\s({"'*]/);
      expect(body, stepId).not.toMatch(/\bfrom\s*["']/);
      const module = await load(body);
      const validate = module.default(validatorRuntime)[String(module.schema.$id)]!;
      const step = onboarding.steps[stepId]!;
      const examples = stepExamples(step.schema, step.resolve, (d) => step.validate(d).errors);
      expect(validate(examples.valid), `${stepId} valid`).toBe(true);
      for (const invalid of examples.invalid)
        expect(validate(invalid.data), `${stepId} ${invalid.pointer} ${invalid.constraint}`).toBe(false);
    }
  });
});
