/**
 * The catalogue reads schemas written in draft-07 spellings as their JSON Schema 2020-12 counterparts, so a
 * schema pasted from elsewhere works as written (schemas/README.md, "What JSON Schema the engine speaks"):
 *
 * - `definitions` → `$defs`, and every `$ref` into them (`#/definitions/x` → `#/$defs/x`);
 * - `items: [...]` (a tuple) → `prefixItems: [...]`, and its `additionalItems` → `items`;
 * - `dependentSchemas` and `dependentRequired` → `dependencies`: the one spelling both ajv (2020-12 keeps it)
 *   and rjsf (which draws a dependency's fields, and knows no other) understand, meaning exactly the same.
 *
 * And it adds what the form needs to draw a schema as it validates (annotations only, no rule changes):
 * - a `oneOf`/`anyOf` branch's fixed property (`"kind": { "const": "company" }`) gets that value as its
 *   `default`, so choosing the branch answers it (the form hides it: translateUi.ts);
 * - a `oneOf`/`anyOf` of constants (`{ "const": "sms", "title": … }`) without a `type` gets the constants' type,
 *   so it draws as a choice rather than rjsf's "unsupported field".
 *
 * Runs on every source before the checks (checks/index.ts), so the checks, the versions, the server and the
 * browser all see one spelling. A file that mixes both spellings of one thing is a problem, named with its place.
 */
import { isObject, type JsonObject } from '../engine/core/json';
import { parsePointer, toPointer } from '../engine/core/pointer';
import type { CatalogueProblem } from '../engine/core/types';
import type { CatalogueSource } from './source';

/** Keywords whose value is a map of subschemas by name. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is one subschema. */
const SCHEMA_ONE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

type Problem = { pointer: string; message: string };

/**
 * The subschemas directly below a schema node, each with the tokens of its place (`["properties", "name"]`,
 * `["oneOf", "1"]`): every keyword that holds schemas, `dependencies`' schema values included.
 */
export function subschemasOf(node: JsonObject): { tokens: string[]; schema: unknown }[] {
  const found: { tokens: string[]; schema: unknown }[] = [];
  for (const [key, value] of Object.entries(node)) {
    if ((SCHEMA_MAPS.includes(key) || key === 'dependencies') && isObject(value)) {
      for (const [name, child] of Object.entries(value))
        if (!Array.isArray(child)) found.push({ tokens: [key, name], schema: child });
    } else if ((SCHEMA_LISTS.includes(key) || key === 'items') && Array.isArray(value))
      value.forEach((child, i) => found.push({ tokens: [key, String(i)], schema: child }));
    else if (SCHEMA_ONE.includes(key)) found.push({ tokens: [key], schema: value });
  }
  return found;
}

/** `#/definitions/x` (or `file#/a/definitions/x`) as `$defs`: the pointer's keyword places renamed. */
export function normaliseRef(ref: string): string {
  const hash = ref.indexOf('#');
  if (hash < 0) return ref;
  const tokens = parsePointer(ref.slice(hash + 1));
  // A token names a keyword unless it follows a keyword whose value is a map (then it names an entry).
  let nameNext = false;
  const renamed = tokens.map((token) => {
    if (nameNext) {
      nameNext = false;
      return token;
    }
    if (SCHEMA_MAPS.includes(token) || token === 'dependencies') nameNext = true;
    return token === 'definitions' ? '$defs' : token;
  });
  return `${ref.slice(0, hash)}#${toPointer(renamed)}`;
}

/** The JSON type all the constants share (`string`, `integer`, `number`, `boolean`), or null. */
function typeOfConstants(values: unknown[]): string | null {
  if (values.length === 0) return null;
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  if (values.every((v) => Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  return null;
}

/**
 * One schema in the engine's spelling, with the problems its spelling has.
 * @param schema - a step schema or shared definitions file (not changed)
 */
export function normaliseSchema(schema: unknown): { schema: unknown; problems: Problem[] } {
  const problems: Problem[] = [];
  const at = (pointer: string, ...tokens: string[]) => toPointer([...parsePointer(pointer), ...tokens]);
  const visit = (node: unknown, pointer: string): unknown => {
    if (!isObject(node)) return node;
    // Each subschema in its place, copying only the containers on the way (the given schema is not changed).
    const out: JsonObject = { ...node };
    for (const { tokens, schema: child } of subschemasOf(node)) {
      const [key, name] = tokens as [string, string | undefined];
      const next = visit(child, at(pointer, ...tokens));
      if (name === undefined) out[key] = next;
      else if (Array.isArray(node[key])) {
        if (out[key] === node[key]) out[key] = [...(node[key] as unknown[])];
        (out[key] as unknown[])[Number(name)] = next;
      } else {
        if (out[key] === node[key]) out[key] = { ...(node[key] as JsonObject) };
        (out[key] as JsonObject)[name] = next;
      }
    }
    if (typeof out.$ref === 'string') out.$ref = normaliseRef(out.$ref);
    // definitions → $defs
    if (isObject(out.definitions)) {
      const defs: JsonObject = isObject(out.$defs) ? { ...out.$defs } : {};
      for (const [name, child] of Object.entries(out.definitions)) {
        if (name in defs)
          problems.push({
            pointer: at(pointer, 'definitions', name),
            message: `"${name}" is in both "$defs" and "definitions"; keep one (write "$defs", JSON Schema 2020-12)`,
          });
        else defs[name] = child;
      }
      delete out.definitions;
      out.$defs = defs;
    }
    // A tuple: items [...] → prefixItems, additionalItems → items
    if (Array.isArray(out.items)) {
      if ('prefixItems' in out)
        problems.push({
          pointer: at(pointer, 'items'),
          message:
            'a list of "items" beside "prefixItems": write the positions once, as "prefixItems" (JSON Schema 2020-12)',
        });
      else {
        out.prefixItems = out.items;
        delete out.items;
        if ('additionalItems' in out) {
          out.items = out.additionalItems;
          delete out.additionalItems;
        }
      }
    } else if ('additionalItems' in out)
      problems.push({
        pointer: at(pointer, 'additionalItems'),
        message:
          '"additionalItems" means something only after a list of "items"; write the positions as "prefixItems" and the rest as "items"',
      });
    // dependentSchemas / dependentRequired → dependencies
    for (const keyword of ['dependentSchemas', 'dependentRequired'] as const) {
      if (!isObject(out[keyword])) continue;
      const dependencies: JsonObject = isObject(out.dependencies) ? { ...out.dependencies } : {};
      for (const [name, child] of Object.entries(out[keyword])) {
        if (name in dependencies)
          problems.push({
            pointer: at(pointer, keyword, name),
            message: `"${name}" has a dependency twice ("${keyword}" and another); write it once`,
          });
        else dependencies[name] = child;
      }
      delete out[keyword];
      out.dependencies = dependencies;
    }
    // What the form needs to draw a choice between branches.
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branches = out[keyword];
      if (!Array.isArray(branches)) continue;
      out[keyword] = branches.map((branch) => {
        if (!isObject(branch) || !isObject(branch.properties)) return branch;
        const properties = Object.fromEntries(
          Object.entries(branch.properties).map(([name, property]) =>
            isObject(property) && 'const' in property && !('default' in property)
              ? [name, { ...property, default: property.const }]
              : [name, property],
          ),
        );
        return { ...branch, properties };
      });
      const constants = branches.map((b) => (isObject(b) && 'const' in b ? b.const : undefined));
      if (!('type' in out) && constants.every((c) => c !== undefined)) {
        const type = typeOfConstants(constants);
        if (type) out.type = type;
      }
    }
    return out;
  };
  return { schema: visit(schema, ''), problems };
}

/** Is this file of the catalogue a schema (a step's, or shared definitions)? */
const isSchemaFile = (file: string) =>
  file.startsWith('_defs/') || /\/steps\/[^/]+\.schema\.json$/.test(file);

/**
 * The source with every schema file in the engine's spelling, and what could not be put in it.
 * @returns - a new source (the given one is not changed)
 */
export function normaliseSource(source: CatalogueSource): {
  source: CatalogueSource;
  problems: CatalogueProblem[];
} {
  const problems: CatalogueProblem[] = [];
  const files: Record<string, unknown> = {};
  for (const [file, content] of Object.entries(source.files)) {
    if (!isSchemaFile(file)) {
      files[file] = content;
      continue;
    }
    const normalised = normaliseSchema(content);
    files[file] = normalised.schema;
    for (const p of normalised.problems) problems.push({ file, ...p, check: 'spellings' });
  }
  return { source: { ...source, files }, problems };
}
