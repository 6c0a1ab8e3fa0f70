import { buildMatrix, type MatrixRow } from '../../engine/core/matrix';
import type { CatalogueProblem } from '../../engine/core/types';
import type { ModelFlow } from '../model';
import { finding, type Check, type Finding } from './check';

/** The matrix of a flow whose file has no problem so far (its conditions must be sound to be evaluated). */
export function soundMatrix(
  flow: ModelFlow,
  earlier: readonly CatalogueProblem[],
): { rows?: MatrixRow[]; problem?: Finding } {
  if (earlier.some((p) => p.file === flow.file)) return {};
  try {
    return { rows: buildMatrix(flow.definition) };
  } catch (error) {
    return { problem: finding(flow.file, '', `conditions cannot be evaluated: ${(error as Error).message}`) };
  }
}

/** Every step is active for some context of the matrix (a step nobody can reach is a mistake). */
export const reachability: Check = {
  name: 'reachability',
  summary: 'every step is active for at least one context of the matrix',
  run(model, earlier) {
    const found: Finding[] = [];
    for (const flow of model.flows) {
      const { rows, problem } = soundMatrix(flow, earlier);
      if (problem) found.push(problem);
      if (!rows) continue;
      flow.definition.steps.forEach((step, index) => {
        if (!rows.some((row) => row.steps.includes(step.id)))
          found.push(
            finding(
              flow.file,
              `/steps/${index}`,
              `step "${step.id}" is not active for any context of the matrix (unreachable)`,
            ),
          );
      });
    }
    return found;
  },
};
