/** The shapes of the compiled catalogue modules, as the browser receives them. */
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { StepExamples } from '../core/examples';
import type { FlowDefinition } from '../core/types';

export type JsonObject = Record<string, unknown>;

export interface StepModule {
  /** Self-contained step schema (titles are translation keys). */
  schema: JsonObject;
  /** rjsf UI schema (texts are translation keys). */
  ui: JsonObject;
  /** Precompiled validators, keyed as rjsf's precompiled validator expects. */
  validateFns: ValidatorFunctions;
}

export interface FlowModule {
  flow: FlowDefinition;
  steps: Record<string, () => Promise<StepModule>>;
  /** Each step's example answers (src/engine/core/examples.ts), for the catalogue page. */
  examples: Record<string, () => Promise<{ examples: StepExamples }>>;
}
