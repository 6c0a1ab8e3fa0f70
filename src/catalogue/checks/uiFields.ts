import { localRefs } from '../../engine/core/schemaRef';
import { fieldsOf, walkFields } from '../../engine/core/schemaWalk';
import { parsePointer, toPointer } from '../../engine/core/pointer';
import { brokenRefs } from '../model';
import { bundleSchema } from '../bundle';
import { finding, type Check, type Finding } from './check';

/**
 * A UI schema speaks of the step's own fields only, and puts a list's option labels under its `items`
 * (where rjsf reads them). Steps whose `$ref`s do not resolve are left to the refs check.
 */
export const uiFields: Check = {
  name: 'ui-fields',
  summary: "every key of a UI schema is a field of the step's schema; list option labels sit under items",
  run(model) {
    const found: Finding[] = [];
    const done = new Set<string>();
    for (const flow of model.flows)
      for (const step of flow.steps) {
        if (!step.schema || !step.ui || done.has(step.uiFile)) continue;
        done.add(step.uiFile);
        if (brokenRefs(model, step.schemaFile, step.schema).length > 0) continue;
        const bundled = bundleSchema(model.shared, step.schema, step.schemaFile, 'ui-check');
        const resolve = localRefs(bundled);
        walkFields({ schema: bundled, ui: step.ui }, resolve, (node) => {
          // Lists have no data here, so their items sit at `<list>/-`: in the UI schema that is `items`.
          const uiPath = toPointer(parsePointer(node.pointer).map((t) => (t === '-' ? 'items' : t)));
          const names = new Set(fieldsOf(node, resolve).map((f) => (f.kind === 'item' ? 'items' : f.name)));
          for (const key of Object.keys(node.ui)) {
            const at = `${uiPath}/${key}`;
            if ((key === 'ui:enumNames' || key === 'ui:enumDescriptions') && node.schema.type === 'array')
              found.push(
                finding(step.uiFile, at, `"${key}" of a list belongs under "items" (rjsf ignores it here)`),
              );
            else if (
              !key.startsWith('ui:') &&
              !names.has(key) &&
              // A choice's options (`oneOf`/`anyOf`) and a tuple's tail (`additionalItems`) have UI of their own.
              !(['oneOf', 'anyOf'].includes(key) && Array.isArray(node.schema[key])) &&
              !(key === 'additionalItems' && Array.isArray(node.schema.prefixItems))
            )
              found.push(finding(step.uiFile, at, `"${key}" is not a field of the step's schema`));
          }
        });
      }
    return found;
  },
};
