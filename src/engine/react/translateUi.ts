/**
 * Puts translated texts into a UI schema: field titles and descriptions come
 * from the step schema (as keys), option labels and placeholders from the UI
 * schema (as keys). The step schema itself is never changed — its precompiled
 * validator is tied to it.
 */
import { isObject, isTextKey, type JsonObject } from '../core/json';
import { localRefs, withRef } from '../core/schemaRef';
import { fieldsOf, MAX_WALK_DEPTH, type WalkNode } from '../core/schemaWalk';

type Translate = (key: string) => string;

/**
 * @param schema - the step schema (titles are keys)
 * @param ui - the step's UI schema
 * @param t - the translation function of the current language
 * @returns - a new UI schema with texts in the current language
 */
export function translateUi(schema: JsonObject, ui: JsonObject, t: Translate): JsonObject {
  const text = (value: unknown) => (isTextKey(value) ? t(value) : value);
  const refs = localRefs(schema);
  const visit = (node: WalkNode, depth: number): JsonObject => {
    const field = node.schema;
    const out: JsonObject = { ...node.ui };
    if (typeof field.title === 'string' && out['ui:title'] === undefined) out['ui:title'] = t(field.title);
    else if (out['ui:title'] !== undefined) out['ui:title'] = text(out['ui:title']);
    if (typeof field.description === 'string' && out['ui:description'] === undefined)
      out['ui:description'] = t(field.description);
    for (const key of ['ui:description', 'ui:help', 'ui:placeholder'])
      if (out[key] !== undefined) out[key] = text(out[key]);
    for (const key of ['ui:enumNames', 'ui:enumDescriptions'])
      if (Array.isArray(out[key])) out[key] = out[key].map(text);
    const options = out['ui:options'];
    if (isObject(options) && (Array.isArray(options.checklist) || options.unsavedMessage !== undefined))
      out['ui:options'] = {
        ...options,
        ...(Array.isArray(options.checklist) ? { checklist: options.checklist.map(text) } : {}),
        ...(options.unsavedMessage !== undefined ? { unsavedMessage: text(options.unsavedMessage) } : {}),
      };
    if (depth < MAX_WALK_DEPTH)
      for (const child of fieldsOf(node, refs))
        out[child.kind === 'item' ? 'items' : child.name] = visit(child, depth + 1);
    return out;
  };
  return visit(
    { schema: withRef(schema, refs), ui: isObject(ui) ? ui : {}, data: undefined, pointer: '' },
    0,
  );
}
