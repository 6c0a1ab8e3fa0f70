/**
 * Edits of a working copy's content, as pure functions the studio's friendly forms call: each returns new
 * content and leaves the old one as it was (the editor's undo keeps the old ones).
 */
import { isObject, type JsonObject } from '../../../engine/core/json';
import { getAt, parsePointer, toPointer } from '../../../engine/core/pointer';
import type { FlowVersionContent } from './api';

export interface FieldInfo {
  /** Where the field's schema is in the step schema (`/properties/a/properties/b`). */
  schemaPointer: string;
  /** Where its answer is in the data (`/a/b`). */
  dataPointer: string;
  name: string;
  node: JsonObject;
  /** Its parent's `required` names it. */
  required: boolean;
}

/** The fields a step schema declares (nested objects' fields too), in document order. */
export function fieldsOf(schema: JsonObject): FieldInfo[] {
  const out: FieldInfo[] = [];
  const walk = (node: JsonObject, schemaPath: string[], dataPath: string[]) => {
    if (!isObject(node.properties)) return;
    const required = Array.isArray(node.required) ? node.required.map(String) : [];
    for (const [name, child] of Object.entries(node.properties)) {
      if (!isObject(child)) continue;
      const here = [...schemaPath, 'properties', name];
      const data = [...dataPath, name];
      out.push({
        schemaPointer: toPointer(here),
        dataPointer: toPointer(data),
        name,
        node: child,
        required: required.includes(name),
      });
      if (child.type === 'object') walk(child, here, data);
    }
  };
  walk(schema, [], []);
  return out;
}

/** A copy of the content with one step's schema changed by `change` (given a copy to change). */
export function withStepSchema(
  content: FlowVersionContent,
  stepId: string,
  change: (schema: JsonObject) => void,
): FlowVersionContent {
  const next = structuredClone(content);
  change(next.steps[stepId]!.schema);
  return next;
}

/** Sets (or, with undefined, removes) a keyword of the schema node at a pointer of a step. */
export function setKeyword(
  content: FlowVersionContent,
  stepId: string,
  schemaPointer: string,
  keyword: string,
  value: unknown,
): FlowVersionContent {
  return withStepSchema(content, stepId, (schema) => {
    const node = getAt(schema, schemaPointer);
    if (!isObject(node)) return;
    if (value === undefined) delete node[keyword];
    else node[keyword] = value as JsonObject[string];
  });
}

/** Makes a field required or optional (its parent's `required`). */
export function setRequired(
  content: FlowVersionContent,
  stepId: string,
  schemaPointer: string,
  required: boolean,
): FlowVersionContent {
  const path = parsePointer(schemaPointer);
  const name = path.at(-1)!;
  const parentPointer = toPointer(path.slice(0, -2));
  return withStepSchema(content, stepId, (schema) => {
    const parent = getAt(schema, parentPointer);
    if (!isObject(parent)) return;
    const list = Array.isArray(parent.required) ? parent.required.map(String) : [];
    const next = required ? [...new Set([...list, name])] : list.filter((n) => n !== name);
    if (next.length > 0) parent.required = next;
    else delete parent.required;
  });
}

/** A copy of the content with a text set (or, with an empty text, removed) in one language. */
export function setText(
  content: FlowVersionContent,
  language: string,
  key: string,
  text: string,
): FlowVersionContent {
  const next = structuredClone(content);
  const bundle = (next.texts[language] ??= {});
  if (text === '') delete bundle[key];
  else bundle[key] = text;
  return next;
}

/** Languages every text must have. */
export const LANGUAGES = ['en', 'ar'] as const;

const KEY = /^[a-z][a-zA-Z0-9-]*:[A-Za-z0-9_.-]+$/;

/** Every text key the content refers to (in its schemas, UI schemas and flow file) or has a text for. */
export function textKeys(content: FlowVersionContent): string[] {
  const namespaces = new Set(
    Object.values(content.texts).flatMap((texts) => Object.keys(texts).map((k) => k.split(':')[0]!)),
  );
  const keys = new Set<string>();
  const visit = (node: unknown) => {
    if (typeof node === 'string') {
      if (KEY.test(node) && namespaces.has(node.split(':')[0]!)) keys.add(node);
    } else if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) Object.values(node).forEach(visit);
  };
  visit(content.flow);
  Object.values(content.steps).forEach((s) => {
    visit(s.schema);
    visit(s.ui);
  });
  visit(content.shared);
  for (const texts of Object.values(content.texts))
    for (const key of Object.keys(texts)) keys.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
  return [...keys].sort();
}

/** A new text key for a field's message, in the flow's own namespace. */
export function messageKey(content: FlowVersionContent, stepId: string, field: string, keyword: string) {
  const namespace = String(content.flow.title).split(':')[0] ?? content.flow.flow;
  return `${namespace}:studio.${stepId}.${field}.${keyword}`;
}

/** A field's list of options: the schema's `enum` (or its items' for a multiple choice) and their labels. */
export interface FieldOptions {
  values: unknown[];
  /** The text key of each option's label (`ui:enumNames`), where the UI schema gives one. */
  labels: (string | undefined)[];
  /** The options are the step's own (editable here), not a shared definition's. */
  local: boolean;
  /** The options are the items' (a multiple choice): `items.enum` and `items/ui:enumNames`. */
  multiple: boolean;
}

/** The field's shared definition (`$ref` into `_defs/`), if it has one. */
function sharedDefinition(content: FlowVersionContent, node: JsonObject): JsonObject | undefined {
  if (typeof node.$ref !== 'string') return undefined;
  const name = node.$ref.split('#/$defs/')[1];
  if (!name) return undefined;
  for (const file of Object.values(content.shared)) {
    const defs = isObject(file.$defs) ? file.$defs : undefined;
    if (defs && isObject(defs[name])) return defs[name] as JsonObject;
  }
  return undefined;
}

/** Where the options' list and labels are: the node itself, or its items. */
function optionHolder(node: JsonObject): { holder: JsonObject; multiple: boolean } | undefined {
  if (Array.isArray(node.enum)) return { holder: node, multiple: false };
  if (isObject(node.items) && Array.isArray(node.items.enum))
    return { holder: node.items as JsonObject, multiple: true };
  return undefined;
}

const uiPointerOf = (field: FieldInfo, multiple: boolean) =>
  `${field.dataPointer}${multiple ? '/items' : ''}`;

/** A field's options, or undefined for a field without a list of options. */
export function optionsOf(
  content: FlowVersionContent,
  stepId: string,
  field: FieldInfo,
): FieldOptions | undefined {
  // The field as the content has it now (the caller's FieldInfo may come from before an edit).
  const node = getAt(content.steps[stepId]?.schema, field.schemaPointer);
  if (!isObject(node)) return undefined;
  const own = optionHolder(node);
  const shared = own ? undefined : sharedDefinition(content, node);
  const found = own ?? (shared ? optionHolder(shared) : undefined);
  if (!found) return undefined;
  const values = found.holder.enum as unknown[];
  const ui = getAt(content.steps[stepId]!.ui, uiPointerOf(field, found.multiple));
  const names = isObject(ui) && Array.isArray(ui['ui:enumNames']) ? ui['ui:enumNames'] : [];
  return {
    values,
    labels: values.map((_, i) => (typeof names[i] === 'string' ? names[i] : undefined)),
    local: own !== undefined,
    multiple: found.multiple,
  };
}

/** A copy of the content with a step's UI schema node at a pointer changed (made on the way when missing). */
function withUiNode(
  content: FlowVersionContent,
  stepId: string,
  pointer: string,
  change: (node: JsonObject) => void,
): FlowVersionContent {
  const next = structuredClone(content);
  let node = next.steps[stepId]!.ui;
  for (const token of parsePointer(pointer)) {
    const child = node[token];
    node = (isObject(child) ? child : (node[token] = {})) as JsonObject;
  }
  change(node);
  return next;
}

/** The text key of a new option's label, in the flow's namespace, unique in the content. */
export function optionKey(content: FlowVersionContent, stepId: string, field: FieldInfo, value: string) {
  const namespace = String(content.flow.title).split(':')[0] ?? content.flow.flow;
  const safe = value.replace(/[^A-Za-z0-9_-]/g, '_') || 'option';
  return `${namespace}:studio.${stepId}.${field.name}.options.${safe}`;
}

/**
 * Changes a field's own options (values and labels together, so they stay in step): `change` gets copies of
 * both lists and changes them in place.
 */
export function editOptions(
  content: FlowVersionContent,
  stepId: string,
  field: FieldInfo,
  change: (values: unknown[], labels: (string | undefined)[]) => void,
): FlowVersionContent {
  const options = optionsOf(content, stepId, field);
  if (!options?.local) return content;
  const values = [...options.values];
  const labels = [...options.labels];
  change(values, labels);
  const withSchema = withStepSchema(content, stepId, (schema) => {
    const node = getAt(schema, field.schemaPointer);
    if (!isObject(node)) return;
    const holder = options.multiple ? (node.items as JsonObject) : node;
    holder.enum = values as JsonObject[string];
  });
  // rjsf reads labels by position, so once one option has a label every option gets a key of its own: its
  // English text is its value to begin with, and the translation check asks for the Arabic.
  let next = withSchema;
  const keys = labels.every((label) => label === undefined)
    ? undefined
    : labels.map((label, i) => {
        if (label !== undefined) return label;
        const key = optionKey(content, stepId, field, String(values[i]));
        next = setText(next, 'en', key, next.texts.en?.[key] ?? String(values[i]));
        return key;
      });
  return withUiNode(next, stepId, uiPointerOf(field, options.multiple), (ui) => {
    if (keys) ui['ui:enumNames'] = keys;
    else delete ui['ui:enumNames'];
  });
}

/** Adds an option (a text value) with its label in each language. */
export function addOption(
  content: FlowVersionContent,
  stepId: string,
  field: FieldInfo,
  value: string,
  texts: Partial<Record<(typeof LANGUAGES)[number], string>>,
): FlowVersionContent {
  if (!optionsOf(content, stepId, field)?.local) return content;
  const key = optionKey(content, stepId, field, value);
  let next = editOptions(content, stepId, field, (values, labels) => {
    values.push(value);
    labels.push(key);
  });
  for (const language of LANGUAGES) next = setText(next, language, key, texts[language] ?? '');
  return next;
}

/** Removes the option at an index (its label's texts stay until nothing uses them: a version leaves them out). */
export function removeOption(content: FlowVersionContent, stepId: string, field: FieldInfo, index: number) {
  return editOptions(content, stepId, field, (values, labels) => {
    values.splice(index, 1);
    labels.splice(index, 1);
  });
}

/** Moves the option at an index one place up (-1) or down (+1). */
export function moveOption(
  content: FlowVersionContent,
  stepId: string,
  field: FieldInfo,
  index: number,
  delta: -1 | 1,
) {
  return editOptions(content, stepId, field, (values, labels) => {
    const to = index + delta;
    if (to < 0 || to >= values.length) return;
    [values[index], values[to]] = [values[to], values[index]];
    [labels[index], labels[to]] = [labels[to], labels[index]];
  });
}
