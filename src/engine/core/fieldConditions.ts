/**
 * The `if` of a step schema's conditional fields, evaluated without a schema compiler: the form, its summary
 * and the server all need to know which fields apply to the answers as they are (a VAT number only when the
 * business is registered for VAT), and the walker (schemaWalk.ts) is pure code. So an `if` may use only a
 * small part of JSON Schema — the catalogue's `conditions` check refuses anything else, and a test checks the
 * verdicts against ajv's:
 *
 * - on the object: `properties`, `required`, `allOf`, `anyOf`, `not`;
 * - on a property's value: `const`, `enum`, `type`, `not`, and `contains` (a list holding a matching item).
 *
 * As in JSON Schema, `properties` and `required` say nothing about a value that is not an object; an absent
 * object (a step not answered yet) counts as an empty one.
 */
import { isObject } from './json';

const OBJECT_KEYS = new Set(['properties', 'required', 'allOf', 'anyOf', 'not']);
const VALUE_KEYS = new Set(['const', 'enum', 'type', 'not', 'contains']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) =>
    t === 'integer'
      ? Number.isInteger(value)
      : t === 'number'
        ? typeof value === 'number'
        : typeOf(value) === t,
  );
}

function matchesValue(value: unknown, condition: Record<string, unknown>): boolean {
  if ('const' in condition && !same(value, condition.const)) return false;
  if (Array.isArray(condition.enum) && !condition.enum.some((v) => same(v, value))) return false;
  if ('type' in condition && !matchesType(value, condition.type)) return false;
  if (isObject(condition.not) && matchesValue(value, condition.not)) return false;
  if (isObject(condition.contains)) {
    const item = condition.contains;
    if (Array.isArray(value) && !value.some((v) => matchesValue(v, item))) return false;
  }
  return true;
}

/**
 * Does the data (the object the `if` sits on) satisfy the condition?
 * @param condition - an `if` that fieldConditionProblems finds nothing wrong with
 */
export function matchesFieldCondition(condition: Record<string, unknown>, data: unknown): boolean {
  const object = data === undefined ? {} : data;
  if (isObject(object)) {
    if (Array.isArray(condition.required) && condition.required.some((k) => !(String(k) in object)))
      return false;
    if (isObject(condition.properties))
      for (const [key, valueCondition] of Object.entries(condition.properties))
        if (key in object && isObject(valueCondition) && !matchesValue(object[key], valueCondition))
          return false;
  }
  if (
    Array.isArray(condition.allOf) &&
    !condition.allOf.every((c) => isObject(c) && matchesFieldCondition(c, data))
  )
    return false;
  if (
    Array.isArray(condition.anyOf) &&
    !condition.anyOf.some((c) => isObject(c) && matchesFieldCondition(c, data))
  )
    return false;
  if (isObject(condition.not) && matchesFieldCondition(condition.not, data)) return false;
  return true;
}

/**
 * What keeps an `if` from being evaluated here: each keyword outside the subset, with its place inside the
 * `if` (a JSON pointer). Empty when the walker and ajv will agree.
 */
export function fieldConditionProblems(condition: unknown, at = ''): { pointer: string; message: string }[] {
  const found: { pointer: string; message: string }[] = [];
  if (!isObject(condition)) return [{ pointer: at, message: 'a condition must be an object' }];
  for (const [key, value] of Object.entries(condition)) {
    const here = `${at}/${key}`;
    if (!OBJECT_KEYS.has(key)) {
      found.push({
        pointer: here,
        message: `"${key}" cannot decide which fields show (use ${[...OBJECT_KEYS].join(', ')} on the object)`,
      });
      continue;
    }
    if (key === 'properties' && isObject(value))
      for (const [name, valueCondition] of Object.entries(value))
        found.push(...valueProblems(valueCondition, `${here}/${name}`));
    if ((key === 'allOf' || key === 'anyOf') && Array.isArray(value))
      value.forEach((c, i) => found.push(...fieldConditionProblems(c, `${here}/${i}`)));
    if (key === 'not') found.push(...fieldConditionProblems(value, here));
  }
  return found;
}

function valueProblems(condition: unknown, at: string): { pointer: string; message: string }[] {
  if (!isObject(condition)) return [{ pointer: at, message: 'a value condition must be an object' }];
  const found: { pointer: string; message: string }[] = [];
  for (const [key, value] of Object.entries(condition)) {
    if (!VALUE_KEYS.has(key)) {
      found.push({
        pointer: `${at}/${key}`,
        message: `"${key}" cannot decide which fields show (use ${[...VALUE_KEYS].join(', ')} on a value)`,
      });
      continue;
    }
    if (key === 'not' || key === 'contains') found.push(...valueProblems(value, `${at}/${key}`));
  }
  return found;
}
