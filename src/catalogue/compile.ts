/**
 * Compiles a flow version for the browser: one ES module per step (its self-contained schema, its UI schema
 * and its validators as ajv standalone code) and a manifest naming them, all served below
 * `/catalogue/<version>/` and cached for ever (every file name carries a hash of its content).
 *
 * The browser runs these validators instead of compiling schemas, so the content security policy needs no
 * 'unsafe-eval'. A module imports nothing: its validators are made by a function that is handed the
 * catalogue's formats and ajv's few runtime helpers (src/engine/core/runtime.ts) — the app's own copies,
 * which the phone and IBAN widgets load anyway. Bundling them into each version instead would ship
 * libphonenumber again with every version; esbuild then checks and minifies the module.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { schemaParser } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { registerVocabulary } from '../engine/core/vocabulary';
import { RUNTIME_MODULES } from '../engine/core/runtime';
import type { FlowManifest } from '../engine/core/types';
import { bundledStepSchema, canonicalJson, type FlowVersion } from './version';

/** Raised when the compiled form of a version changes shape: part of every compiled file's hash. */
export const COMPILER = 1;

/**
 * What a version's compiled files were made by: this compiler's code, the runtime and keywords the modules are
 * handed, and the versions of ajv, rjsf's validator and esbuild. Stored compiled files (flowStore.ts) are used only
 * while it is unchanged, so a deploy with a changed compiler compiles every version again instead of serving
 * modules the new app cannot run — with no one having to remember to raise COMPILER.
 */
export const COMPILER_FINGERPRINT: string = (() => {
  const digest = createHash('sha256').update(String(COMPILER));
  const read = (relative: string) => {
    try {
      return readFileSync(fileURLToPath(new URL(relative, import.meta.url)));
    } catch {
      return `missing ${relative}`;
    }
  };
  for (const file of [
    './compile.ts',
    '../engine/core/runtime.ts',
    '../engine/core/vocabulary.ts',
    '../engine/core/formats.ts',
  ])
    digest.update(read(file));
  for (const name of ['ajv', '@rjsf/validator-ajv8', 'esbuild'])
    digest.update(read(`../../node_modules/${name}/package.json`));
  return digest.digest('hex').slice(0, 16);
})();

export interface CompiledFile {
  body: string;
  type: 'text/javascript' | 'application/json';
}

export interface CompiledVersion {
  version: FlowVersion;
  manifest: FlowManifest;
  /** The manifest's file name (`manifest.<hash>.json`). */
  manifestFile: string;
  /** Files by their path below `/catalogue/<version>/`. */
  files: Map<string, CompiledFile>;
}

const hash = (text: string) => createHash('sha256').update(`${COMPILER}\n${text}`).digest('hex').slice(0, 12);

/** The id of a step's bundled schema in the browser: a valid name, as ajv's generated code needs. */
export function stepSchemaId(flowId: string, stepId: string): string {
  return `step_${flowId}_${stepId}`.replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * The validators of a step as a function body: ajv standalone code, one validator per schema rjsf may ask
 * about (the step, and the branches of its if/then), returned keyed by the `$id` or hash rjsf uses.
 */
function validatorsFunction(schema: Record<string, unknown>, where: string): string {
  const schemas = Object.values(schemaParser(schema as never)) as { $id: string }[];
  const ajv = createAjvInstance(
    undefined,
    undefined,
    { code: { lines: false, source: true, formats: _`formats` }, allowUnionTypes: true, schemas } as never,
    false,
    Ajv2020 as never,
    (instance: unknown) => {
      registerVocabulary(instance as never);
      return instance as never;
    },
  );
  // rjsf's keys may start with "-", which is no name: each validator gets a safe one, and the map gives it back.
  const safeName = (id: string) => `v_${id.replace(/[^A-Za-z0-9_]/g, (c) => (c === '-' ? 'n' : '_'))}`;
  const mapping = Object.fromEntries(schemas.map((s) => [safeName(s.$id), s.$id]));
  const code = standaloneCode(ajv as never, mapping);
  for (const [, name] of code.matchAll(/require\("([^"]+)"\)/g))
    if (!(name! in RUNTIME_MODULES))
      throw new Error(
        `${where} needs ajv runtime helper "${name}"; add it to RUNTIME_MODULES in src/engine/core/runtime.ts`,
      );
  const byId = Object.entries(mapping)
    .map(([name, id]) => `${JSON.stringify(id)}: exports.${name}`)
    .join(', ');
  return `const exports = {}; const formats = runtime.formats; const require = runtime.require;\n${code}\nreturn {${byId}};`;
}

/**
 * The ES module of one step.
 * @returns - its source: `schema`, `ui`, and `default(runtime)` giving the validators
 */
export async function stepModule(version: FlowVersion, stepId: string): Promise<string> {
  const where = `step "${stepId}" of flow "${version.flow}"`;
  const schema = bundledStepSchema(version.content, stepId, stepSchemaId(version.flow, stepId));
  const source = [
    `export const schema = ${JSON.stringify(schema)};`,
    `export const ui = ${JSON.stringify(version.content.steps[stepId]!.ui)};`,
    `export default function validators(runtime) {\n${validatorsFunction(schema, where)}\n}`,
    '',
  ].join('\n');
  const { code } = await transform(source, {
    format: 'esm',
    minify: true,
    target: 'es2022',
    legalComments: 'none',
  });
  return code;
}

/**
 * Compiles a version: a module per step and the manifest.
 * @param version - a version of a checked catalogue
 */
export async function compileVersion(version: FlowVersion): Promise<CompiledVersion> {
  const files = new Map<string, CompiledFile>();
  const steps: Record<string, string> = {};
  for (const step of version.content.flow.steps) {
    const body = await stepModule(version, step.id);
    const file = `steps/${step.id}.${hash(body)}.js`;
    files.set(file, { body, type: 'text/javascript' });
    steps[step.id] = file;
  }
  const manifest: FlowManifest = {
    flow: version.flow,
    version: version.id,
    definition: version.content.flow,
    steps,
    texts: version.content.texts,
  };
  const body = canonicalJson(manifest);
  const manifestFile = `manifest.${hash(body)}.json`;
  files.set(manifestFile, { body, type: 'application/json' });
  return { version, manifest, manifestFile, files };
}
