/**
 * Loads a compiled flow and all of its steps (they are small; having them all
 * makes a step switch instant and lets drafts be checked against every step).
 * Promises are cached at module scope so React's `use()` sees the same one.
 */
import { flows } from 'virtual:catalogue/index';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorType } from '@rjsf/utils';
import type { StepValidator } from '../core/drafts';
import type { FlowDefinition } from '../core/types';
import type { JsonObject, StepModule } from './catalogueTypes';

export interface LoadedStepModule extends StepModule {
  id: string;
  /** For rjsf's schema utilities; validation itself goes through `validate`. */
  rjsfValidator: ValidatorType;
  validate: StepValidator;
}

export interface LoadedFlowModule {
  flow: FlowDefinition;
  steps: Record<string, LoadedStepModule>;
  validators: Record<string, StepValidator>;
}

const cache = new Map<string, Promise<LoadedFlowModule>>();

/** The ids of the flows in the catalogue. */
export const flowIds = Object.keys(flows);

export function loadFlow(flowId: string): Promise<LoadedFlowModule> {
  let promise = cache.get(flowId);
  if (!promise) {
    const loader = flows[flowId];
    promise = loader ? load(loader) : Promise.reject(new Error(`no flow "${flowId}" in the catalogue`));
    cache.set(flowId, promise);
  }
  return promise;
}

async function load(loader: NonNullable<(typeof flows)[string]>): Promise<LoadedFlowModule> {
  const module = await loader();
  const entries = await Promise.all(
    Object.entries(module.steps).map(async ([id, loadStep]) => {
      const step = await loadStep();
      const main = step.validateFns[String(step.schema.$id)];
      if (!main) throw new Error(`step "${id}" has no precompiled validator`);
      const validate: StepValidator = (data) => {
        const valid = main(data) as boolean;
        return { valid, errors: valid ? [] : [...(main.errors ?? [])] };
      };
      const rjsfValidator = createPrecompiledValidator(step.validateFns, step.schema as JsonObject);
      // rjsf asks this validator about `if` branches while it resolves the step's schema, passing the schema as
      // resolved so far, which its "same root schema" guard (a deep comparison against the raw or once-resolved
      // root) refuses for `allOf` of `if`/`then`. Every schema it asks about comes from this step's own schema,
      // whose validators are exactly these, so the guard is switched off.
      (rjsfValidator as unknown as { ensureSameRootSchema: () => boolean }).ensureSameRootSchema = () => true;
      return [id, { ...step, id, validate, rjsfValidator }] as const;
    }),
  );
  const steps = Object.fromEntries(entries);
  const validators = Object.fromEntries(entries.map(([id, step]) => [id, step.validate]));
  return { flow: module.flow, steps, validators };
}
