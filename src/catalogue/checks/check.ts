/** What a named check is: a small function over the catalogue model that lists what it finds wrong. */
import type { CatalogueProblem } from '../../engine/core/types';
import type { CatalogueModel } from '../model';

export type Finding = Omit<CatalogueProblem, 'check'>;

export interface Check {
  /** Short, stable, kebab-case: printed with each problem so ops can tell the rules apart. */
  name: string;
  /** One line: what it proves. */
  summary: string;
  /**
   * @param model - the catalogue
   * @param earlier - what the checks before it found (a check may skip what is already broken)
   */
  run(model: CatalogueModel, earlier: readonly CatalogueProblem[]): Finding[];
}

/** A problem; the whole document when the pointer is empty. */
export const finding = (file: string, pointer: string, message: string): Finding => ({
  file,
  pointer: pointer || '/',
  message,
});
