/**
 * Example data for a step, for QA and the matrix tests: one valid example,
 * and for each constraint an invalid variant with the message key it must
 * produce. Values come from a field's `x-example` when the schema gives them,
 * otherwise they are made from the constraints; every example is verified
 * against the real validator, so an example that does not do what it claims
 * is reported instead of returned.
 */
import { toFieldMessages, type ValidationErrorLike } from './messages';
import { getAt, removeAt, setAt, toPointer } from './pointer';
import type { FormData } from './types';
import { withRef, type RefResolver } from './schemaRef';
import { declaredProperties } from './schemaWalk';
import { isObject } from './json';

type Schema = Record<string, unknown>;

export type { RefResolver };

export type Validate = (data: FormData) => readonly ValidationErrorLike[];

export interface InvalidExample {
  /** The field at fault. */
  pointer: string;
  /** The constraint broken (`required`, `minLength`, `format` …). */
  constraint: string;
  data: FormData;
  /** The message key the field must show. */
  key: string;
}

export interface StepExamples {
  valid: FormData;
  invalid: InvalidExample[];
  /** Constraints no example could be made for (say which, so QA knows what is not covered). */
  uncovered: { pointer: string; constraint: string; reason: string }[];
}

/** Known-good and known-bad samples of the catalogue's formats. */
const FORMAT_SAMPLES: Record<string, { good: string; bad: string }> = {
  email: { good: 'merchant@example.com', bad: 'merchant.example.com' },
  phone: { good: '+966501234567', bad: '+9665' },
  'https-url': { good: 'https://shop.example.com', bad: 'http://shop.example.com' },
  // The good IBAN is nobody's in the demo data: an onboarding walk with a demo business's account is refused (ibanTaken).
  iban: { good: 'SA7380000000608010167520', bad: 'SA0380000000608010167518' },
  date: { good: '2030-01-31', bad: '2030-02-31' },
  'date-not-in-past': { good: '2099-12-31', bad: '2000-01-01' },
  'date-not-in-future': { good: '1990-05-17', bad: '2099-12-31' },
  'date-2-weeks-ahead': { good: '2099-12-31', bad: '2000-01-01' },
  'date-time': { good: '2030-01-31T09:30:00Z', bad: '2030-02-31T09:30:00Z' },
  time: { good: '09:30', bad: '25:00' },
  uri: { good: 'https://shop.example.com/about', bad: 'not a link' },
  uuid: { good: '123e4567-e89b-12d3-a456-426614174000', bad: '123e4567' },
};

/** The first constant of a choice written as `oneOf`/`anyOf` of `{ const, title }`. */
function firstConstant(schema: Schema): { value: unknown } | undefined {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options) && options.length > 0 && options.every((o) => isObject(o) && 'const' in o))
      return { value: (options[0] as Schema).const };
  }
  return undefined;
}

/** A value meeting the field's constraints, or undefined when none can be made. */
function validValue(schema: Schema): unknown {
  if ('x-example' in schema) return schema['x-example'];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const constant = firstConstant(schema);
  if (constant) return constant.value;
  const type = schema.type;
  // Yes, whatever the default: a yes is what makes a question's follow-up fields apply ("registered for VAT").
  if (type === 'boolean') return true;
  if ('default' in schema) return schema.default;
  if (typeof schema.format === 'string') return FORMAT_SAMPLES[schema.format]?.good;
  if (type === 'integer' || type === 'number') {
    const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
    return Math.max(minimum, 1);
  }
  if (type === 'boolean') return true;
  if (type === 'string' || type === undefined) {
    if (typeof schema.pattern === 'string') return undefined; // patterns need an `examples` value
    const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
    return 'Example'
      .padEnd(Math.max(min, 7), 'x')
      .slice(0, Math.max(min, typeof schema.maxLength === 'number' ? Math.min(7, schema.maxLength) : 7));
  }
  return undefined;
}

interface Field {
  pointer: string;
  schema: Schema;
  required: boolean;
}

/**
 * The fields of a step schema: nested objects are walked, everything else is a field. Conditional fields (declared
 * in a branch of an `if`) are fields too: the valid example answers so that they apply (see validValue).
 */
function fieldsOf(schema: Schema, resolve: RefResolver, prefix: string[] = []): Field[] {
  // A choice of shapes ("person or company") is answered with its first: one branch's fields, not every branch's.
  const properties: Schema = declaredProperties(firstBranches(schema));
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).flatMap(([name, raw]) => {
    const child = withRef(raw as Schema, resolve);
    const pointer = toPointer([...prefix, name]);
    // An object whose fields are all in its branches ("person or company": oneOf) is walked like any other.
    if (child.type === 'object' && Object.keys(declaredProperties(child)).length > 0) {
      return [
        { pointer, schema: child, required: required.has(name) },
        ...fieldsOf(child, resolve, [...prefix, name]),
      ];
    }
    return [{ pointer, schema: child, required: required.has(name) }];
  });
}

/** The schema with each `oneOf`/`anyOf` of objects narrowed to its first branch. */
function firstBranches(schema: Schema): Schema {
  const out: Schema = { ...schema };
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && isObject(branches[0]) && isObject(branches[0].properties))
      out[keyword] = [branches[0]];
  }
  return out;
}

/**
 * An array field's valid value: its `x-example`; every choice of a short list of unique choices (sales channels:
 * online, in store), so the fields that follow each of them apply; else its `minItems` (at least one) of one valid
 * item — an object item with each of its fields' values at its place (a shareholder's documents included).
 */
function arrayValue(schema: Schema, resolve: RefResolver): unknown[] | undefined {
  if ('x-example' in schema) return schema['x-example'] as unknown[];
  const items = isObject(schema.items) ? withRef(schema.items, resolve) : {};
  const choices = Array.isArray(items.enum) ? items.enum : [];
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  if (schema.uniqueItems === true && choices.length > 1 && choices.length <= Math.min(4, maxItems))
    return [...choices];
  const item =
    items.type === 'object'
      ? fieldsOf(items, resolve)
          .filter((f) => !(f.schema.type === 'object' && isObject(f.schema.properties)))
          .reduce<FormData>((acc, f) => {
            const value = validValue(f.schema);
            return value === undefined ? acc : setAt(acc, f.pointer, value);
          }, {})
      : validValue(items);
  if (item === undefined) return undefined;
  const count = typeof schema.minItems === 'number' ? Math.max(schema.minItems, 1) : 1;
  return Array.from({ length: count }, () => item);
}

/**
 * Builds the examples of one step.
 * @param schema - the step schema
 * @param resolve - resolves its `$ref`s
 * @param validate - the step's validator
 */
export function stepExamples(schema: Schema, resolve: RefResolver, validate: Validate): StepExamples {
  const fields = fieldsOf(schema, resolve);
  const uncovered: StepExamples['uncovered'] = [];
  let valid: FormData = {};
  for (const field of fields) {
    if (field.schema.type === 'object' && Object.keys(declaredProperties(field.schema)).length > 0) continue;
    if (field.schema.type === 'array') {
      const value = arrayValue(field.schema, resolve);
      if (value !== undefined) valid = setAt(valid, field.pointer, value);
      continue;
    }
    const value = validValue(field.schema);
    if (value === undefined)
      uncovered.push({
        pointer: field.pointer,
        constraint: 'valid',
        reason: 'add an "x-example" value to the field',
      });
    else valid = setAt(valid, field.pointer, value);
  }
  if (uncovered.length > 0) return { valid, invalid: [], uncovered };
  const validErrors = validate(valid);
  if (validErrors.length > 0) {
    for (const m of toFieldMessages(validErrors))
      uncovered.push({
        pointer: m.pointer,
        constraint: 'valid',
        reason: `the made-up value fails: ${m.key}`,
      });
    return { valid, invalid: [], uncovered };
  }

  const invalid: InvalidExample[] = [];
  const attempt = (
    field: Field,
    constraint: string,
    data: FormData | undefined,
    reason = 'no value breaks it alone',
  ) => {
    if (data === undefined) {
      uncovered.push({ pointer: field.pointer, constraint, reason });
      return;
    }
    const message = toFieldMessages(validate(data)).find((m) => m.pointer === field.pointer);
    if (message) invalid.push({ pointer: field.pointer, constraint, data, key: message.key });
    else uncovered.push({ pointer: field.pointer, constraint, reason });
  };

  for (const field of fields) {
    const s = field.schema;
    const with_ = (value: unknown) => setAt(valid, field.pointer, value);
    if (field.required) attempt(field, 'required', removeAt(valid, field.pointer, false));
    if (typeof s.minLength === 'number' && s.minLength > 0)
      attempt(field, 'minLength', with_('1'.repeat(s.minLength - 1)));
    if (typeof s.maxLength === 'number') attempt(field, 'maxLength', with_('9'.repeat(s.maxLength + 1)));
    if (typeof s.minimum === 'number') attempt(field, 'minimum', with_(s.minimum - 1));
    if (typeof s.maximum === 'number') attempt(field, 'maximum', with_(s.maximum + 1));
    if (Array.isArray(s.enum)) attempt(field, 'enum', with_('not-an-option'));
    if (typeof s.format === 'string') {
      const bad = FORMAT_SAMPLES[s.format]?.bad;
      attempt(
        field,
        'format',
        bad === undefined ? undefined : with_(bad),
        `no known bad sample of format "${s.format}"`,
      );
    }
    if (typeof s.pattern === 'string') {
      const good = String(getAt(valid, field.pointer) ?? '');
      // Change the first character, keeping the length: that breaks a prefix or a digits-only rule.
      const candidates = [
        `Z${good.slice(1)}`,
        `0${good.slice(1)}`,
        `${good.slice(0, -1)}Z`,
        `#${good.slice(1)}`,
      ];
      const pattern = new RegExp(s.pattern);
      const breaking = candidates.find((c) => !pattern.test(c));
      attempt(field, 'pattern', breaking === undefined ? undefined : with_(breaking));
    }
    if (isObject(s.not) && typeof s.not.pattern === 'string') {
      // `not: { pattern }` (a CR number must not look like a unified number): swap the first character until it matches.
      const good = String(getAt(valid, field.pointer) ?? '');
      const inner = new RegExp(s.not.pattern);
      const outer = typeof s.pattern === 'string' ? new RegExp(s.pattern) : /[\s\S]*/;
      const breaking = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ']
        .map((c) => `${c}${good.slice(1)}`)
        .find((c) => inner.test(c) && outer.test(c));
      attempt(field, 'not', breaking === undefined ? undefined : with_(breaking));
    }
    if (s.type === 'array' && typeof s.minItems === 'number' && s.minItems > 0)
      attempt(field, 'minItems', with_([]));
    const items = getAt(valid, field.pointer);
    const sum = s['x-sum'] as { property: string; where?: string } | undefined;
    if (isObject(sum) && Array.isArray(items)) {
      // One more than the total: the first counted item's number raised by 1 (a 101% share total).
      const at = items.findIndex((item) => !sum.where || (isObject(item) && item[sum.where] === true));
      attempt(
        field,
        'x-sum',
        at < 0
          ? undefined
          : with_(
              items.map((item, i) =>
                i === at && isObject(item)
                  ? { ...item, [sum.property]: Number(item[sum.property] ?? 0) + 1 }
                  : item,
              ),
            ),
      );
    }
    const contains = s.contains as Schema | undefined;
    if (isObject(contains) && isObject(contains.properties) && Array.isArray(items)) {
      // Nobody flagged: every item without the flags `contains` asks for.
      const flags = Object.keys(contains.properties);
      attempt(
        field,
        'contains',
        with_(
          items.map((item) =>
            isObject(item)
              ? Object.fromEntries(Object.entries(item).filter(([k]) => !flags.includes(k)))
              : item,
          ),
        ),
      );
    }
  }

  // A branch that only requires (`if: { required: [a] }, then: { required: [b] }`, both contacts or none): the
  // valid example answers everything, so the `if` holds; without b, the branch's own message must show.
  const objects = [
    { pointer: '', schema },
    ...fields.filter((f) => f.schema.type === 'object' && isObject(f.schema.properties)),
  ];
  for (const object of objects) {
    const branches = [object.schema, ...(Array.isArray(object.schema.allOf) ? object.schema.allOf : [])];
    for (const branch of branches) {
      if (!isObject(branch) || !isObject(branch.if) || !isObject(branch.then)) continue;
      const then = branch.then as Schema;
      if (isObject(then.properties) || !Array.isArray(then.required)) continue;
      for (const name of then.required as string[]) {
        const field = fields.find((f) => f.pointer === `${object.pointer}/${name}`);
        if (field && getAt(valid, field.pointer) !== undefined)
          attempt(field, 'required', removeAt(valid, field.pointer, false));
      }
    }
  }
  return { valid, invalid, uncovered };
}
