/**
 * A list whose positions each have their own schema (a tuple: JSON Schema 2020-12's `prefixItems`, and `items`
 * for what may follow) drawn as fixed-position fields. rjsf draws tuples in draft-07's spelling only (`items` as
 * a list, `additionalItems`); the catalogue speaks 2020-12 (normalise.ts) and ajv validates that. So this field
 * hands rjsf's own list field the draft-07 spelling of the same tuple, for drawing only — what is validated and
 * stored is the step's schema as written.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';

const RjsfArrayField = getDefaultRegistry().fields.ArrayField!;

/** A tuple in draft-07's spelling: `prefixItems` as `items`, `items` as `additionalItems`. */
export function asDraft07Tuple(schema: RJSFSchema): RJSFSchema {
  const { prefixItems, items, ...rest } = schema as RJSFSchema & { prefixItems?: unknown[] };
  if (!Array.isArray(prefixItems)) return schema;
  return {
    ...rest,
    items: prefixItems as RJSFSchema[],
    ...(items !== undefined ? { additionalItems: items as RJSFSchema } : {}),
  };
}

export function TupleArrayField(props: FieldProps) {
  return <RjsfArrayField {...props} schema={asDraft07Tuple(props.schema)} />;
}
