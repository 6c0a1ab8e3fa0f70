/**
 * A flow version's content as catalogue files: `schemas/` paths and translation bundles. Pure and light (the
 * studio's diff in the browser uses it too); checking them is ./content.ts.
 */
import { isObject, splitTextKey, type JsonObject } from '../engine/core/json';
import type { FlowVersionContent } from './version';

/** The content's files, by their path below `schemas/`: the flow file, its steps, the shared definitions. */
export function contentFiles(content: FlowVersionContent): Record<string, unknown> {
  const folder = content.flow.flow;
  const files: Record<string, unknown> = { [`${folder}/flow.json`]: content.flow };
  for (const step of Object.values(content.steps)) {
    files[step.file] = step.schema;
    files[step.file.replace(/\.schema\.json$/, '.ui.json')] = step.ui;
  }
  for (const [file, schema] of Object.entries(content.shared)) files[file] = schema;
  return files;
}

/** The content's texts as translation bundles: language → namespace → nested texts. */
export function contentLocales(content: FlowVersionContent): Record<string, Record<string, JsonObject>> {
  const locales: Record<string, Record<string, JsonObject>> = {};
  for (const [language, texts] of Object.entries(content.texts)) {
    const namespaces = (locales[language] ??= {});
    for (const [key, text] of Object.entries(texts)) {
      const [namespace, path] = splitTextKey(key);
      let node = (namespaces[namespace] ??= {});
      const parts = path.split('.');
      for (const part of parts.slice(0, -1)) {
        const next = node[part];
        node = (isObject(next) ? next : (node[part] = {})) as JsonObject;
      }
      node[parts.at(-1)!] = text;
    }
  }
  return locales;
}
