/**
 * Where a long step is cut into `<form>`s of a few fields each (ObjectFieldTemplate.tsx draws them).
 *
 * Why: on every keystroke Chromium's autofill reads every control of the form the typed field belongs to, with its
 * style and layout (about 0.2 ms a control at 4x CPU slowdown: 12 ms a key on a 60-field step, run after the
 * keystroke's frame and before the next task; `npm run bench:engine` with BENCH_TRACE=1). A step cut into forms
 * of at most MAX_FIELDS_PER_FORM fields costs a keystroke the same whatever its length. Autofill fills within a
 * form, so a block of related fields (a contact, an address) is kept together: an object is never split.
 *
 * Four, not eight (2026-11-28): with eight, autofill's read was still ~2.5 ms of a ~20 ms keystroke at 4x against
 * ~1 ms beside a lone input, and the typing goal (issue 33) has no room for it; with four it is ~1.6 ms. What
 * autofill fills together in our steps still sits together: onboarding's basic-info is cut after the contact
 * (first and last name, e-mail, phone), before the business; capital-simple's apply after the signatory's three
 * fields and the finance question, then after the licence upload. Steps of 4 fields or fewer are one form.
 *
 * The cuts are decided once per step from its schema's own properties, not from what is on screen: a field that
 * a rule reveals joins the form it is drawn in, and no other field moves to another form (a field moved to
 * another element would be remounted under the merchant's fingers and lose focus).
 */
import { orderProperties } from '@rjsf/utils';
import { isObject } from '../core/json';
import { withRef, type RefResolver, type SchemaObject } from '../core/schemaRef';
import { fieldsOf, walkFields } from '../core/schemaWalk';

/** The most fields a `<form>` of a step holds: a contact (name, e-mail, phone) and no more. */
export const MAX_FIELDS_PER_FORM = 4;

type Schema = Record<string, unknown>;

/**
 * How many controls a property draws, by the project's one schema walk (core/schemaWalk.ts: `$ref`s followed, each
 * field with its own UI schema, a depth limit for a schema that refers to itself): one for a value, the sum of its
 * fields for an object, one item's for a list; a widget or custom field drawing the whole value (an upload, an
 * object drawn as one control) is one.
 */
export function fieldCount(schema: unknown, resolve: RefResolver, ui?: unknown): number {
  if (!isObject(schema)) return 1;
  let count = 0;
  walkFields({ schema, ui: isObject(ui) ? ui : {} }, resolve, (node) => {
    const whole = typeof node.ui['ui:widget'] === 'string' || node.ui['ui:field'] !== undefined;
    if (!whole && fieldsOf(node, resolve).length > 0) return;
    count += 1;
    return false;
  });
  return Math.max(1, count);
}

/**
 * The properties (in the order they are drawn) that each start a new form, for a step whose root schema has
 * these `properties` and whose UI schema is `ui`. Forms are balanced (10 fields make forms of 4, 3 and 3, not
 * 4, 4 and 2); a hidden property counts for nothing; a property is never split, so an object
 * heavier than the limit makes a longer form. Empty when the step fits in one form.
 */
export function formStarts(
  properties: Schema,
  ui: Schema | undefined,
  count: (schema: unknown, ui: unknown) => number,
  max = MAX_FIELDS_PER_FORM,
): Set<string> {
  let order = Object.keys(properties);
  try {
    order = orderProperties(
      order,
      Array.isArray(ui?.['ui:order']) ? (ui['ui:order'] as string[]) : undefined,
    );
  } catch {
    // A `ui:order` that names unknown fields: rjsf reports it on the form itself; the schema's order will do here.
  }
  const weights = order.map((name) => {
    const fieldUi = ui?.[name];
    const hidden = isObject(fieldUi) && fieldUi['ui:widget'] === 'hidden';
    return [name, hidden ? 0 : count(properties[name], fieldUi)] as const;
  });
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  const forms = Math.ceil(total / max);
  const starts = new Set<string>();
  if (forms <= 1) return starts;
  let next = 1;
  let before = 0;
  let inForm = 0;
  for (const [name, weight] of weights) {
    if (weight === 0) continue;
    if (inForm > 0 && before >= (next * total) / forms) {
      starts.add(name);
      inForm = 0;
      while (before >= (next * total) / forms) next += 1;
    }
    before += weight;
    inForm += weight;
  }
  return starts;
}

/** Where a step's forms are cut: at which object (a path of property names) and before which of its properties. */
export interface FormCuts {
  path: string[];
  starts: Set<string>;
}

/**
 * The cuts for a step: among the root's properties, or, when the root only wraps one object (legal_info holding
 * a whole step), among that object's, and so on down.
 */
export function formCuts(root: unknown, ui: unknown, resolve: RefResolver): FormCuts {
  // A resolver that fails leaves the `$ref` unfollowed: a miscounted step is still drawn, an exception is not.
  const safe: RefResolver = (ref) => {
    try {
      return resolve(ref);
    } catch {
      return undefined;
    }
  };
  const path: string[] = [];
  let schema = isObject(root) ? withRef(root as SchemaObject, safe) : {};
  let level = isObject(ui) ? ui : undefined;
  for (;;) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const names = Object.keys(properties);
    const only = names.length === 1 ? properties[names[0]!] : undefined;
    const inner = isObject(only) ? withRef(only as SchemaObject, safe) : undefined;
    if (!inner || !isObject(inner.properties) || path.length > 6) {
      const count = (child: unknown, childUi: unknown) => fieldCount(child, safe, childUi);
      return { path, starts: formStarts(properties, level, count) };
    }
    path.push(names[0]!);
    schema = inner;
    const next = level?.[names[0]!];
    level = isObject(next) ? next : undefined;
  }
}
