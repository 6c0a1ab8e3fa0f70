/** Following a field's `$ref` in a step schema. */
import { getAt } from './pointer';

export type SchemaObject = Record<string, unknown>;

/** Resolves a `$ref` to the schema it points at, or undefined when it cannot. */
export type RefResolver = (ref: string) => SchemaObject | undefined;

/**
 * The field's schema merged with the one its `$ref` points at (followed
 * through chains); the field's own keywords (title, x-messages …) win.
 */
export function withRef(schema: SchemaObject, resolve: RefResolver): SchemaObject {
  if (typeof schema.$ref !== 'string') return schema;
  const target = resolve(schema.$ref);
  if (!target) return schema;
  const { $ref: _ref, ...own } = schema;
  return { ...withRef(target, resolve), ...own };
}

/**
 * Resolves a local `$ref` inside a self-contained (bundled) schema — `#/$defs/<name>`, or any JSON pointer into
 * it (`#/properties/tax/$defs/vat`) — also written `<its $id>#…`, as the form's copy of a step schema (given an
 * `$id` for its validator) writes them.
 */
export function localRefs(root: SchemaObject): RefResolver {
  const prefix = typeof root.$id === 'string' ? `${root.$id}#` : null;
  return (written) => {
    const ref = prefix && written.startsWith(prefix) ? written.slice(prefix.length - 1) : written;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown;
    try {
      target = getAt(root, decodeURIComponent(ref.slice(1)));
    } catch {
      return undefined;
    }
    return target !== null && typeof target === 'object' && !Array.isArray(target)
      ? (target as SchemaObject)
      : undefined;
  };
}
