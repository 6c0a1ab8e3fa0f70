/**
 * Loads and checks a catalogue: the flow files, step schemas, UI schemas,
 * shared definitions and the translations they use. Every problem is
 * collected with its file and JSON pointer and reported at once
 * (us-forms-system's checkValidSchema habit); nothing unknown counts as fine.
 *
 * Input is plain data (parsed files keyed by path), so this runs in Node, in
 * tests and in a build step alike; reading the disk is the caller's job.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { buildMatrix } from './matrix';
import { getAt, isWithin, parsePointer, toPointer } from './pointer';
import { registerVocabulary } from './vocabulary';
import type { CatalogueProblem, Condition, FlowDefinition, StepDefinition } from './types';

/** The base URI of catalogue files: a file's `$id` is this plus its path, so relative `$ref`s are file paths. */
export const CATALOGUE_BASE = 'https://catalogue.merchant-back-office.invalid/';

export type JsonSchema = Record<string, unknown>;

export interface CatalogueSource {
  /** Parsed JSON files keyed by their path below schemas/ ("onboarding/flow.json"). */
  files: Record<string, unknown>;
  /** Translations: language → namespace → nested texts. */
  locales: Record<string, Record<string, unknown>>;
  /** Names of the registered widgets. */
  widgets: readonly string[];
}

export interface LoadedStep {
  definition: StepDefinition;
  schema: JsonSchema;
  ui: JsonSchema;
  schemaFile: string;
  uiFile: string;
}

export interface LoadedFlow {
  definition: FlowDefinition;
  file: string;
  steps: Record<string, LoadedStep>;
}

export interface Catalogue {
  flows: Record<string, LoadedFlow>;
  /** Shared definitions and meta-schemas by path. */
  shared: Record<string, JsonSchema>;
}

export interface CheckResult {
  catalogue: Catalogue;
  problems: CatalogueProblem[];
}

/** Languages every text must exist in. */
export const REQUIRED_LANGUAGES = ['en', 'ar'] as const;

const TEXT_KEY = /^[a-z][a-zA-Z0-9-]*:[a-zA-Z0-9_.-]+$/;

/** Validation keywords that can fail and so need a message. */
const MESSAGE_KEYWORDS = new Set([
  'required',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'type',
  'not',
  'contains',
  'x-sum',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Creates the ajv instance the catalogue validates with (server and CLI; the browser ships precompiled code). */
export function createCatalogueAjv() {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    verbose: true,
  });
  registerVocabulary(ajv);
  return ajv;
}

/** Looks up a nested text by its dotted path. */
function lookupText(texts: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), texts);
}

/** Resolves `$ref` against the file it is in: the target file and the pointer inside it. */
function resolveRef(fromFile: string, ref: string): { file: string; pointer: string } {
  const url = new URL(ref, CATALOGUE_BASE + fromFile);
  const file = url.href.startsWith(CATALOGUE_BASE)
    ? url.href.slice(CATALOGUE_BASE.length).split('#')[0]!
    : url.href;
  return { file, pointer: decodeURIComponent(url.hash.replace(/^#/, '')) };
}

/** Visits every object node of a JSON document with its pointer. */
function walk(node: unknown, visit: (value: Record<string, unknown>, pointer: string) => void, pointer = '') {
  if (Array.isArray(node)) node.forEach((item, i) => walk(item, visit, `${pointer}/${i}`));
  else if (isObject(node)) {
    visit(node, pointer);
    for (const [key, value] of Object.entries(node))
      walk(value, visit, toPointer([...parsePointer(pointer), key]));
  }
}

/** The data paths a step schema declares: nested `properties`, down to leaves (a $ref, an array, a scalar). */
function schemaLeaves(schema: JsonSchema, prefix: string[] = []): string[] {
  const properties = schema.properties;
  if (!isObject(properties)) return prefix.length > 0 ? [toPointer(prefix)] : [];
  return Object.entries(properties).flatMap(([name, child]) =>
    isObject(child) && isObject(child.properties) && child.type === 'object' && !('$ref' in child)
      ? schemaLeaves(child, [...prefix, name])
      : [toPointer([...prefix, name])],
  );
}

/**
 * Loads and checks a whole catalogue.
 * @param source - the parsed files, the translations and the widget names
 * @returns - the catalogue and every problem found (empty when it is sound)
 */
export function checkCatalogue(source: CatalogueSource): CheckResult {
  const problems: CatalogueProblem[] = [];
  const problem = (file: string, pointer: string, message: string) =>
    problems.push({ file, pointer: pointer || '/', message });
  const files = source.files;
  const ajv = createCatalogueAjv();

  // --- shared definitions and meta-schemas ------------------------------------------------------------
  const shared: Record<string, JsonSchema> = {};
  for (const [file, content] of Object.entries(files)) {
    if (!file.startsWith('_defs/') && !file.startsWith('_meta/')) continue;
    if (!isObject(content)) {
      problem(file, '', 'must be a JSON object');
      continue;
    }
    const id = CATALOGUE_BASE + file;
    if (content.$id !== undefined && content.$id !== id)
      problem(file, '/$id', `must be "${id}" (or left out)`);
    shared[file] = { ...content, $id: id };
  }
  const flowMeta = shared['_meta/flow.schema.json'];
  const uiMeta = shared['_meta/ui.schema.json'];
  if (!flowMeta) problem('_meta/flow.schema.json', '', 'is missing');
  if (!uiMeta) problem('_meta/ui.schema.json', '', 'is missing');
  for (const [file, schema] of Object.entries(shared)) {
    if (!ajv.validateSchema(schema)) {
      for (const e of ajv.errors ?? [])
        problem(file, e.instancePath, `not a valid JSON Schema: ${e.message ?? e.keyword}`);
      continue;
    }
    try {
      ajv.addSchema(schema);
    } catch (error) {
      problem(file, '', (error as Error).message);
    }
  }
  const validateFlowFile = flowMeta
    ? safeCompile(ajv, flowMeta, '_meta/flow.schema.json', problem)
    : undefined;
  const validateUiFile = uiMeta ? safeCompile(ajv, uiMeta, '_meta/ui.schema.json', problem) : undefined;

  // --- translations -----------------------------------------------------------------------------------
  const checkText = (file: string, pointer: string, key: unknown) => {
    if (typeof key !== 'string' || !TEXT_KEY.test(key)) {
      problem(file, pointer, `must be a translation key "namespace:path", got ${JSON.stringify(key)}`);
      return;
    }
    const [namespace, path] = key.split(/:(.*)/s) as [string, string];
    for (const language of REQUIRED_LANGUAGES) {
      const text = lookupText(source.locales[language]?.[namespace], path);
      if (typeof text !== 'string' || text.trim() === '') {
        problem(file, pointer, `translation "${key}" is missing in locales/${language}/${namespace}.json`);
      }
    }
  };

  // --- $refs: every one must resolve to a file and a place in it -------------------------------------------
  const checkRefs = (file: string, document: unknown) => {
    walk(document, (node, pointer) => {
      if (typeof node.$ref !== 'string') return;
      if (node.$ref.startsWith('#/conditions/')) return; // flow conditions: checked with the flow
      const target = resolveRef(file, node.$ref);
      const targetDocument = target.file === file ? document : (shared[target.file] ?? files[target.file]);
      if (targetDocument === undefined)
        problem(file, `${pointer}/$ref`, `$ref "${node.$ref}": no file ${target.file}`);
      else if (getAt(targetDocument, target.pointer) === undefined) {
        problem(
          file,
          `${pointer}/$ref`,
          `$ref "${node.$ref}": nothing at ${target.pointer} in ${target.file}`,
        );
      }
    });
  };
  for (const [file, schema] of Object.entries(shared)) checkRefs(file, schema);

  // --- flows ---------------------------------------------------------------------------------------------
  const flows: Record<string, LoadedFlow> = {};
  const usedStepFiles = new Set<string>();
  const brokenFlowFolders = new Set<string>();
  const formatsUsed = new Set<string>();
  const keywordsUsed = new Set<string>();

  for (const [file, content] of Object.entries(files)) {
    const match = /^([^/_][^/]*)\/flow\.json$/.exec(file);
    if (!match) continue;
    const folder = match[1] as string;
    if (validateFlowFile && !validateFlowFile(content)) {
      for (const e of validateFlowFile.errors ?? []) {
        const where =
          e.keyword === 'additionalProperties'
            ? `${e.instancePath}/${String(e.params.additionalProperty)}`
            : e.instancePath;
        const message =
          e.keyword === 'additionalProperties'
            ? `unknown key "${String(e.params.additionalProperty)}"`
            : e.keyword === 'required'
              ? `"${String(e.params.missingProperty)}" is required`
              : e.keyword === 'enum'
                ? `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
                : (e.message ?? e.keyword);
        problem(file, where, message);
      }
      brokenFlowFolders.add(folder);
      continue; // the rest assumes the file's shape
    }
    const flow = content as FlowDefinition;
    if (flow.flow !== folder) problem(file, '/flow', `must equal its folder name "${folder}"`);
    checkText(file, '/title', flow.title);

    const loaded: LoadedFlow = { definition: flow, file, steps: {} };
    flows[flow.flow] = loaded;

    // Conditions: known names, known context fields, values inside the domains.
    const conditionNames = new Set(Object.keys(flow.conditions ?? {}));
    const checkCondition = (condition: Condition, pointer: string) => {
      walk(condition, (node, at) => {
        if (typeof node.$ref === 'string') {
          const name = node.$ref.replace(/^#\/conditions\//, '');
          if (!conditionNames.has(name))
            problem(file, `${pointer}${at}/$ref`, `no condition named "${name}"`);
        }
        if (isObject(node.properties) && !('pointer' in node)) {
          for (const [field, valueCondition] of Object.entries(node.properties)) {
            const contextField = flow.context[field];
            const fieldPointer = `${pointer}${at}/properties/${field}`;
            if (!contextField) {
              problem(
                file,
                fieldPointer,
                `"${field}" is not a context field (known: ${Object.keys(flow.context).join(', ')})`,
              );
              continue;
            }
            walk(valueCondition, (value, vat) => {
              const values = [
                ...('const' in value ? [value.const] : []),
                ...(Array.isArray(value.enum) ? value.enum : []),
              ];
              for (const v of values) {
                if (!contextField.domain.includes(v as never)) {
                  problem(
                    file,
                    `${fieldPointer}${vat}`,
                    `${JSON.stringify(v)} is not in the domain of "${field}"`,
                  );
                }
              }
            });
          }
        }
        if (Array.isArray(node.required)) {
          node.required.forEach((field, i) => {
            if (typeof field === 'string' && !flow.context[field])
              problem(file, `${pointer}${at}/required/${i}`, `"${field}" is not a context field`);
          });
        }
      });
    };
    for (const [name, condition] of Object.entries(flow.conditions ?? {}))
      checkCondition(condition, `/conditions/${name}`);

    // Steps: unique ids, their files, ownership, texts.
    const seen = new Map<string, number>();
    flow.steps.forEach((step, index) => {
      const at = `/steps/${index}`;
      if (seen.has(step.id))
        problem(file, `${at}/id`, `step id "${step.id}" is used twice (also /steps/${seen.get(step.id)})`);
      seen.set(step.id, index);
      checkText(file, `${at}/title`, step.title);
      if (step.when) checkCondition(step.when, `${at}/when`);

      const schemaFile = `${folder}/steps/${step.id}.schema.json`;
      const uiFile = `${folder}/steps/${step.id}.ui.json`;
      usedStepFiles.add(schemaFile).add(uiFile);
      const schema = files[schemaFile];
      const ui = files[uiFile];
      if (!isObject(schema))
        problem(
          schemaFile,
          '',
          schema === undefined ? `is missing (step "${step.id}" of ${file})` : 'must be a JSON object',
        );
      if (!isObject(ui))
        problem(
          uiFile,
          '',
          ui === undefined ? `is missing (step "${step.id}" of ${file})` : 'must be a JSON object',
        );
      if (!isObject(schema) || !isObject(ui)) return;

      const stepSchema = { ...schema, $id: CATALOGUE_BASE + schemaFile };
      if (schema.$id !== undefined && schema.$id !== stepSchema.$id)
        problem(schemaFile, '/$id', `must be "${stepSchema.$id}" (or left out)`);
      if (schema.$schema !== 'https://json-schema.org/draft/2020-12/schema') {
        problem(schemaFile, '/$schema', 'must be "https://json-schema.org/draft/2020-12/schema"');
      }
      checkStepSchema(stepSchema, schemaFile);
      checkUi(ui, stepSchema, uiFile);
      loaded.steps[step.id] = { definition: step, schema: stepSchema, ui, schemaFile, uiFile };

      // Ownership: every owned pointer is in the schema, every field of the schema is owned.
      const leaves = schemaLeaves(stepSchema);
      step.owns.forEach((owned, i) => {
        if (!leaves.some((leaf) => isWithin(owned, leaf) || isWithin(leaf, owned))) {
          problem(file, `${at}/owns/${i}`, `"${owned}" is not a field of ${schemaFile}`);
        }
      });
      for (const leaf of leaves) {
        if (!step.owns.some((owned) => isWithin(leaf, owned) || isWithin(owned, leaf))) {
          problem(
            schemaFile,
            toPointer([
              'properties',
              ...parsePointer(leaf).flatMap((t, i) => (i === 0 ? [t] : ['properties', t])),
            ]),
            `field "${leaf}" is not in the step's "owns" in ${file}`,
          );
        }
      }
    });

    // Context: each field can be answered by some step.
    const owned = flow.steps.flatMap((s) => s.owns);
    for (const [name, field] of Object.entries(flow.context)) {
      if (!owned.some((o) => isWithin(field.pointer, o))) {
        problem(
          file,
          `/context/${name}/pointer`,
          `no step owns "${field.pointer}", so "${name}" can never be answered`,
        );
      }
    }

    // Rules and resets name fields some step asks for; their conditions and questions are sound.
    const ownedSomewhere = (pointer: string) =>
      owned.some((o) => isWithin(pointer, o) || isWithin(o, pointer));
    (flow.rules ?? []).forEach((rule, i) => {
      checkCondition(rule.when, `/rules/${i}/when`);
      for (const pointer of Object.keys(rule.set ?? {}))
        if (!ownedSomewhere(pointer))
          problem(file, `/rules/${i}/set`, `no step owns "${pointer}", so the rule sets a field nobody sees`);
      (rule.clear ?? []).forEach((pointer, j) => {
        if (!ownedSomewhere(pointer)) problem(file, `/rules/${i}/clear/${j}`, `no step owns "${pointer}"`);
      });
    });
    (flow.resets ?? []).forEach((reset, i) => {
      if (!ownedSomewhere(reset.on)) problem(file, `/resets/${i}/on`, `no step owns "${reset.on}"`);
      reset.clear.forEach((pointer, j) => {
        if (!ownedSomewhere(pointer)) problem(file, `/resets/${i}/clear/${j}`, `no step owns "${pointer}"`);
      });
      if (reset.confirm) checkText(file, `/resets/${i}/confirm`, reset.confirm);
    });

    // The matrix: every step reachable, every path ends where the flow allows.
    if (problems.some((p) => p.file === file)) continue; // conditions must be sound first
    let rows;
    try {
      rows = buildMatrix(flow);
    } catch (error) {
      problem(file, '', `conditions cannot be evaluated: ${(error as Error).message}`);
      continue;
    }
    flow.steps.forEach((step, index) => {
      if (!rows.some((row) => row.steps.includes(step.id))) {
        problem(
          file,
          `/steps/${index}`,
          `step "${step.id}" is not active for any context of the matrix (unreachable)`,
        );
      }
    });
    const byId = new Map(flow.steps.map((s) => [s.id, s]));
    const badEnds = rows.filter((row) => {
      const last = byId.get(row.steps[row.steps.length - 1] ?? '');
      if (last?.end) return false;
      // A path may stop short only while a context field that an active step asks for is still unanswered.
      const activeOwns = row.steps.flatMap((id) => byId.get(id)?.owns ?? []);
      return !Object.entries(flow.context).some(
        ([name, field]) => row.context[name] === null && activeOwns.some((o) => isWithin(field.pointer, o)),
      );
    });
    for (const row of badEnds.slice(0, 5)) {
      problem(
        file,
        '/steps',
        `the path for ${JSON.stringify(row.context)} ends at "${row.steps.at(-1) ?? '(no step)'}", which has no "end"`,
      );
    }
    if (badEnds.length > 5)
      problem(file, '/steps', `… and ${badEnds.length - 5} more paths end at a step without "end"`);
  }

  // Step files that no flow uses are probably a renamed or removed step.
  for (const file of Object.keys(files)) {
    const folder = file.split('/')[0] ?? '';
    if (
      /^[^_][^/]*\/steps\/[^/]+\.(schema|ui)\.json$/.test(file) &&
      !usedStepFiles.has(file) &&
      !brokenFlowFolders.has(folder)
    ) {
      problem(file, '', 'is not used by any step of its flow');
    }
  }

  // Every keyword and format a step uses has a default message.
  for (const keyword of keywordsUsed) {
    if (MESSAGE_KEYWORDS.has(keyword) && keyword !== 'format')
      checkText('locales', `/validation/error/${keyword}`, `validation:error.${keyword}`);
  }
  for (const format of formatsUsed)
    checkText('locales', `/validation/error/format/${format}`, `validation:error.format.${format}`);

  return { catalogue: { flows, shared }, problems };

  function checkStepSchema(schema: JsonSchema, file: string) {
    if (!ajv.validateSchema(schema)) {
      for (const e of ajv.errors ?? [])
        problem(file, e.instancePath, `not a valid JSON Schema: ${e.message ?? e.keyword}`);
      return;
    }
    const before = problems.length;
    checkRefs(file, schema);
    const refsBroken = problems.length > before;
    walk(schema, (node, pointer) => {
      for (const key of ['title', 'description'] as const) {
        if (typeof node[key] === 'string' && !pointer.includes('/x-'))
          checkText(file, `${pointer}/${key}`, node[key]);
      }
      if (isObject(node['x-messages'])) {
        for (const [keyword, key] of Object.entries(node['x-messages']))
          checkText(file, `${pointer}/x-messages/${keyword}`, key);
      }
      for (const keyword of Object.keys(node)) if (MESSAGE_KEYWORDS.has(keyword)) keywordsUsed.add(keyword);
      if (typeof node.format === 'string') formatsUsed.add(node.format);
      if (Array.isArray(node.required) && node.required.length > 0) keywordsUsed.add('required');
    });
    if (refsBroken) return; // ajv would only repeat the broken $ref, without its place
    try {
      ajv.compile(schema);
    } catch (error) {
      problem(file, '', (error as Error).message);
    }
  }

  function checkUi(ui: JsonSchema, schema: JsonSchema, file: string) {
    if (validateUiFile && !validateUiFile(ui)) {
      for (const e of validateUiFile.errors ?? []) problem(file, e.instancePath, e.message ?? e.keyword);
      return;
    }
    const schemaFile = file.replace('.ui.json', '.schema.json');
    // A schema node with the file it is in, following `$ref`s (a shared definition may refer to another).
    const resolve = (node: unknown, from: string, depth = 0): { node: unknown; from: string } => {
      if (!isObject(node) || typeof node.$ref !== 'string' || depth > 10) return { node, from };
      const target = resolveRef(from, node.$ref);
      return resolve(
        getAt(shared[target.file] ?? files[target.file], target.pointer),
        target.file,
        depth + 1,
      );
    };
    const visit = (node: Record<string, unknown>, fieldSchema: unknown, from: string, pointer: string) => {
      for (const [key, value] of Object.entries(node)) {
        const at = toPointer([...parsePointer(pointer), key]);
        if (key === 'ui:widget') {
          if (typeof value === 'string' && !source.widgets.includes(value)) {
            problem(
              file,
              at,
              `widget "${value}" is not registered (registered: ${source.widgets.join(', ')})`,
            );
          }
        } else if (['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'].includes(key)) {
          checkText(file, at, value);
        } else if ((key === 'ui:enumNames' || key === 'ui:enumDescriptions') && Array.isArray(value)) {
          value.forEach((v, i) => checkText(file, `${at}/${i}`, v));
          // rjsf reads a list's option labels from its items' UI schema; here they would be ignored.
          if (isObject(fieldSchema) && fieldSchema.type === 'array')
            problem(file, at, `"${key}" of a list belongs under "items" (rjsf ignores it here)`);
        } else if (key === 'ui:order' || key.startsWith('ui:')) {
          // Other rjsf options carry no text.
        } else if (key === 'items') {
          const items = resolve(isObject(fieldSchema) ? fieldSchema.items : undefined, from);
          if (isObject(value)) visit(value, items.node, items.from, at);
        } else {
          const properties = isObject(fieldSchema) ? fieldSchema.properties : undefined;
          const child = isObject(properties) ? properties[key] : undefined;
          if (child === undefined) problem(file, at, `"${key}" is not a field of the step's schema`);
          else if (isObject(value)) {
            const resolved = resolve(child, from);
            visit(value, resolved.node ?? child, resolved.from, at);
          }
        }
      }
    };
    visit(ui, schema, schemaFile, '');
  }
}

function safeCompile(
  ajv: ReturnType<typeof createCatalogueAjv>,
  schema: JsonSchema,
  file: string,
  problem: (file: string, pointer: string, message: string) => void,
) {
  try {
    return ajv.getSchema(String(schema.$id)) ?? ajv.compile(schema);
  } catch (error) {
    problem(file, '', (error as Error).message);
    return undefined;
  }
}

/**
 * Validators for every step of a flow, compiled with ajv (server, CLI, tests).
 * The browser uses the same schemas through precompiled code instead.
 */
export function createStepValidators(catalogue: Catalogue, flowId: string) {
  const flow = catalogue.flows[flowId];
  if (!flow) throw new Error(`no flow "${flowId}"`);
  const ajv = createCatalogueAjv();
  for (const schema of Object.values(catalogue.shared))
    if (!String(schema.$id).includes('/_meta/')) ajv.addSchema(schema);
  const validators: Record<
    string,
    (data: Record<string, unknown>) => { valid: boolean; errors: ErrorObject[] }
  > = {};
  for (const [id, step] of Object.entries(flow.steps)) {
    const validate = ajv.compile(step.schema);
    validators[id] = (data) => {
      const valid = validate(data);
      return { valid, errors: valid ? [] : [...(validate.errors ?? [])] };
    };
  }
  return validators;
}

/** Resolves a `$ref` found in a file of the catalogue. */
export function refResolver(catalogue: Catalogue, fromFile: string) {
  return (ref: string): JsonSchema | undefined => {
    const target = resolveRef(fromFile, ref);
    const document =
      catalogue.shared[target.file] ??
      Object.values(catalogue.flows)
        .flatMap((f) => Object.values(f.steps))
        .find((s) => s.schemaFile === target.file)?.schema;
    const node = getAt(document, target.pointer);
    return isObject(node) ? node : undefined;
  };
}

/**
 * A step schema made self-contained for the browser (rjsf resolves only local
 * `$ref`s): every external definition it uses is copied into its `$defs`
 * under a name made from the file and the pointer, and the `$ref` is rewritten.
 * @returns - a new schema; the catalogue is not changed
 */
export function bundleStepSchema(catalogue: Catalogue, flowId: string, stepId: string): JsonSchema {
  const step = catalogue.flows[flowId]?.steps[stepId];
  if (!step) throw new Error(`no step "${stepId}" in flow "${flowId}"`);
  const defs: Record<string, unknown> = {};
  const localName = (file: string, pointer: string) =>
    `${file.replace(/^_defs\//, '').replace(/\.schema\.json$/, '')}${pointer.replace(/^\/\$defs/, '').replaceAll('/', '.')}`.replace(
      /[^A-Za-z0-9_.-]/g,
      '_',
    );

  const rewrite = (node: unknown, fromFile: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, fromFile));
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // A reference out of the step's file — and any reference inside a shared file, whose `#/$defs/…` means
      // that file's definitions, not the step's — becomes a definition of the bundled schema.
      if (
        key === '$ref' &&
        typeof value === 'string' &&
        (!value.startsWith('#') || fromFile !== step.schemaFile)
      ) {
        const target = resolveRef(fromFile, value);
        const name = localName(target.file, target.pointer);
        if (!(name in defs)) {
          defs[name] = {}; // reserve first: definitions may refer to each other
          defs[name] = rewrite(getAt(catalogue.shared[target.file], target.pointer), target.file);
        }
        out.$ref = `#/$defs/${name}`;
      } else out[key] = rewrite(value, fromFile);
    }
    return out;
  };

  const { $id: _id, ...body } = rewrite(step.schema, step.schemaFile) as JsonSchema;
  const ownDefs = isObject(body.$defs) ? body.$defs : {};
  return {
    ...body,
    $id: `${flowId}/${stepId}`,
    ...(Object.keys(defs).length + Object.keys(ownDefs).length > 0 ? { $defs: { ...ownDefs, ...defs } } : {}),
  };
}
