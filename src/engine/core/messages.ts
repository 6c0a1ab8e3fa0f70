/**
 * Validation errors → translation keys with parameters. A field's own key
 * (`x-messages` in its schema) overrides the default `validation:error.<keyword>`
 * (formats: `validation:error.format.<format>`). Never ajv's English.
 */
import { branchesExplain, settleBranches, type BranchErrorLike } from './composition';
import { isTextKey } from './json';
import { parsePointer, toPointer } from './pointer';

/** The part of an ajv error this module reads (ajv's ErrorObject fits). */
export interface ValidationErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: unknown;
}

export interface FieldMessage {
  /** JSON pointer of the field at fault. */
  pointer: string;
  key: string;
  params: Record<string, unknown>;
}

/** A field's problem as the API sends it in `field_errors` (keyed by pointer): a message key and its values. */
export interface FieldError {
  key: string;
  params?: Record<string, unknown>;
}

/** Field messages as the API's `field_errors` (the first message of a field wins). */
export function toFieldErrors(messages: readonly FieldMessage[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const { pointer, key, params } of messages) out[pointer] ??= { key, params };
  return out;
}

/** Keywords that only say "a branch failed"; their branches' own errors say what to fix. */
const WRAPPERS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', '$ref']);

/**
 * Maps validation errors to message keys, one per field (the first error of a field wins).
 * @param errors - ajv errors, from a validator compiled with `allErrors` and `verbose`
 * @returns - messages keyed by the field's JSON pointer, in error order
 */
export function toFieldMessages(all: readonly ValidationErrorLike[]): FieldMessage[] {
  const byField = new Map<string, FieldMessage>();
  // Only the branches of a oneOf/anyOf the data is in speak for its fields (composition.ts).
  const errors = settleBranches(all as readonly BranchErrorLike[]);
  for (const error of errors) {
    // A branch keyword says only "a branch failed" — unless no branch says why (a oneOf matching two branches).
    if (WRAPPERS.has(error.keyword) && branchesExplain(error, errors)) continue;
    let pointer = error.instancePath;
    const params: Record<string, unknown> = { ...error.params };
    // A missing property is the missing field's error, not its parent's (`dependencies`: the one it needs).
    if (
      (error.keyword === 'required' || error.keyword === 'dependencies') &&
      typeof error.params.missingProperty === 'string'
    ) {
      pointer = toPointer([...parsePointer(pointer), error.params.missingProperty]);
    }
    if (byField.has(pointer)) continue;
    type Annotated = { 'x-messages'?: Record<string, string>; properties?: Record<string, Annotated> };
    const parent = error.parentSchema as Annotated | undefined;
    // A `required` error is reported on the parent object; the field's own messages are on its schema — or,
    // for a branch that only requires (`then: { required: [...] }`, no properties of its own), on the branch.
    const own =
      error.keyword === 'required' || error.keyword === 'dependencies'
        ? parent?.properties
          ? parent.properties[String(error.params.missingProperty)]?.['x-messages']
          : parent?.['x-messages']
        : parent?.['x-messages'];
    const format = error.keyword === 'format' ? String(error.params.format) : undefined;
    const key =
      own?.[format ? `format.${format}` : error.keyword] ??
      own?.[error.keyword] ??
      (format ? `validation:error.format.${format}` : `validation:error.${error.keyword}`);
    if ('limit' in params) params.length = params.limit;
    byField.set(pointer, { pointer, key, params });
  }
  return [...byField.values()];
}

/**
 * Server `field_errors` (JSON pointer → `{ key, params }`) as field messages. A key that is not a translation
 * key (a text only the server knows) becomes `validation:error.server` with it as `message`.
 */
export function fromServerFieldErrors(fieldErrors: Record<string, FieldError>): FieldMessage[] {
  return Object.entries(fieldErrors).map(([pointer, error]) =>
    isTextKey(error.key)
      ? { pointer, key: error.key, params: error.params ?? {} }
      : { pointer, key: 'validation:error.server', params: { message: String(error.key) } },
  );
}
