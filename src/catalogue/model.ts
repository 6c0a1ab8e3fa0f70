/**
 * The catalogue as the checks see it: shared definitions and meta-schemas, the flow files, and for each flow
 * whose file follows the flow meta-schema its steps with their schema and UI files. Building the model
 * reports nothing; the named checks (./checks) say what is wrong with it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { isObject, type JsonObject } from '../engine/core/json';
import { getAt, parsePointer, toPointer } from '../engine/core/pointer';
import { declaredProperties } from '../engine/core/schemaWalk';
import { registerVocabulary } from '../engine/core/vocabulary';
import type { FlowDefinition, StepDefinition } from '../engine/core/types';
import type { CatalogueSource } from './source';

/** The base URI of catalogue files: a file's `$id` is this plus its path, so relative `$ref`s are file paths. */
export const CATALOGUE_BASE = 'https://catalogue.merchant-back-office.invalid/';

export type JsonSchema = JsonObject;

export const FLOW_META = '_meta/flow.schema.json';
export const UI_META = '_meta/ui.schema.json';

/** Languages every text must exist in. */
export const REQUIRED_LANGUAGES = ['en', 'ar'] as const;

/**
 * Creates the ajv instance the catalogue validates with (server, CLI, compiler; the browser runs precompiled code).
 * @param options - `regExp`: the engine patterns run on (the server's runtime gives the bounded one)
 */
export function createCatalogueAjv(options: { regExp?: RegExpEngine } = {}) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    verbose: true,
    ...(options.regExp ? { code: { regExp: options.regExp } } : {}),
  });
  registerVocabulary(ajv);
  return ajv;
}

export type CatalogueAjv = ReturnType<typeof createCatalogueAjv>;

/**
 * Is the schema a valid JSON Schema? ajv throws (rather than answers) for a `$schema` it does not know:
 * that is a problem of the file too, said as one.
 * @returns - the problems, each with its pointer (none: valid)
 */
export function schemaProblems(
  ajv: CatalogueAjv,
  schema: JsonSchema,
): { pointer: string; message: string }[] {
  try {
    if (ajv.validateSchema(schema)) return [];
    return (ajv.errors ?? []).map((e) => ({
      pointer: e.instancePath,
      message: `not a valid JSON Schema: ${e.message ?? e.keyword}`,
    }));
  } catch (error) {
    return [{ pointer: '/$schema', message: `not a valid JSON Schema: ${(error as Error).message}` }];
  }
}

export interface ModelStep {
  /** Its place in the flow's `steps`. */
  index: number;
  definition: StepDefinition;
  schemaFile: string;
  uiFile: string;
  /** The step schema with its `$id` (undefined when the file is missing or not an object). */
  schema?: JsonSchema;
  ui?: JsonSchema;
}

export interface ModelFlow {
  /** The flow's folder, which is its id when the file is right. */
  folder: string;
  file: string;
  definition: FlowDefinition;
  steps: ModelStep[];
}

export interface FlowFile {
  folder: string;
  file: string;
  content: unknown;
  /** It follows the flow meta-schema, so the checks may read it as a flow. */
  valid: boolean;
}

export interface CatalogueModel {
  source: CatalogueSource;
  /** Shared definitions (`_defs/`) and meta-schemas (`_meta/`) that are objects, with their `$id`. */
  shared: Record<string, JsonSchema>;
  flowFiles: FlowFile[];
  /** The flows whose file follows the meta-schema. */
  flows: ModelFlow[];
  /** An ajv instance holding every shared definition that is a valid JSON Schema. */
  ajv: CatalogueAjv;
  validateFlowFile?: ValidateFunction;
  validateUiFile?: ValidateFunction;
}

const FLOW_FILE = /^([^/_][^/]*)\/flow\.json$/;

/** Builds the model of a catalogue (see the module comment). */
export function buildModel(source: CatalogueSource): CatalogueModel {
  const shared: Record<string, JsonSchema> = {};
  for (const [file, content] of Object.entries(source.files)) {
    if (!/^_(defs|meta)\//.test(file) || !isObject(content)) continue;
    shared[file] = { ...content, $id: CATALOGUE_BASE + file };
  }
  const ajv = createCatalogueAjv();
  for (const schema of Object.values(shared)) {
    if (schemaProblems(ajv, schema).length > 0) continue;
    try {
      ajv.addSchema(schema);
    } catch {
      // The meta-schemas check reports it.
    }
  }
  const compile = (file: string) => {
    const schema = shared[file];
    if (!schema) return undefined;
    try {
      return ajv.getSchema(String(schema.$id));
    } catch {
      return undefined;
    }
  };
  const validateFlowFile = compile(FLOW_META);
  const validateUiFile = compile(UI_META);

  const flowFiles: FlowFile[] = [];
  const flows: ModelFlow[] = [];
  for (const [file, content] of Object.entries(source.files)) {
    const folder = FLOW_FILE.exec(file)?.[1];
    if (!folder) continue;
    const valid = validateFlowFile !== undefined && validateFlowFile(content) === true;
    flowFiles.push({ folder, file, content, valid });
    if (!valid) continue;
    const definition = content as FlowDefinition;
    flows.push({
      folder,
      file,
      definition,
      steps: definition.steps.map((step, index) => {
        const schemaFile = `${folder}/steps/${step.id}.schema.json`;
        const uiFile = `${folder}/steps/${step.id}.ui.json`;
        const schema = source.files[schemaFile];
        const ui = source.files[uiFile];
        return {
          index,
          definition: step,
          schemaFile,
          uiFile,
          schema: isObject(schema) ? { ...schema, $id: CATALOGUE_BASE + schemaFile } : undefined,
          ui: isObject(ui) ? ui : undefined,
        };
      }),
    });
  }
  return { source, shared, flowFiles, flows, ajv, validateFlowFile, validateUiFile };
}

/** Every schema file the model holds, once each: the shared definitions (`_defs/`), then each step schema. */
export function schemaFiles(model: Pick<CatalogueModel, 'shared' | 'flows'>): Map<string, JsonSchema> {
  const files = new Map<string, JsonSchema>(
    Object.entries(model.shared).filter(([file]) => file.startsWith('_defs/')),
  );
  for (const flow of model.flows)
    for (const step of flow.steps) if (step.schema) files.set(step.schemaFile, step.schema);
  return files;
}

/** Resolves a `$ref` against the file it is in: the target file and the pointer inside it. */
export function resolveRef(fromFile: string, ref: string): { file: string; pointer: string } {
  const url = new URL(ref, CATALOGUE_BASE + fromFile);
  const file = url.href.startsWith(CATALOGUE_BASE)
    ? url.href.slice(CATALOGUE_BASE.length).split('#')[0]!
    : url.href;
  return { file, pointer: decodeURIComponent(url.hash.replace(/^#/, '')) };
}

/** Visits every object node of a JSON document with its pointer. */
export function walkJson(
  node: unknown,
  visit: (value: JsonObject, pointer: string) => void,
  pointer = '',
): void {
  if (Array.isArray(node)) node.forEach((item, i) => walkJson(item, visit, `${pointer}/${i}`));
  else if (isObject(node)) {
    visit(node, pointer);
    for (const [key, value] of Object.entries(node))
      walkJson(value, visit, toPointer([...parsePointer(pointer), key]));
  }
}

/** The `$ref`s of a document that do not resolve, with where they are and why. */
export function brokenRefs(
  model: Pick<CatalogueModel, 'shared' | 'source'>,
  file: string,
  document: unknown,
): { pointer: string; message: string }[] {
  const broken: { pointer: string; message: string }[] = [];
  walkJson(document, (node, pointer) => {
    if (typeof node.$ref !== 'string') return;
    const target = resolveRef(file, node.$ref);
    const targetDocument =
      target.file === file ? document : (model.shared[target.file] ?? model.source.files[target.file]);
    if (targetDocument === undefined)
      broken.push({ pointer: `${pointer}/$ref`, message: `$ref "${node.$ref}": no file ${target.file}` });
    else if (getAt(targetDocument, target.pointer) === undefined)
      broken.push({
        pointer: `${pointer}/$ref`,
        message: `$ref "${node.$ref}": nothing at ${target.pointer} in ${target.file}`,
      });
  });
  return broken;
}

/** The data paths a step schema declares: nested `properties`, down to leaves (a $ref, an array, a scalar). */
export function schemaLeaves(schema: JsonSchema, prefix: string[] = []): string[] {
  // A field declared only in a branch of an `if` (a conditional field) is a field too, once.
  const properties = declaredProperties(schema);
  if (Object.keys(properties).length === 0) return prefix.length > 0 ? [toPointer(prefix)] : [];
  return Object.entries(properties).flatMap(([name, child]) =>
    isObject(child) && isObject(child.properties) && child.type === 'object' && !('$ref' in child)
      ? schemaLeaves(child, [...prefix, name])
      : [toPointer([...prefix, name])],
  );
}

/** Looks up a nested text by its dotted path. */
export function lookupText(texts: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), texts);
}
