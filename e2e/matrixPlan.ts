/**
 * The browser matrix's plan (`npm run test:matrix`): one path per distinct step sequence of
 * `catalogue matrix --flow <flow>` (onboarding by default), its answers taken from `catalogue examples` (the same functions the CLI
 * prints from). For each sequence the context with the most answers is used (a sequence reached only with an
 * unanswered context field keeps it unanswered); the examples of its steps are merged (owner lists item by item,
 * so one owner carries every role's flag), then the context values are set where the flow reads them.
 */
import path from 'node:path';
import { firstIncompleteStep } from '../src/engine/core/drafts';
import { stepExamples } from '../src/engine/core/examples';
import { buildMatrix } from '../src/engine/core/matrix';
import { getAt, removeAt, setAt } from '../src/engine/core/pointer';
import { applyRules } from '../src/engine/core/rules';
import { isObject } from '../src/engine/core/json';
import type { FormData, Scalar } from '../src/engine/core/types';
import { checkedVersions } from '../src/catalogue/pipeline';
import { flowRuntime } from '../src/catalogue/runtime';

export const FLOW = 'onboarding';

export interface PlannedPath {
  context: Record<string, Scalar>;
  steps: string[];
  /** The answers, with the examples' file URLs still in them (the test swaps in a file it uploaded). */
  data: FormData;
  /** Where the path can go no further: the first step the answers leave incomplete (null: it ends). */
  stopsAt: string | null;
  /** How the last step ends the application. */
  end: 'submit' | 'reach-out' | null;
  /** Each step's share of the answers (what it owns), as a step save sends it. */
  stepData: Record<string, FormData>;
}

/** Objects key by key, lists of objects item by item (the owner lists of the role steps are one list). */
export function mergeExample(into: unknown, from: unknown): unknown {
  if (isObject(into) && isObject(from)) {
    const out: Record<string, unknown> = { ...into };
    for (const [key, value] of Object.entries(from)) out[key] = mergeExample(into[key], value);
    return out;
  }
  if (Array.isArray(into) && Array.isArray(from) && from.every(isObject) && into.every(isObject))
    return from.map((item, i) => mergeExample(into[i], item)).concat(into.slice(from.length));
  return from;
}

/**
 * The catalogue checked and compiled once per process and folder: each Playwright worker loads the matrix files
 * to find their tests, and checking the catalogue for every flow's plan cost about a second each time.
 */
const checked = new Map<string, ReturnType<typeof checkedVersions>>();
function catalogueAt(root: string) {
  if (!checked.has(root))
    checked.set(root, checkedVersions(path.join(root, 'schemas'), path.join(root, 'locales')));
  return checked.get(root)!;
}

/** The catalogue's flows, by id. */
export function catalogueFlows(root = process.cwd()): string[] {
  return Object.keys(catalogueAt(root)).sort();
}

export function planMatrix(root = process.cwd(), flow = FLOW): PlannedPath[] {
  const runtime = flowRuntime(catalogueAt(root)[flow]!);
  const { definition, validators } = runtime;
  const examples = new Map<string, FormData>();
  const exampleOf = (stepId: string) => {
    if (!examples.has(stepId)) {
      const step = runtime.steps[stepId]!;
      const { valid } = stepExamples(step.schema, step.resolve, (d) => step.validate(d).errors);
      examples.set(stepId, valid as FormData);
    }
    return examples.get(stepId)!;
  };

  // The distinct sequences, each with its context of fewest unanswered fields.
  const best = new Map<string, { context: Record<string, Scalar>; steps: string[] }>();
  const unanswered = (context: Record<string, Scalar>) =>
    Object.values(context).filter((v) => v === null).length;
  for (const row of buildMatrix(definition)) {
    const key = row.steps.join(' ');
    const seen = best.get(key);
    if (!seen || unanswered(row.context) < unanswered(seen.context)) best.set(key, row);
  }

  return [...best.values()].map(({ context, steps }) => {
    let data = steps.reduce<FormData>((acc, id) => mergeExample(acc, exampleOf(id)) as FormData, {});
    for (const [name, field] of Object.entries(definition.context)) {
      const value = context[name] ?? null;
      // A mapped field (tier ← annual volume) is answered with the value that maps to it.
      const answer =
        value === null
          ? null
          : field.map
            ? (Object.entries(field.map).find(([, mapped]) => mapped === value)?.[0] ?? null)
            : value;
      data = answer === null ? removeAt(data, field.pointer, false) : setAt(data, field.pointer, answer);
    }
    data = applyRules(definition, data);
    const last = definition.steps.find((s) => s.id === steps.at(-1));
    const stepData = Object.fromEntries(
      steps.map((id) => {
        const owns = definition.steps.find((s) => s.id === id)?.owns ?? [];
        return [
          id,
          owns.reduce<FormData>((acc, pointer) => {
            const value = getAt(data, pointer);
            return value === undefined ? acc : setAt(acc, pointer, value);
          }, {}),
        ];
      }),
    );
    return {
      stepData,
      context,
      steps,
      data,
      stopsAt: firstIncompleteStep(definition, validators, data),
      end: last?.end ?? null,
    };
  });
}
