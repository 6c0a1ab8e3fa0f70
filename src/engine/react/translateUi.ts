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

const UI_TEXTS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);
const UI_TEXT_LISTS = new Set(['ui:enumNames', 'ui:enumDescriptions']);

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
    if (depth < MAX_WALK_DEPTH) {
      const tuple = Array.isArray(field.prefixItems);
      const positions: JsonObject[] = [];
      for (const child of fieldsOf(node, refs)) {
        const translated = visit(child, depth + 1);
        if (child.kind === 'property') out[child.name] = translated;
        // A tuple's positions each have their own UI (rjsf reads `items` as a list), the rest `additionalItems`.
        else if (tuple && child.name !== '-') positions[Number(child.name)] = translated;
        else out[tuple ? 'additionalItems' : 'items'] = translated;
      }
      if (tuple) out.items = positions;
      for (const keyword of ['oneOf', 'anyOf'] as const)
        if (Array.isArray(field[keyword])) out[keyword] = optionsUi(field[keyword], out, node.ui[keyword]);
    }
    return out;
  };
  /** A UI schema written for an option, its texts translated at every depth (its fields' labels, placeholders …). */
  const textsOf = (node: JsonObject): JsonObject =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        UI_TEXTS.has(key)
          ? text(value)
          : UI_TEXT_LISTS.has(key) && Array.isArray(value)
            ? value.map(text)
            : isObject(value)
              ? textsOf(value)
              : value,
      ]),
    );
  /**
   * A choice between branches (`oneOf`/`anyOf`): each option's label (its `title`), and for an option that
   * declares fields, the UI its fields draw with — the object's own (which holds every branch's fields), the
   * option's heading left out (the choice above names it), and its fixed property hidden: choosing the option
   * answers it (normalise.ts gives it as the default).
   */
  const optionsUi = (branches: unknown[], object: JsonObject, written: unknown): JsonObject[] =>
    branches.map((raw, i) => {
      const branch = isObject(raw) ? withRef(raw, refs) : {};
      const own = Array.isArray(written) && isObject(written[i]) ? written[i] : {};
      const fields: JsonObject = {};
      if (isObject(branch.properties)) {
        for (const [key, value] of Object.entries(object))
          if (!key.startsWith('ui:') && key !== 'oneOf' && key !== 'anyOf') fields[key] = value;
        for (const [name, property] of Object.entries(branch.properties))
          if (isObject(property) && 'const' in property)
            fields[name] = { ...(isObject(fields[name]) ? fields[name] : {}), 'ui:widget': 'hidden' };
        fields['ui:label'] = false;
      }
      const title = own['ui:title'] ?? branch.title;
      // The option's own UI over the object's, field by field (a placeholder written for it keeps the field's label).
      const merged: JsonObject = { ...fields };
      for (const [key, value] of Object.entries(textsOf(own)))
        merged[key] = isObject(value) && isObject(merged[key]) ? { ...merged[key], ...value } : value;
      return { ...merged, ...(title !== undefined ? { 'ui:title': text(title) } : {}) };
    });
  return visit(
    { schema: withRef(schema, refs), ui: isObject(ui) ? ui : {}, data: undefined, pointer: '' },
    0,
  );
}
