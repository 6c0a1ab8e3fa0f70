import { isTextKey, splitTextKey } from '../../engine/core/json';
import { lookupText, REQUIRED_LANGUAGES, type CatalogueModel } from '../model';
import { flowFileTexts, schemaTexts, uiTexts, type TextUsage } from '../texts';
import { finding, type Check, type Finding } from './check';

/** Every text a catalogue file asks for, flows, steps and shared definitions alike. */
export function catalogueTexts(model: CatalogueModel): TextUsage[] {
  const usages: TextUsage[] = [];
  for (const [file, schema] of Object.entries(model.shared))
    if (file.startsWith('_defs/')) usages.push(...schemaTexts(file, schema, '/$defs'));
  for (const flow of model.flows) {
    usages.push(...flowFileTexts(flow.file, flow.definition));
    for (const step of flow.steps) {
      if (step.schema) usages.push(...schemaTexts(step.schemaFile, step.schema));
      if (step.ui) usages.push(...uiTexts(step.uiFile, step.ui));
    }
  }
  return usages;
}

/** Is the key written as one, and its text there in every language? */
export function textProblem(model: CatalogueModel, key: unknown): string | null {
  if (!isTextKey(key)) return `must be a translation key "namespace:path", got ${JSON.stringify(key)}`;
  const [namespace, path] = splitTextKey(key);
  for (const language of REQUIRED_LANGUAGES) {
    const text = lookupText(model.source.locales[language]?.[namespace], path);
    if (typeof text !== 'string' || text.trim() === '')
      return `translation "${key}" is missing in locales/${language}/${namespace}.json`;
  }
  return null;
}

/** Every title, label, option, message and question is a translation key with text in English and Arabic. */
export const translations: Check = {
  name: 'translations',
  summary: 'every text is a translation key with text in every language (en, ar)',
  run(model) {
    const found: Finding[] = [];
    const seen = new Set<string>();
    for (const usage of catalogueTexts(model)) {
      const at = `${usage.file}#${usage.pointer}`;
      if (seen.has(at)) continue;
      seen.add(at);
      const problem = textProblem(model, usage.key);
      if (problem) found.push(finding(usage.file, usage.pointer, problem));
    }
    return found;
  },
};
