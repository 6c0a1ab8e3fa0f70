/**
 * What JSON Schema the engine speaks (schemas/README.md, "What JSON Schema the engine speaks"): a schema using
 * something the engine cannot keep is refused here, up front, each keyword with what to write instead — never
 * drawn and then dropped. Three rules:
 *
 * - **keywords**: the few the form cannot draw and keep (`unevaluatedProperties`, `$dynamicRef`, OpenAPI's
 *   `nullable` …) are refused with their replacement; draft-07's spellings never get here (normalise.ts);
 * - **branches**: a `oneOf` branch that declares fields says which branch it is by a property with a fixed value
 *   (composition.ts), and no two branches say the same — else the answers of one could not be told from another's;
 * - **self-reference**: a schema whose `$ref`s lead back to themselves (a tree of categories) has no end to
 *   draw or walk: refused, with the way to write it.
 */
import { selectorOf } from '../../engine/core/composition';
import { formats } from '../../engine/core/formats';
import { isObject, type JsonObject } from '../../engine/core/json';
import { getAt, parsePointer, toPointer } from '../../engine/core/pointer';
import { resolveRef, schemaFiles, type CatalogueModel } from '../model';
import { subschemasOf } from '../normalise';
import { finding, type Check, type Finding } from './check';

/** Keywords the engine refuses, each with what to write instead. */
export const REFUSED_KEYWORDS: Record<string, string> = {
  unevaluatedProperties:
    'write "additionalProperties": false on the object, with every field under "properties" (or a branch\'s "properties")',
  unevaluatedItems: 'write "items": false after "prefixItems"',
  $dynamicRef: 'write "$ref" to a "$defs" entry',
  $dynamicAnchor: 'name the schema under "$defs" and write "$ref" to it',
  $recursiveRef: 'write "$ref" to a "$defs" entry',
  $recursiveAnchor: 'name the schema under "$defs" and write "$ref" to it',
  $anchor: 'name the schema under "$defs" and refer to it as "#/$defs/<name>"',
  propertyNames: 'name the fields under "properties" and close the object with "additionalProperties": false',
  contentEncoding:
    'ask for a file with an upload field ("$ref": "../../_defs/common.schema.json#/$defs/fileUrl")',
  contentMediaType:
    'ask for a file with an upload field ("$ref": "../../_defs/common.schema.json#/$defs/fileUrl") and say its types in "x-accept"',
  contentSchema:
    'ask for a file with an upload field ("$ref": "../../_defs/common.schema.json#/$defs/fileUrl")',
  nullable: 'write the type as a list: "type": ["string", "null"] (nullable is OpenAPI, not JSON Schema)',
  discriminator:
    'give each branch a property with a fixed value ("kind": { "const": "company" }): the form tells the branches apart by it',
  example: 'write "x-example" (an example answer for the test matrix)',
};

type Problem = { pointer: string; message: string };

/** The refused keywords and the oneOf branches without a selector of one schema file. */
export function keywordProblems(schema: unknown): Problem[] {
  const found: Problem[] = [];
  const visit = (node: unknown, pointer: string, depth: number) => {
    if (!isObject(node) || depth > 64) return;
    for (const key of Object.keys(node))
      if (key in REFUSED_KEYWORDS)
        found.push({
          pointer: toPointer([...parsePointer(pointer), key]),
          message: `"${key}" is not supported: ${REFUSED_KEYWORDS[key]}`,
        });
    if (typeof node.format === 'string' && !(node.format in formats))
      found.push({
        pointer: toPointer([...parsePointer(pointer), 'format']),
        message: `unknown format "${node.format}": the engine knows ${Object.keys(formats).join(', ')}; or check the answer with a "pattern"`,
      });
    if (Array.isArray(node.oneOf)) found.push(...branchProblems(node, pointer));
    for (const { tokens, schema: child } of subschemasOf(node))
      visit(child, toPointer([...parsePointer(pointer), ...tokens]), depth + 1);
  };
  visit(schema, '', 0);
  return found;
}

/** A oneOf's branches that declare fields without a selector, or with one another branch has too. */
function branchProblems(node: JsonObject, pointer: string): Problem[] {
  const found: Problem[] = [];
  const own = isObject(node.properties) ? node.properties : {};
  const seen = new Map<string, number>();
  (node.oneOf as unknown[]).forEach((branch, i) => {
    if (!isObject(branch) || !isObject(branch.properties)) return;
    const at = toPointer([...parsePointer(pointer), 'oneOf', String(i)]);
    const fields = Object.keys(branch.properties).filter((name) => !(name in own));
    if (fields.length === 0) return;
    const selector = selectorOf(branch);
    if (!selector) {
      found.push({
        pointer: at,
        message: `this "oneOf" branch declares fields (${fields.join(', ')}) but nothing tells it from the others: give it a property with a fixed value, e.g. "kind": { "const": "company" }, and list it in "required"`,
      });
      return;
    }
    const said = JSON.stringify(selector);
    const other = seen.get(said);
    if (other !== undefined)
      found.push({
        pointer: at,
        message: `this "oneOf" branch is told apart by the same fixed values as branch ${other}: give each branch its own value`,
      });
    else seen.set(said, i);
  });
  return found;
}

/**
 * The `$ref`s of a schema that lead back to a schema they are inside (a category whose children are
 * categories): each with the chain, so ops see the loop.
 */
export function selfReferences(
  model: Pick<CatalogueModel, 'shared' | 'source'>,
  file: string,
  schema: unknown,
): Problem[] {
  const found: Problem[] = [];
  const documentOf = (name: string) =>
    name === file ? schema : (model.shared[name] ?? model.source.files[name]);
  const reported = new Set<string>();
  const acyclic = new Set<string>();
  const visit = (node: unknown, where: string, at: string, stack: string[], site: string) => {
    if (!isObject(node) || stack.length > 64) return;
    if (typeof node.$ref === 'string') {
      const target = resolveRef(where, node.$ref);
      const key = `${target.file}#${target.pointer}`;
      const loop = stack.indexOf(key);
      if (loop >= 0) {
        if (!reported.has(key))
          found.push({
            pointer: site,
            message: `refers to itself through "$ref" (${[...stack.slice(loop), key].join(' → ')}): a form cannot draw a field without end; write the levels out, or make the nested part a flat list`,
          });
        reported.add(key);
        return;
      }
      if (!acyclic.has(key)) {
        const document = documentOf(target.file);
        const targetNode = document === undefined ? undefined : getAt(document, target.pointer);
        const before = found.length;
        visit(targetNode, target.file, target.pointer, [...stack, key], site);
        if (found.length === before) acyclic.add(key);
      }
    }
    for (const { tokens, schema: child } of subschemasOf(node)) {
      const next = toPointer([...parsePointer(at), ...tokens]);
      visit(child, where, next, stack, where === file && stack.length === 1 ? next : site);
    }
  };
  visit(schema, file, '', [`${file}#`], '');
  return found;
}

/** A step's answers are an object (each step owns pointers into it): is the schema's root one? */
function rootIsObject(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.type !== undefined) return types.length === 1 && types[0] === 'object';
  return isObject(schema.properties) || typeof schema.$ref === 'string' || Array.isArray(schema.allOf);
}

export const keywords: Check = {
  name: 'keywords',
  summary:
    'only JSON Schema the engine keeps: refused keywords named with their replacement, oneOf branches told apart, no self-reference',
  run(model) {
    const found: Finding[] = [];
    for (const [file, schema] of schemaFiles(model)) {
      for (const p of keywordProblems(schema)) found.push(finding(file, p.pointer, p.message));
      if (file.startsWith('_defs/')) continue;
      for (const p of selfReferences(model, file, schema)) found.push(finding(file, p.pointer, p.message));
      if (!rootIsObject(schema))
        found.push(
          finding(
            file,
            '/type',
            'a step\'s schema is an object of fields: put a single answer under "properties" ({ "type": "object", "properties": { "answer": { … } } }) and its pointer in the step\'s "owns"',
          ),
        );
    }
    return found;
  },
};
