/**
 * A step's UI schema with every field read-only except some answers (an application sent back: the merchant
 * changes only what the reviewer sent back; docs/review.md). Pure: the wizard applies it to each step it draws.
 *
 * A UI schema names a list's items once (`items`), not each item: a field editable in one owner is editable in
 * every owner, and a list that holds an editable answer keeps its items but loses its add and remove buttons. The
 * server refuses a change to any other answer (review:errors.notSentBack), so what the form lets through is kept
 * only where it was sent back.
 */
import { isObject, type JsonObject } from './json';
import { isWithin, parsePointer } from './pointer';
import type { RefResolver, SchemaObject } from './schemaRef';
import { walkFields, type WalkField, type WalkNode } from './schemaWalk';

const isField = (node: WalkNode | WalkField): node is WalkField => 'kind' in node;

/** Sets UI options at a UI path, copying each object on the way (the step's own UI schema is not changed). */
function setAt(ui: JsonObject, path: readonly string[], options: JsonObject): JsonObject {
  if (path.length === 0) return { ...ui, ...options };
  const [head, ...rest] = path as [string, ...string[]];
  const child = ui[head];
  // A tuple's `items` (an array of UI schemas) is left as it is: the form has no such list.
  if (Array.isArray(child)) return ui;
  return { ...ui, [head]: setAt(isObject(child) ? child : {}, rest, options) };
}

/**
 * @param step - the step's schema, its (translated) UI schema and its `$ref` resolver
 * @param data - the answers (their lists' items give the pointers the editable ones are matched with)
 * @param editable - the answers that stay editable (JSON pointers); the rest of the step is read-only
 */
export function readOnlyExcept(
  step: { schema: SchemaObject; ui: JsonObject; resolve: RefResolver },
  data: unknown,
  editable: readonly string[],
): JsonObject {
  const uiPathOf = new Map<string, string[]>([['', []]]);
  const keep = new Set<string>();
  const lists = new Set<string>();
  const locked = new Set<string>();
  walkFields({ schema: step.schema, ui: step.ui, data }, step.resolve, (node) => {
    if (!isField(node)) return;
    const parent = parsePointer(node.pointer).slice(0, -1);
    const parentPath = uiPathOf.get(parent.length ? `/${parent.join('/')}` : '') ?? [];
    const uiPath = [...parentPath, node.kind === 'item' ? 'items' : node.name];
    uiPathOf.set(node.pointer, uiPath);
    const key = uiPath.join('/');
    const holds = editable.some((e) => isWithin(e, node.pointer));
    const inside = editable.some((e) => isWithin(node.pointer, e));
    if (holds || inside) {
      keep.add(key);
      // A list holding an editable answer: its items stay, its length does not change.
      if (holds && !editable.includes(node.pointer) && node.schema.type === 'array') lists.add(key);
      return !inside;
    }
    locked.add(key);
    return false;
  });
  let ui = step.ui;
  for (const key of locked) if (!keep.has(key)) ui = setAt(ui, key.split('/'), { 'ui:readonly': true });
  for (const key of lists) {
    const at = key.split('/');
    const existing = at.reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), ui);
    const options = isObject(existing) && isObject(existing['ui:options']) ? existing['ui:options'] : {};
    ui = setAt(ui, at, { 'ui:options': { ...options, addable: false, removable: false, orderable: false } });
  }
  return ui;
}
