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

/** Contexts as QA reads them: each field a list of values; a field left out takes any value of its domain. */
export type ContextCube = Record<string, Scalar[]>;

export interface PathSummary {
  steps: string[];
  /** How many combinations of the full matrix take this path. */
  combinations: number;
  /** Disjoint groups of contexts that lead here, together exactly the combinations above. */
  contexts: ContextCube[];
}

/**
 * The distinct step sequences of a flow, each with the contexts that lead to it, in a few lines: combinations
 * that differ in one field only are merged (the field then lists its values), over and over, and a field that
 * takes every value of its domain is left out (it does not matter to that path: business type for a Saudi
 * merchant, say). Paths come in the matrix's order.
 */
export function summarisePaths(flow: FlowDefinition, rows: MatrixRow[] = buildMatrix(flow)): PathSummary[] {
  const fields = Object.keys(flow.context);
  const domainOf = (field: string) => flow.context[field]!.domain as Scalar[];
  const byPath = new Map<string, MatrixRow[]>();
  for (const row of rows) {
    const key = row.steps.join(' ');
    byPath.set(key, [...(byPath.get(key) ?? []), row]);
  }
  return [...byPath.values()].map((group) => {
    let cubes: Scalar[][][] = group.map((row) => fields.map((field) => [row.context[field] ?? null]));
    const keyOf = (cube: Scalar[][], except: number) =>
      JSON.stringify(cube.map((values, index) => (index === except ? null : values)));
    for (let changed = true; changed;) {
      changed = false;
      for (let index = 0; index < fields.length; index += 1) {
        const merged = new Map<string, Scalar[][]>();
        for (const cube of cubes) {
          const key = keyOf(cube, index);
          const into = merged.get(key);
          if (!into)
            merged.set(
              key,
              cube.map((values) => [...values]),
            );
          else into[index] = [...into[index]!, ...cube[index]!];
        }
        if (merged.size < cubes.length) changed = true;
        cubes = [...merged.values()];
      }
    }
    const inDomainOrder = (field: string, values: Scalar[]) =>
      domainOf(field).filter((v) => values.includes(v));
    return {
      steps: group[0]!.steps,
      combinations: group.length,
      contexts: cubes.map((cube) =>
        Object.fromEntries(
          fields
            .map((field, index) => [field, inDomainOrder(field, cube[index]!)] as const)
            .filter(([field, values]) => values.length < domainOf(field).length),
        ),
      ),
    };
  });
}
