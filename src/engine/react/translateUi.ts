/**
 * Puts translated texts into a UI schema: field titles and descriptions come
 * from the step schema (as keys), option labels and placeholders from the UI
 * schema (as keys). The step schema itself is never changed — its precompiled
 * validator is tied to it.
 */
import type { JsonObject } from '../core/json';
import { localRefs, withRef } from '../core/schemaRef';

type Translate = (key: string) => string;

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
const TEXT_KEY = /^[a-z][a-zA-Z0-9-]*:[a-zA-Z0-9_.-]+$/;

/**
 * @param schema - the step schema (titles are keys)
 * @param ui - the step's UI schema
 * @param t - the translation function of the current language
 * @returns - a new UI schema with texts in the current language
 */
export function translateUi(schema: JsonObject, ui: JsonObject, t: Translate): JsonObject {
  const text = (value: unknown) => (typeof value === 'string' && TEXT_KEY.test(value) ? t(value) : value);

  const refs = localRefs(schema);
  const visit = (fieldSchema: JsonObject, node: JsonObject): JsonObject => {
    const field = withRef(fieldSchema, refs);
    const out: JsonObject = { ...node };
    if (typeof field.title === 'string' && out['ui:title'] === undefined) out['ui:title'] = t(field.title);
    else if (out['ui:title'] !== undefined) out['ui:title'] = text(out['ui:title']);
    if (typeof field.description === 'string' && out['ui:description'] === undefined)
      out['ui:description'] = t(field.description);
    for (const key of ['ui:description', 'ui:help', 'ui:placeholder'])
      if (out[key] !== undefined) out[key] = text(out[key]);
    for (const key of ['ui:enumNames', 'ui:enumDescriptions'])
      if (Array.isArray(out[key])) out[key] = out[key].map(text);
    if (isObject(field.properties)) {
      for (const [name, child] of Object.entries(field.properties)) {
        if (isObject(child)) out[name] = visit(child, isObject(node[name]) ? node[name] : {});
      }
    }
    if (isObject(field.items)) out.items = visit(field.items, isObject(node.items) ? node.items : {});
    return out;
  };
  return visit(schema, ui);
}
