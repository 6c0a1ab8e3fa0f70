/**
 * The catalogue pipeline: read → check → version (→ compile, on demand). The CLI, the Vite plugin, the
 * server at start and (later) publishing all go through `buildCatalogue`; nothing else reads catalogue files.
 */
import type { CatalogueProblem } from '../engine/core/types';
import { checkCatalogue } from './checks';
import type { CatalogueModel } from './model';
import { readCatalogueDir, type CatalogueSource } from './source';
import { flowVersion, type FlowVersion } from './version';

export interface BuiltCatalogue {
  model: CatalogueModel;
  problems: CatalogueProblem[];
  /** Each flow's version, by flow id (empty while there are problems: a broken catalogue has no versions). */
  versions: Record<string, FlowVersion>;
}

/** Checks a catalogue and, when it is sound, makes each flow's version. */
export function buildCatalogue(
  source: CatalogueSource,
  readProblems: CatalogueProblem[] = [],
): BuiltCatalogue {
  const { model, problems } = checkCatalogue(source);
  const all = [...readProblems, ...problems];
  const versions: Record<string, FlowVersion> = {};
  if (all.length === 0)
    for (const flow of model.flows) versions[flow.definition.flow] = flowVersion(model, flow);
  return { model, problems: all, versions };
}

/** Reads, checks and versions the catalogue in a folder. */
export function buildCatalogueDir(schemasDir: string, localesDir: string): BuiltCatalogue {
  const { source, problems } = readCatalogueDir(schemasDir, localesDir);
  return buildCatalogue(source, problems);
}

/** One problem per line, as `file#pointer: message [check]`. */
export function formatProblems(problems: readonly CatalogueProblem[]): string {
  return problems
    .map((p) => `  ${p.file}#${p.pointer}: ${p.message}${p.check ? ` [${p.check}]` : ''}`)
    .join('\n');
}

/** The versions of a sound catalogue; a catalogue with problems is refused with all of them listed. */
export function checkedVersions(schemasDir: string, localesDir: string): Record<string, FlowVersion> {
  const built = buildCatalogueDir(schemasDir, localesDir);
  if (built.problems.length > 0)
    throw new Error(
      `the catalogue has ${built.problems.length} problem(s):\n${formatProblems(built.problems)}`,
    );
  return built.versions;
}
