/**
 * Which texts the catalogue's files ask for: titles, descriptions and per-field messages in schemas, labels
 * and placeholders in UI schemas, titles and questions in flow files, and the default message of every rule
 * a schema can break. The translations check proves each exists in every language; a flow version carries
 * exactly these texts, so what the merchant reads is part of the version.
 */
import { isObject } from '../engine/core/json';
import { formats } from '../engine/core/formats';
import { toPointer } from '../engine/core/pointer';
import { walkJson, type JsonSchema } from './model';
import type { FlowDefinition } from '../engine/core/types';

export interface TextUsage {
  file: string;
  pointer: string;
  /** The key as written (the translations check refuses one that is not a key). */
  key: unknown;
}

/** Validation keywords that can fail and so need a message. */
export const MESSAGE_KEYWORDS = new Set([
  'required',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'type',
  'not',
  'contains',
  'x-sum',
  // Composition and shape keywords a schema written elsewhere brings (issue 55): each has its message too.
  'oneOf',
  'anyOf',
  'dependencies',
  'items',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
]);

/** The texts of a flow file: its title, its steps' titles and actions, its resets' questions, refusals, stages, lead steps, sidebar entry and submitted page. */
export function flowFileTexts(file: string, flow: FlowDefinition): TextUsage[] {
  return [
    { file, pointer: '/title', key: flow.title },
    ...flow.steps.flatMap((step, i) => [
      { file, pointer: `/steps/${i}/title`, key: step.title },
      ...(step.action ? [{ file, pointer: `/steps/${i}/action`, key: step.action }] : []),
      ...(step.confirm ? [{ file, pointer: `/steps/${i}/confirm`, key: step.confirm }] : []),
      ...(step.back ? [{ file, pointer: `/steps/${i}/back`, key: step.back }] : []),
    ]),
    ...(flow.resets ?? []).flatMap((reset, i) =>
      reset.confirm ? [{ file, pointer: `/resets/${i}/confirm`, key: reset.confirm }] : [],
    ),
    ...Object.entries(flow.refusals ?? {}).map(([reason, key]) => ({
      file,
      pointer: toPointer(['refusals', reason]),
      key,
    })),
    ...(flow.stages?.titles ?? []).map((key, i) => ({ file, pointer: `/stages/titles/${i}`, key })),
    ...(flow.lead ?? []).map((lead, i) => ({ file, pointer: `/lead/${i}/title`, key: lead.title })),
    ...(flow.entry ? [{ file, pointer: '/entry/title', key: flow.entry.title }] : []),
    ...(['badge', 'on', 'title', 'body', 'again'] as const).flatMap((name) => {
      const key = flow.submitted?.[name];
      return key ? [{ file, pointer: `/submitted/${name}`, key }] : [];
    }),
    ...(flow.submitted?.link
      ? [{ file, pointer: '/submitted/link/label', key: flow.submitted.link.label }]
      : []),
  ];
}

/**
 * The texts of a schema: `title` and `description` of its fields (not inside `x-` annotations) and the
 * values of `x-messages`.
 * @param from - where to start (a shared file's `/$defs`: its own title is documentation, not a text)
 */
export function schemaTexts(file: string, schema: JsonSchema, from = ''): TextUsage[] {
  const found: TextUsage[] = [];
  const root = from ? (schema as Record<string, unknown>)[from.slice(1)] : schema;
  walkJson(
    root,
    (node, pointer) => {
      for (const key of ['title', 'description'] as const) {
        if (typeof node[key] === 'string' && !pointer.includes('/x-'))
          found.push({ file, pointer: `${pointer}/${key}`, key: node[key] });
      }
      if (isObject(node['x-messages'])) {
        for (const [keyword, key] of Object.entries(node['x-messages']))
          found.push({ file, pointer: `${pointer}/x-messages/${keyword}`, key });
      }
    },
    from,
  );
  return found;
}

const UI_TEXTS = new Set(['unsavedMessage', 'ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);
const UI_TEXT_LISTS = new Set(['checklist', 'ui:enumNames', 'ui:enumDescriptions']);

/** The texts of a UI schema: labels, descriptions, help, placeholders and option labels and explanations. */
export function uiTexts(file: string, ui: JsonSchema): TextUsage[] {
  const found: TextUsage[] = [];
  walkJson(ui, (node, pointer) => {
    for (const [key, value] of Object.entries(node)) {
      if (UI_TEXTS.has(key)) found.push({ file, pointer: `${pointer}/${key}`, key: value });
      else if (UI_TEXT_LISTS.has(key) && Array.isArray(value))
        value.forEach((v, i) => found.push({ file, pointer: `${pointer}/${key}/${i}`, key: v }));
    }
  });
  return found;
}

/** The default message keys of the rules a schema uses (`validation:error.<keyword>`, formats by name). */
export function defaultMessageKeys(schema: unknown): string[] {
  const keys = new Set<string>();
  walkJson(schema, (node, pointer) => {
    if (pointer.includes('/x-')) return; // annotations (x-messages …) hold keys, not rules
    for (const keyword of Object.keys(node))
      if (MESSAGE_KEYWORDS.has(keyword) && keyword !== 'format') {
        if (keyword !== 'required' || (Array.isArray(node.required) && node.required.length > 0))
          keys.add(`validation:error.${keyword}`);
      }
    // An unknown format is refused by the keywords check, not asked a message for.
    if (typeof node.format === 'string' && node.format in formats)
      keys.add(`validation:error.format.${node.format}`);
  });
  return [...keys].sort();
}
