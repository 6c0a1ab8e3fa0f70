import { isObject, type JsonObject } from '../../engine/core/json';
import { parsePointer, toPointer } from '../../engine/core/pointer';
import type { JsonSchema } from '../model';
import { subschemasOf } from '../normalise';
import { finding, type Check, type Finding } from './check';

/** Keywords whose schemas judge data without declaring it: a bound there bounds nothing that is stored. */
const JUDGING = new Set(['if', 'not', 'contains', 'propertyNames']);

/** Keywords whose schemas apply to the same data as their node. */
const SAME_OBJECT = new Set(['then', 'else', 'allOf', 'anyOf', 'oneOf', 'dependencies']);

/** Does the node fix its value: an `enum`, a `const`, or a choice between constants (`oneOf` of `const`)? */
function isFixed(node: JsonObject): boolean {
  if (Array.isArray(node.enum) || 'const' in node) return true;
  return ['oneOf', 'anyOf'].some(
    (k) => Array.isArray(node[k]) && (node[k] as unknown[]).every((b) => isObject(b) && 'const' in b),
  );
}

/**
 * Every declared text has a `maxLength` and every list a `maxItems`, unless its values are fixed — wherever it
 * is declared: in `properties`, `$defs`, a list's items or a tuple's positions, and inside `if`/`then`/`else`,
 * `allOf`/`anyOf`/`oneOf` and `dependencies` (a field a branch declares is stored like any other).
 */
export function unboundedFields(schema: JsonSchema): { pointer: string; message: string }[] {
  const found: { pointer: string; message: string }[] = [];
  /** A branch may narrow a field its object declares (an `if`'s `then` tightening a pattern): that bound holds. */
  const boundedOutside = (declared: JsonObject | undefined, bound: 'maxLength' | 'maxItems') =>
    isObject(declared) &&
    (typeof declared[bound] === 'number' || isFixed(declared) || typeof declared.$ref === 'string');
  const visit = (node: unknown, pointer: string, depth: number, outside: JsonObject = {}, own?: unknown) => {
    if (!isObject(node) || depth > 64) return;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    const fixed = isFixed(node);
    const declared = isObject(own) ? own : undefined;
    if (
      types.includes('string') &&
      !fixed &&
      typeof node.maxLength !== 'number' &&
      !boundedOutside(declared, 'maxLength')
    )
      found.push({
        pointer,
        message: 'a text field needs "maxLength" (a draft never stores unbounded text)',
      });
    if (types.includes('array') && typeof node.maxItems !== 'number' && !boundedOutside(declared, 'maxItems'))
      found.push({ pointer, message: 'a list needs "maxItems" (a draft never stores unbounded lists)' });
    // What the object declares, for the subschemas that apply to the same object (their fields narrow these).
    const object = { ...outside, ...(isObject(node.properties) ? node.properties : {}) };
    for (const { tokens, schema: child } of subschemasOf(node)) {
      if (JUDGING.has(tokens[0]!)) continue;
      const at = toPointer([...parsePointer(pointer), ...tokens]);
      if (tokens[0] === 'properties') visit(child, at, depth + 1, {}, outside[tokens[1]!]);
      else if (SAME_OBJECT.has(tokens[0]!)) visit(child, at, depth + 1, object);
      else visit(child, at, depth + 1);
    }
  };
  visit(schema, '', 0);
  return found;
}

/**
 * Nothing a merchant sends is unbounded: every text field of a step or a shared definition has a
 * `maxLength` and every list a `maxItems` (the server stores only what validates, so these bound a draft).
 */
export const bounds: Check = {
  name: 'bounds',
  summary: 'every text field has maxLength and every list maxItems',
  run(model) {
    const found: Finding[] = [];
    const done = new Set<string>();
    for (const [file, schema] of Object.entries(model.shared))
      if (file.startsWith('_defs/'))
        for (const f of unboundedFields({ $defs: schema.$defs }))
          found.push(finding(file, f.pointer, f.message));
    for (const flow of model.flows)
      for (const step of flow.steps) {
        if (!step.schema || done.has(step.schemaFile)) continue;
        done.add(step.schemaFile);
        for (const f of unboundedFields(step.schema))
          found.push(finding(step.schemaFile, f.pointer, f.message));
      }
    return found;
  },
};
