/**
 * Step completeness and drafts. A draft is stamped with the catalogue
 * version of its flow; a draft saved under an older version is carried
 * forward: what still validates is kept, what does not is removed and listed
 * as needing attention, so the merchant is sent to fix exactly that.
 *
 * Validation is passed in as a function, so the same code runs with ajv on the
 * server and with precompiled validators in the browser.
 */
import { toFieldMessages, type FieldMessage, type ValidationErrorLike } from './messages';
import { removeAt } from './pointer';
import { resolveSteps } from './steps';
import type { FlowDefinition, FormData } from './types';

/** Validates the whole form data against one step's schema. */
export type StepValidator = (data: FormData) => { valid: boolean; errors: readonly ValidationErrorLike[] };

export interface Draft {
  flow: string;
  version: number;
  data: FormData;
}

/**
 * Is the step complete: does the data satisfy its schema?
 * @param validators - one validator per step id
 */
export function isStepComplete(
  validators: Record<string, StepValidator>,
  stepId: string,
  data: FormData,
): boolean {
  const validate = validators[stepId];
  if (!validate) throw new Error(`no validator for step "${stepId}"`);
  return validate(data).valid;
}

/**
 * The first active step that is not complete, or null when all are.
 * Optional steps never hold the merchant back.
 */
export function firstIncompleteStep(
  flow: FlowDefinition,
  validators: Record<string, StepValidator>,
  data: FormData,
): string | null {
  const optional = new Set(flow.steps.filter((s) => s.optional).map((s) => s.id));
  return (
    resolveSteps(flow, data).find((id) => !optional.has(id) && !isStepComplete(validators, id, data)) ?? null
  );
}

/**
 * The first step whose validator is still needed, or null when every needed one is there. Needed: the step on
 * screen (when given), and the active steps in order up to the first incomplete one that is not optional —
 * firstIncompleteStep (the resume address) never looks further. The runner loads step modules one by one and,
 * before sending a merchant to the first incomplete step, waits only for these.
 */
export function missingValidator(
  flow: FlowDefinition,
  validators: Record<string, StepValidator>,
  data: FormData,
  current?: string,
): string | null {
  const steps = resolveSteps(flow, data);
  if (current !== undefined && steps.includes(current) && !validators[current]) return current;
  const optional = new Set(flow.steps.filter((s) => s.optional).map((s) => s.id));
  for (const id of steps) {
    const validate = validators[id];
    if (!validate) return id;
    if (!optional.has(id) && !validate(data).valid) return null;
  }
  return null;
}

/**
 * Is the step open to the merchant? A `locked` step opens only when every earlier active step is complete.
 */
export function isStepOpen(
  flow: FlowDefinition,
  validators: Record<string, StepValidator>,
  stepId: string,
  data: FormData,
): boolean {
  const steps = resolveSteps(flow, data);
  const at = steps.indexOf(stepId);
  if (at < 0) return false;
  const definition = flow.steps.find((s) => s.id === stepId);
  if (!definition?.locked) return true;
  return steps.slice(0, at).every((id) => isStepComplete(validators, id, data));
}

/** Stamps form data with the flow's current version. */
export function stampDraft(flow: FlowDefinition, data: FormData): Draft {
  return { flow: flow.flow, version: flow.version, data };
}

export interface CarriedDraft {
  draft: Draft;
  /** Fields that were removed or are newly required: the merchant must look at them. */
  attention: FieldMessage[];
}

/**
 * Carries a draft to the flow's current version. A draft of the current version is returned as it is.
 * Otherwise, for each active step, values that no longer validate are removed and listed; missing
 * required values of steps the merchant had already completed are listed too.
 * @param draft - the saved draft (any version)
 */
export function carryDraftForward(
  flow: FlowDefinition,
  validators: Record<string, StepValidator>,
  draft: Draft,
): CarriedDraft {
  if (draft.flow !== flow.flow)
    throw new Error(`a draft of "${draft.flow}" cannot be carried into "${flow.flow}"`);
  if (draft.version === flow.version) return { draft, attention: [] };

  let data = draft.data;
  const attention: FieldMessage[] = [];
  for (const stepId of resolveSteps(flow, data)) {
    const validate = validators[stepId];
    if (!validate) throw new Error(`no validator for step "${stepId}"`);
    const messages = toFieldMessages(validate(data).errors);
    for (const message of messages) {
      if (message.key !== 'validation:error.required') data = removeAt(data, message.pointer);
      attention.push(message);
    }
  }
  return { draft: stampDraft(flow, data), attention };
}
