/**
 * Compiles the catalogue for the browser: per flow, a module with the flow
 * definition and a lazy loader per step; per step, its self-contained schema,
 * its UI schema and ajv standalone validation code. The browser therefore
 * ships no schema compiler and runs no `new Function`, so a content security
 * policy without 'unsafe-eval' holds. Formats are imported from
 * src/engine/core/formats.ts, the same functions the server's ajv calls.
 *
 * Used by the Vite plugin (virtual modules, built on demand) and by tests.
 */
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { _ } from 'ajv';
import { schemaParser } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { bundleStepSchema, type Catalogue } from '../engine/core/catalogue';
import { registerVocabulary, SUM_HELPER } from '../engine/core/vocabulary';

export const VIRTUAL_PREFIX = 'virtual:catalogue/';
const FORMATS_MODULE = path.resolve(import.meta.dirname, '../engine/core/formats.ts');
const RUNTIME_MODULE = path.resolve(import.meta.dirname, '../engine/core/runtime.ts');

export { loadCheckedCatalogue } from './readCatalogue';

/** ES module source of a flow: its definition, and a lazy import per step (and per step's examples). */
export function flowModule(catalogue: Catalogue, flowId: string): string {
  const flow = catalogue.flows[flowId];
  if (!flow) throw new Error(`no flow "${flowId}"`);
  const loaders = (suffix: string) =>
    Object.keys(flow.steps)
      .map(
        (id) =>
          `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`${VIRTUAL_PREFIX}${flowId}/${id}${suffix}`)}),`,
      )
      .join('\n');
  return [
    `export const flow = ${JSON.stringify(flow.definition)};`,
    `export const steps = {\n${loaders('')}\n};`,
    `export const examples = {\n${loaders('/examples')}\n};`,
    '',
  ].join('\n');
}

/** ajv runtime helpers the standalone code may ask for, as ES imports. */
const RUNTIME_HELPERS: Record<string, { name: string; import: string }> = {
  'ajv/dist/runtime/equal': { name: '__equal', import: 'import __equal from "fast-deep-equal";' },
  [SUM_HELPER]: {
    name: '__sumMatches',
    import: `import { sumMatches as __sumMatches } from ${JSON.stringify(RUNTIME_MODULE)};`,
  },
  'ajv/dist/runtime/ucs2length': {
    name: '__ucs2length',
    import: `import { ucs2length as __ucs2length } from ${JSON.stringify(RUNTIME_MODULE)};`,
  },
};

/** The id of a step's bundled schema: a valid export name, as ajv's ES module output needs. */
export function stepSchemaId(flowId: string, stepId: string): string {
  return `step_${flowId}_${stepId}`.replace(/[^A-Za-z0-9_]/g, '_');
}

/** A step's self-contained schema with the id its precompiled validator is exported under. */
function browserStepSchema(catalogue: Catalogue, flowId: string, stepId: string) {
  return { ...bundleStepSchema(catalogue, flowId, stepId), $id: stepSchemaId(flowId, stepId) };
}

/** ES module source of a step: its bundled schema, its UI schema and its precompiled validators. */
export function stepModule(catalogue: Catalogue, flowId: string, stepId: string): string {
  const step = catalogue.flows[flowId]?.steps[stepId];
  if (!step) throw new Error(`no step "${stepId}" in flow "${flowId}"`);
  const schema = browserStepSchema(catalogue, flowId, stepId);
  return [
    `import { byId as validateFns } from ${JSON.stringify(`${VIRTUAL_PREFIX}${flowId}/${stepId}/validators`)};`,
    `export const schema = ${JSON.stringify(schema)};`,
    `export const ui = ${JSON.stringify(step.ui)};`,
    'export { validateFns };',
    '',
  ].join('\n');
}

/**
 * ES module source of a step's validators: ajv standalone code, one export per
 * schema rjsf may validate (rjsf's precompiled-validator layout).
 */
export function validatorsModule(catalogue: Catalogue, flowId: string, stepId: string): string {
  const schema = browserStepSchema(catalogue, flowId, stepId);
  // rjsf's layout: one validator per schema rjsf may validate (the step, and the branches of its if/then),
  // keyed by `$id` or rjsf's hash of the schema. A hash can start with "-", which is no export name, so every
  // validator is exported under a safe name and `byId` maps rjsf's keys to them.
  const schemas = Object.values(schemaParser(schema as never)) as { $id: string }[];
  const ajv = createAjvInstance(
    undefined,
    undefined,
    {
      code: { esm: true, lines: false, source: true, formats: _`formats` },
      allowUnionTypes: true,
      schemas,
    } as never,
    false,
    Ajv2020 as never,
    (instance: unknown) => {
      registerVocabulary(instance as never);
      return instance as never;
    },
  );
  const exportName = (id: string) => `v_${id.replace(/[^A-Za-z0-9_]/g, (c) => (c === '-' ? 'n' : '_'))}`;
  const mapping = Object.fromEntries(schemas.map((s) => [exportName(s.$id), s.$id]));
  const code = `${standaloneCode(ajv as never, mapping)}\nexport const byId = {${Object.entries(mapping)
    .map(([name, id]) => `${JSON.stringify(id)}: ${name}`)
    .join(', ')}};`;
  // ajv writes `require(...)` for its runtime helpers even in ES module output; map the known ones to imports.
  let body = code;
  const imports = [`import { formats } from ${JSON.stringify(FORMATS_MODULE)};`];
  for (const [helper, replacement] of Object.entries(RUNTIME_HELPERS)) {
    const call = `require("${helper}").default`;
    if (body.includes(call)) {
      body = body.replaceAll(call, replacement.name);
      imports.push(replacement.import);
    }
  }
  const unknown = /require\("([^"]+)"\)/.exec(body);
  if (unknown)
    throw new Error(
      `step "${stepId}" of "${flowId}" needs ajv runtime helper "${unknown[1]}"; add it to RUNTIME_HELPERS`,
    );
  return `${imports.join('\n')}\n${body}\n`;
}
