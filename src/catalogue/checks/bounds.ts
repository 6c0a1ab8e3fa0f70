import { isObject } from '../../engine/core/json';
import { parsePointer, toPointer } from '../../engine/core/pointer';
import type { JsonSchema } from '../model';
import { finding, type Check, type Finding } from './check';

/** Keywords under which a schema declares data (not conditions such as `if`, `not` or `contains`). */
const DECLARING = ['properties', '$defs', 'patternProperties'];

/** Every declared text has a `maxLength` and every list a `maxItems`, unless its values are fixed. */
export function unboundedFields(schema: JsonSchema): { pointer: string; message: string }[] {
  const found: { pointer: string; message: string }[] = [];
  const at = (pointer: string, key: string) => toPointer([...parsePointer(pointer), key]);
  const visit = (node: unknown, pointer: string) => {
    if (!isObject(node)) return;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    const fixed = Array.isArray(node.enum) || 'const' in node;
    if (types.includes('string') && !fixed && typeof node.maxLength !== 'number')
      found.push({
        pointer,
        message: 'a text field needs "maxLength" (a draft never stores unbounded text)',
      });
    if (types.includes('array') && typeof node.maxItems !== 'number')
      found.push({ pointer, message: 'a list needs "maxItems" (a draft never stores unbounded lists)' });
    for (const keyword of DECLARING)
      if (isObject(node[keyword]))
        for (const [name, child] of Object.entries(node[keyword]))
          visit(child, at(at(pointer, keyword), name));
    if (isObject(node.items)) visit(node.items, at(pointer, 'items'));
    if (isObject(node.additionalProperties))
      visit(node.additionalProperties, at(pointer, 'additionalProperties'));
  };
  visit(schema, '');
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
