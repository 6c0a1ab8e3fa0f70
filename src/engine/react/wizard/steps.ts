/**
 * The wizard's pure helpers over a flow's steps: which step modules a render waits for, validators that count a
 * step not loaded yet as not complete, validators that answer from memory for one snapshot, and the flow's
 * stages.
 */
import type { StepValidator } from '../../core/drafts';
import { getAt } from '../../core/pointer';
import type { FlowDefinition, FormData } from '../../core/types';
import type { PartialFlow } from '../browserFlowSource';

/** The flow's stages with the current one read from its fact; null without stages or without the fact. */
export function stagesOf(definition: FlowDefinition, data: FormData, text: (key: string) => string) {
  if (!definition.stages) return null;
  const current = getAt(data, definition.stages.pointer);
  if (typeof current !== 'number' || !Number.isInteger(current)) return null;
  const titles = definition.stages.titles.map((key) => text(key));
  return { titles, current: Math.max(0, Math.min(current, titles.length - 1)) };
}

/** Validators that validate `snapshot` once per step and answer from memory after that. */
export function cachedValidators(
  validators: Record<string, StepValidator>,
  snapshot: FormData,
): Record<string, StepValidator> {
  const results = new Map<string, ReturnType<StepValidator>>();
  return Object.fromEntries(
    Object.entries(validators).map(([id, validate]) => [
      id,
      (data: FormData) => {
        if (data !== snapshot) return validate(data);
        let result = results.get(id);
        if (!result) results.set(id, (result = validate(data)));
        return result;
      },
    ]),
  );
}

/**
 * The step modules a render of `stepId` needs and does not have: the active steps up to it (fetched together) —
 * its own form, and the ticks and locks of the steps before it. Steps after it show as not complete until their
 * modules arrive in the background; the redirect to the first incomplete step waits for its own.
 */
export function stepsToWaitFor(flow: PartialFlow, active: string[], stepId: string | undefined) {
  if (flow.complete || !stepId || !active.includes(stepId)) return [];
  return active.slice(0, active.indexOf(stepId) + 1).filter((id) => !flow.steps[id]);
}

/** Validators for every step of the flow: one not loaded yet counts as not complete. */
export function withMissingIncomplete(
  definition: FlowDefinition,
  validators: Record<string, StepValidator>,
): Record<string, StepValidator> {
  const notYet: StepValidator = () => ({ valid: false, errors: [] });
  return Object.fromEntries(definition.steps.map((s) => [s.id, validators[s.id] ?? notYet]));
}
