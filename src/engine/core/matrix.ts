/** Every combination of a flow's context domains and the steps it activates. */
import { activeStepsFor } from './steps';
import type { Context, FlowDefinition, Scalar } from './types';

export interface MatrixRow {
  /** Every context field, null for "not answered". */
  context: Record<string, Scalar>;
  steps: string[];
}

/**
 * Walks the cartesian product of the context domains, in domain order.
 * @returns - one row per combination
 */
export function buildMatrix(flow: FlowDefinition): MatrixRow[] {
  const fields = Object.entries(flow.context);
  const rows: MatrixRow[] = [];
  const walk = (index: number, combination: Record<string, Scalar>) => {
    if (index === fields.length) {
      const context: Context = {};
      for (const [name, value] of Object.entries(combination)) if (value !== null) context[name] = value;
      rows.push({ context: { ...combination }, steps: activeStepsFor(flow, context).map((s) => s.id) });
      return;
    }
    const [name, field] = fields[index] as [string, FlowDefinition['context'][string]];
    for (const value of field.domain) walk(index + 1, { ...combination, [name]: value });
  };
  walk(0, {});
  return rows;
}

/** The distinct step sequences of a matrix, each with the first context that produces it. */
export function distinctPaths(rows: MatrixRow[]): MatrixRow[] {
  const seen = new Map<string, MatrixRow>();
  for (const row of rows) {
    const key = row.steps.join(' ');
    if (!seen.has(key)) seen.set(key, row);
  }
  return [...seen.values()];
}
