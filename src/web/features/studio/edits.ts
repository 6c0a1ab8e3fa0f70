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
