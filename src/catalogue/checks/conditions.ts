import { fieldConditionProblems } from '../../engine/core/fieldConditions';
import { isObject } from '../../engine/core/json';
import type { Condition } from '../../engine/core/types';
import { schemaFiles, walkJson, type ModelFlow } from '../model';
import { finding, type Check, type Finding } from './check';

/** Where a flow has conditions: named ones, each step's `when`, each rule's `when`, each reset's `across`. */
export function conditionsOf(flow: ModelFlow): { pointer: string; condition: Condition }[] {
  const { definition } = flow;
  return [
    ...Object.entries(definition.conditions ?? {}).map(([name, condition]) => ({
      pointer: `/conditions/${name}`,
      condition,
    })),
    ...definition.steps.flatMap((step, i) =>
      step.when ? [{ pointer: `/steps/${i}/when`, condition: step.when }] : [],
    ),
    ...(definition.rules ?? []).map((rule, i) => ({ pointer: `/rules/${i}/when`, condition: rule.when })),
    ...(definition.resets ?? []).flatMap((reset, i) =>
      reset.across ? [{ pointer: `/resets/${i}/across`, condition: reset.across }] : [],
    ),
  ];
}

/**
 * Conditions speak of the flow's own context: every `$ref` names a condition of the flow, every field is a
 * context field, every value is in that field's domain. And every `if` of a step schema or a shared definition
 * (which decides the conditional fields that show) uses only what the form can evaluate without a schema
 * compiler (src/engine/core/fieldConditions.ts).
 */
export const conditions: Check = {
  name: 'conditions',
  summary:
    'conditions name known conditions and context fields, with values inside their domains; field conditions (`if`) use the evaluable subset',
  run(model) {
    const found: Finding[] = [];
    for (const [file, schema] of schemaFiles(model))
      walkJson(schema, (node, at) => {
        // Only an `if` whose branches declare fields decides what shows; others are rules, judged by ajv alone.
        const declares = [node.then, node.else].some(
          (branch) => isObject(branch) && isObject(branch.properties),
        );
        if ('if' in node && declares)
          for (const problem of fieldConditionProblems(node.if, `${at}/if`))
            found.push(finding(file, problem.pointer, problem.message));
      });
    for (const flow of model.flows) {
      const { definition, file } = flow;
      const names = new Set(Object.keys(definition.conditions ?? {}));
      for (const { pointer, condition } of conditionsOf(flow)) {
        walkJson(condition, (node, at) => {
          if (typeof node.$ref === 'string') {
            const name = node.$ref.replace(/^#\/conditions\//, '');
            if (!names.has(name))
              found.push(finding(file, `${pointer}${at}/$ref`, `no condition named "${name}"`));
          }
          if (isObject(node.properties)) {
            for (const [field, valueCondition] of Object.entries(node.properties)) {
              const contextField = definition.context[field];
              const fieldPointer = `${pointer}${at}/properties/${field}`;
              if (!contextField) {
                found.push(
                  finding(
                    file,
                    fieldPointer,
                    `"${field}" is not a context field (known: ${Object.keys(definition.context).join(', ')})`,
                  ),
                );
                continue;
              }
              walkJson(valueCondition, (value, vat) => {
                const values = [
                  ...('const' in value ? [value.const] : []),
                  ...(Array.isArray(value.enum) ? value.enum : []),
                ];
                for (const v of values)
                  if (!contextField.domain.includes(v as never))
                    found.push(
                      finding(
                        file,
                        `${fieldPointer}${vat}`,
                        `${JSON.stringify(v)} is not in the domain of "${field}"`,
                      ),
                    );
              });
            }
          }
          if (Array.isArray(node.required))
            node.required.forEach((field, i) => {
              if (typeof field === 'string' && !definition.context[field])
                found.push(
                  finding(file, `${pointer}${at}/required/${i}`, `"${field}" is not a context field`),
                );
            });
        });
      }
    }
    return found;
  },
};
