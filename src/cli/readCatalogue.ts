/** Reads the catalogue and its translations from disk for the checker (CLI, tests, build). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkCatalogue, type Catalogue, type CatalogueSource } from '../engine/core/catalogue';
import type { CatalogueProblem } from '../engine/core/types';
import { WIDGET_NAMES } from '../engine/core/widgetNames';

function listJson(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listJson(full, base);
    return name.endsWith('.json') ? [path.relative(base, full).split(path.sep).join('/')] : [];
  });
}

/** A file that is not JSON becomes a problem, not a crash. */
export function readCatalogue(
  schemasDir: string,
  localesDir: string,
): { source: CatalogueSource; problems: CatalogueProblem[] } {
  const problems: CatalogueProblem[] = [];
  const parse = (file: string, full: string): unknown => {
    try {
      return JSON.parse(readFileSync(full, 'utf8'));
    } catch (error) {
      problems.push({ file, pointer: '/', message: `not valid JSON: ${(error as Error).message}` });
      return undefined;
    }
  };
  const files: Record<string, unknown> = {};
  for (const file of listJson(schemasDir)) {
    const content = parse(file, path.join(schemasDir, file));
    if (content !== undefined) files[file] = content;
  }
  const locales: Record<string, Record<string, unknown>> = {};
  for (const file of listJson(localesDir)) {
    const [language, namespaceFile] = file.split('/');
    if (!language || !namespaceFile) continue;
    const content = parse(`../locales/${file}`, path.join(localesDir, file));
    (locales[language] ??= {})[namespaceFile.replace(/\.json$/, '')] = content;
  }
  return { source: { files, locales, widgets: WIDGET_NAMES }, problems };
}

/**
 * Reads and checks the catalogue; a catalogue with problems is refused with all of them listed.
 */
export function loadCheckedCatalogue(schemasDir: string, localesDir: string): Catalogue {
  const { source, problems: readProblems } = readCatalogue(schemasDir, localesDir);
  const { catalogue, problems } = checkCatalogue(source);
  const all = [...readProblems, ...problems];
  if (all.length > 0) {
    throw new Error(
      `the catalogue has ${all.length} problem(s):\n${all.map((p) => `  ${p.file}#${p.pointer}: ${p.message}`).join('\n')}`,
    );
  }
  return catalogue;
}
