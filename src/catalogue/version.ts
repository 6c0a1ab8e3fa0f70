/**
 * Flow versions. A version is everything a flow uses — its flow file, its step schemas and UI schemas, the
 * shared definitions they refer to and the texts they show, in every language — and its id is the SHA-256 of
 * that content written canonically (keys sorted, no spaces). Same content, same id, on any machine; any
 * change, even one Arabic comma, a new id. A version never changes: publishing makes a new one.
 */
import { createHash } from 'node:crypto';
import { isObject, splitTextKey } from '../engine/core/json';
import type { FlowDefinition } from '../engine/core/types';
import { bundleSchema, sharedFilesUsed } from './bundle';
import {
  lookupText,
  REQUIRED_LANGUAGES,
  type CatalogueModel,
  type JsonSchema,
  type ModelFlow,
} from './model';
import { defaultMessageKeys, flowFileTexts, schemaTexts, uiTexts } from './texts';

export interface VersionStep {
  /** Where the schema was (its relative `$ref`s start there). */
  file: string;
  schema: JsonSchema;
  ui: JsonSchema;
}

export interface FlowVersionContent {
  flow: FlowDefinition;
  steps: Record<string, VersionStep>;
  /** The shared definition files the steps use, by path. */
  shared: Record<string, JsonSchema>;
  /** Every text the flow shows: language → key → text (plural forms under their i18next suffixes). */
  texts: Record<string, Record<string, string>>;
}

export interface FlowVersion {
  /** SHA-256 (hex) of the canonical content. */
  id: string;
  flow: string;
  content: FlowVersionContent;
}

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The version id of some content. */
export function versionId(content: FlowVersionContent): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The texts of some keys in every language, plural forms included. Missing texts are left out. */
function textsOf(model: CatalogueModel, keys: Iterable<string>): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const language of REQUIRED_LANGUAGES) {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const [namespace, path] = splitTextKey(key);
      const bundle = model.source.locales[language]?.[namespace];
      for (const variant of [path, ...PLURAL_SUFFIXES.map((s) => `${path}_${s}`)]) {
        const text = lookupText(bundle, variant);
        if (typeof text === 'string')
          out[variant === path ? key : `${key}_${variant.slice(path.length + 1)}`] = text;
      }
    }
    texts[language] = out;
  }
  return texts;
}

/**
 * The content of a flow as it stands in the model. Call it on a catalogue the checks passed.
 * @param model - the checked catalogue
 * @param flow - one of its flows
 */
export function versionContent(model: CatalogueModel, flow: ModelFlow): FlowVersionContent {
  const { $schema: _editorHint, ...definition } = flow.definition as FlowDefinition & { $schema?: string };
  const steps: Record<string, VersionStep> = {};
  const sharedFiles = new Set<string>();
  const keys = new Set<string>();
  const addKeys = (usages: { key: unknown }[]) =>
    usages.forEach((u) => typeof u.key === 'string' && keys.add(u.key));
  addKeys(flowFileTexts(flow.file, flow.definition));
  for (const step of flow.steps) {
    const { $id: _id, ...schema } = step.schema!;
    steps[step.definition.id] = { file: step.schemaFile, schema, ui: step.ui! };
    addKeys(schemaTexts(step.schemaFile, schema));
    addKeys(uiTexts(step.uiFile, step.ui!));
    defaultMessageKeys(schema).forEach((k) => keys.add(k));
    sharedFilesUsed(model.shared, step.schema!, step.schemaFile).forEach((f) => sharedFiles.add(f));
  }
  const shared: Record<string, JsonSchema> = {};
  for (const file of [...sharedFiles].sort()) {
    const { $id: _id, ...schema } = model.shared[file]!;
    shared[file] = schema;
    addKeys(schemaTexts(file, schema, '/$defs'));
    defaultMessageKeys(schema.$defs).forEach((k) => keys.add(k));
  }
  return { flow: definition as FlowDefinition, steps, shared, texts: textsOf(model, [...keys].sort()) };
}

/** A flow's version as it stands in the model. */
export function flowVersion(model: CatalogueModel, flow: ModelFlow): FlowVersion {
  const content = versionContent(model, flow);
  return { id: versionId(content), flow: content.flow.flow, content };
}

/**
 * A step's schema made self-contained, with the `$id` given (rjsf and precompiled validators need local refs).
 * @param content - a version's content
 */
export function bundledStepSchema(content: FlowVersionContent, stepId: string, id: string): JsonSchema {
  const step = content.steps[stepId];
  if (!step) throw new Error(`no step "${stepId}" in flow "${content.flow.flow}"`);
  return bundleSchema(content.shared, step.schema, step.file, id);
}
