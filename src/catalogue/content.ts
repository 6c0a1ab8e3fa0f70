/**
 * A flow version's content as catalogue files and back: the studio checks and versions an edited content with
 * the very pipeline `npm run catalogue -- check` runs (content → files → read → check → version), and the CLI
 * exports a version as `schemas/` and `locales/` files and imports them again.
 *
 * The meta-schemas (`_meta/`) are not content: they are the rules of the catalogue format, shipped with the
 * code, and every check of an edited content uses the running code's own.
 */
import { WIDGET_NAMES } from '../engine/core/widgetNames';
import type { CatalogueProblem } from '../engine/core/types';
import { buildCatalogue } from './pipeline';
import type { CatalogueSource } from './source';
import type { FlowVersion, FlowVersionContent } from './version';
import { contentFiles, contentLocales } from './contentFiles';

export { contentFiles, contentLocales };

export interface BuiltContent {
  problems: CatalogueProblem[];
  /** The version the content makes (absent while it has problems). */
  version?: FlowVersion;
}

/**
 * Checks some content with every catalogue check and, when sound, makes its version. What the content holds
 * that the flow does not use (a text no field shows) is left out of the version, as `catalogue check` would.
 * @param meta - the catalogue's meta-schema files (`_meta/…`), by path
 */
export function buildContent(content: FlowVersionContent, meta: Record<string, unknown>): BuiltContent {
  const source: CatalogueSource = {
    files: { ...meta, ...contentFiles(content) },
    locales: contentLocales(content),
    widgets: WIDGET_NAMES,
  };
  const built = buildCatalogue(source);
  return { problems: built.problems, version: built.versions[content.flow.flow] };
}

/** The meta-schema files of a read catalogue (what `buildContent` needs). */
export function metaFiles(files: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(files).filter(([file]) => file.startsWith('_meta/')));
}
