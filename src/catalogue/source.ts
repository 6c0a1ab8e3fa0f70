/**
 * Where a catalogue comes from. The pipeline works on a `CatalogueSource` — parsed files keyed by path, the
 * translations, the widget names — so the same checks and compiler run on files read from disk (here), on
 * rows read from the database (publishing, later) and on test fixtures.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { WIDGET_NAMES } from '../engine/core/widgetNames';
import type { CatalogueProblem } from '../engine/core/types';

export interface CatalogueSource {
  /** Parsed JSON files keyed by their path below schemas/ ("onboarding/flow.json"). */
  files: Record<string, unknown>;
  /** Translations: language → namespace → nested texts. */
  locales: Record<string, Record<string, unknown>>;
  /** Names of the registered widgets. */
  widgets: readonly string[];
}

function listJson(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return listJson(full, base);
      return name.endsWith('.json') ? [path.relative(base, full).split(path.sep).join('/')] : [];
    });
}

/**
 * Reads a catalogue folder and a translations folder. A file that is not JSON becomes a problem, not a crash.
 * @param schemasDir - the catalogue (schemas/)
 * @param localesDir - the translations (locales/<language>/<namespace>.json)
 */
export function readCatalogueDir(
  schemasDir: string,
  localesDir: string,
): { source: CatalogueSource; problems: CatalogueProblem[] } {
  const problems: CatalogueProblem[] = [];
  const parse = (file: string, full: string): unknown => {
    try {
      return JSON.parse(readFileSync(full, 'utf8'));
    } catch (error) {
      problems.push({
        file,
        pointer: '/',
        message: `not valid JSON: ${(error as Error).message}`,
        check: 'json',
      });
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

/** The catalogue format's meta-schemas (`_meta/*.json`), by their path below schemas/. */
export function readMetaFiles(schemasDir: string): Record<string, unknown> {
  const dir = path.join(schemasDir, '_meta');
  return Object.fromEntries(
    listJson(dir).map((file) => [`_meta/${file}`, JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
  );
}
