/**
 * Evaluates step conditions: JSON Schemas over the context, restricted to
 * the keywords the flow meta-schema allows. A hand-written evaluator keeps the
 * runtime free of a schema compiler; a test checks it against ajv on every
 * context of the matrix. An unknown keyword throws — it never counts as true.
 */
import type { Condition, Context, Scalar, ValueCondition } from './types';

const CONDITION_KEYS = new Set(['$ref', 'properties', 'required', 'allOf', 'anyOf', 'not']);
const VALUE_KEYS = new Set(['const', 'enum', 'not', 'type']);

function matchesValue(value: Scalar, condition: ValueCondition): boolean {
  for (const key of Object.keys(condition)) {
    if (!VALUE_KEYS.has(key)) throw new Error(`unknown keyword "${key}" in a value condition`);
  }
  if ('const' in condition && value !== condition.const) return false;
  if (condition.enum && !condition.enum.includes(value)) return false;
  if (condition.not && matchesValue(value, condition.not)) return false;
  if (condition.type) {
    const actual = value === null ? 'null' : typeof value;
    const ok = condition.type === 'integer' ? Number.isInteger(value) : condition.type === actual;
    if (!ok) return false;
  }
  return true;
}

/**
 * Does the context satisfy the condition?
 * @param condition - a step's `when`, or a named condition
 * @param context - the derived context (unanswered fields absent)
 * @param named - the flow's named conditions, for `$ref: "#/conditions/<name>"`
 */
export function evaluateCondition(
  condition: Condition,
  context: Context,
  named: Record<string, Condition> = {},
): boolean {
  for (const key of Object.keys(condition)) {
    if (!CONDITION_KEYS.has(key)) throw new Error(`unknown keyword "${key}" in a condition`);
  }
  if (condition.$ref !== undefined) {
    const name = condition.$ref.replace(/^#\/conditions\//, '');
    const target = named[name];
    if (!target || !condition.$ref.startsWith('#/conditions/'))
      throw new Error(`unknown condition "${condition.$ref}"`);
    if (!evaluateCondition(target, context, named)) return false;
  }
  if (condition.required?.some((field) => !(field in context))) return false;
  if (condition.properties) {
    for (const [field, valueCondition] of Object.entries(condition.properties)) {
      if (field in context && !matchesValue(context[field] as Scalar, valueCondition)) return false;
    }
  }
  if (condition.allOf && !condition.allOf.every((c) => evaluateCondition(c, context, named))) return false;
  if (condition.anyOf && !condition.anyOf.some((c) => evaluateCondition(c, context, named))) return false;
  if (condition.not && evaluateCondition(condition.not, context, named)) return false;
  return true;
}
