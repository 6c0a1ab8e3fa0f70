/**
 * Active steps, navigation by step id, and dropping the data of inactive steps.
 * Steps are always addressed by id and recomputed from the data, never by index
 * into a list that may have changed (JSON Forms #1777).
 */
import { evaluateCondition } from './conditions';
import { deriveContext } from './context';
import { changedPointers, getAt, isWithin, parsePointer, removeAt, setAt, toPointer } from './pointer';
import type { Context, FlowDefinition, FormData, StepDefinition } from './types';

/**
 * The steps active for a context, in flow order.
 * @returns - the active step definitions
 */
export function activeStepsFor(flow: FlowDefinition, context: Context): StepDefinition[] {
  return flow.steps.filter((step) => !step.when || evaluateCondition(step.when, context, flow.conditions));
}

/**
 * The ids of the steps active for the data.
 * @param flow - the flow definition
 * @param data - the form data
 */
export function resolveSteps(flow: FlowDefinition, data: FormData): string[] {
  return activeStepsFor(flow, deriveContext(flow, data)).map((step) => step.id);
}

/**
 * The step after `stepId` among the active steps.
 * @returns - its id, or null at the end (or when `stepId` is not active)
 */
export function nextStep(flow: FlowDefinition, data: FormData, stepId: string): string | null {
  const steps = resolveSteps(flow, data);
  const at = steps.indexOf(stepId);
  return at < 0 ? null : (steps[at + 1] ?? null);
}

/**
 * The step before `stepId` among the active steps.
 * @returns - its id, or null at the start (or when `stepId` is not active)
 */
export function previousStep(flow: FlowDefinition, data: FormData, stepId: string): string | null {
  const steps = resolveSteps(flow, data);
  const at = steps.indexOf(stepId);
  return at <= 0 ? null : (steps[at - 1] ?? null);
}

/**
 * Removes the data that only inactive steps own. Data a step shares with an
 * active one (the company owners of several ARE steps) is kept.
 * @returns - a copy of the data
 */
export function dropInactiveData(flow: FlowDefinition, data: FormData): FormData {
  const active = new Set(resolveSteps(flow, data));
  const kept = flow.steps.filter((s) => active.has(s.id)).flatMap((s) => s.owns);
  const dropped = flow.steps
    .filter((s) => !active.has(s.id))
    .flatMap((s) => s.owns)
    .filter((pointer) => !kept.some((k) => isWithin(pointer, k) || isWithin(k, pointer)));
  return dropped.reduce<FormData>((acc, pointer) => removeAt(acc, pointer), data);
}

/**
 * The data with every object on the way to the step's fields present (empty
 * when missing), so a missing answer is reported on its own field rather than
 * on a parent object the merchant cannot see (e.g. `/legal_info`).
 */
export function withOwnedParents(data: FormData, owns: readonly string[]): FormData {
  return owns.reduce<FormData>((acc, pointer) => {
    const tokens = parsePointer(pointer).slice(0, -1);
    let result = acc;
    for (let i = 1; i <= tokens.length; i += 1) {
      const parent = toPointer(tokens.slice(0, i));
      const value = getAt(result, parent);
      if (value === undefined || value === null) result = setAt(result, parent, {});
    }
    return result;
  }, data);
}

/**
 * Applies only what a step's form changed since its previous report (`before`) — within the data the step
 * owns. A form can report late (a change handed over in a transition) with an older view of fields changed
 * since; taking only its changes never puts those older values back.
 * @param data - the wizard's current data
 * @param before - the form's previous report (or the data it was given)
 * @param after - the form's new report
 */
export function applyStepChanges(
  data: FormData,
  before: FormData,
  after: FormData,
  owns: readonly string[],
): FormData {
  const put = (acc: FormData, pointer: string) => {
    const value = getAt(after, pointer);
    return value === undefined ? removeAt(acc, pointer, false) : setAt(acc, pointer, value);
  };
  return changedPointers(before, after).reduce<FormData>((acc, pointer) => {
    if (owns.some((o) => isWithin(pointer, o))) return put(acc, pointer);
    // A change above the step's fields (a parent object that appeared): only the owned parts of it.
    return owns.filter((o) => isWithin(o, pointer)).reduce(put, acc);
  }, data);
}
