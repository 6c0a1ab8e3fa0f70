/**
 * The catalogue's named checks, in the order they run. Each is a small function over the model
 * (./check.ts); later ones may skip what earlier ones found broken (the matrix needs sound conditions).
 * Every problem is reported at once, each with its file, JSON pointer and the check that found it.
 */
import type { CatalogueProblem } from '../../engine/core/types';
import { buildModel, type CatalogueModel } from '../model';
import { normaliseSource } from '../normalise';
import type { CatalogueSource } from '../source';
import type { Check } from './check';
import { metaSchemas } from './metaSchemas';
import { flowFiles } from './flowFiles';
import { stepIds } from './stepIds';
import { stepFiles } from './stepFiles';
import { keywords } from './keywords';
import { refs } from './refs';
import { uiFiles } from './uiFiles';
import { widgets } from './widgets';
import { uiFields } from './uiFields';
import { translations } from './translations';
import { messages } from './messages';
import { bounds } from './bounds';
import { conditions } from './conditions';
import { ownership } from './ownership';
import { reachability } from './reachability';
import { pathEndings } from './pathEndings';
import { unusedFiles } from './unusedFiles';
import { guards } from './guards';

export type { Check } from './check';

export const CHECKS: readonly Check[] = [
  guards,
  metaSchemas,
  flowFiles,
  stepIds,
  keywords,
  stepFiles,
  refs,
  uiFiles,
  widgets,
  uiFields,
  translations,
  messages,
  bounds,
  conditions,
  ownership,
  reachability,
  pathEndings,
  unusedFiles,
];

export interface CheckResult {
  model: CatalogueModel;
  problems: CatalogueProblem[];
}

/**
 * Runs every check on a catalogue.
 * @returns - the model and every problem found (none when the catalogue is sound)
 */
export function checkCatalogue(source: CatalogueSource, checks: readonly Check[] = CHECKS): CheckResult {
  // Draft-07 spellings read as their 2020-12 counterparts, before anything looks (normalise.ts).
  const normalised = normaliseSource(source);
  const model = buildModel(normalised.source);
  const problems: CatalogueProblem[] = [...normalised.problems];
  for (const check of checks)
    for (const found of check.run(model, problems)) problems.push({ ...found, check: check.name });
  return { model, problems };
}
