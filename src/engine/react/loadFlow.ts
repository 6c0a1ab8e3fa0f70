/**
 * Loads a compiled flow and its steps. A flow's definition comes first; each step's module (schema, UI schema,
 * precompiled validators) is its own chunk, loaded when the runner needs it: the step on screen and the steps
 * before it (their ticks and locks), or for the resume redirect the steps up to the first incomplete one. The
 * others load in the background once the first step is shown, so a step switch stays instant while the
 * JavaScript before the first paint stays small (the bundle report counts the flow and its first step only).
 * Promises are cached at module scope so React's `use()` sees the same one.
 */
import { flows } from 'virtual:catalogue/index';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorType } from '@rjsf/utils';
import type { StepValidator } from '../core/drafts';
import type { StepExamples } from '../core/examples';
import type { FlowDefinition } from '../core/types';
import type { FlowModule, JsonObject, StepModule } from './catalogueTypes';

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

/** The ids of the flows in the catalogue. */
export const flowIds = Object.keys(flows);

/** Whole flows, for pages that show every step at once (the application view, the catalogue page). */
export function loadFlow(flowId: string): Promise<LoadedFlowModule> {
  return flowLoader(flowId).all();
}

const examplesCache = new Map<string, Promise<StepExamples>>();

/** A step's example answers (the catalogue page's; never part of a step's own module). */
export function loadExamples(flowId: string, stepId: string): Promise<StepExamples> {
  const key = `${flowId}/${stepId}`;
  let promise = examplesCache.get(key);
  if (!promise) {
    promise = flowLoader(flowId).definition.then(async (m) => {
      const load = m.examples[stepId];
      if (!load) throw new Error(`no step "${stepId}" in flow "${flowId}"`);
      return (await load()).examples;
    });
    examplesCache.set(key, promise);
  }
  return promise;
}

/**
 * A flow whose steps arrive one by one. `snapshot()` is a new object each time a step arrives (for React's
 * useSyncExternalStore); each step's module is fetched once, whichever list asks for it.
 */
export interface FlowLoader {
  definition: Promise<FlowModule>;
  subscribe(listener: () => void): () => void;
  /** The steps loaded so far, or null before the definition has arrived. */
  snapshot(): PartialFlow | null;
  /** Some steps (one cached promise per list, for `use()`). */
  steps(ids: string[]): Promise<void>;
  all(): Promise<LoadedFlowModule>;
}

export interface PartialFlow extends LoadedFlowModule {
  /** True once every step of the flow is loaded. */
  complete: boolean;
}

const loaders = new Map<string, FlowLoader>();

/** The loader of one flow, shared by every runner of it. */
export function flowLoader(flowId: string): FlowLoader {
  let loader = loaders.get(flowId);
  if (!loader) loaders.set(flowId, (loader = createLoader(flowId)));
  return loader;
}

function createLoader(flowId: string): FlowLoader {
  const load = flows[flowId];
  const definition = load ? load() : Promise.reject(new Error(`no flow "${flowId}" in the catalogue`));
  // The rejection reaches whoever uses the definition; this only keeps it from being reported as unhandled.
  definition.catch(() => undefined);
  let module: FlowModule | null = null;
  const loaded = new Map<string, LoadedStepModule>();
  const pending = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let current: PartialFlow | null = null;
  let whole: Promise<LoadedFlowModule> | null = null;

  const refresh = () => {
    if (!module) return;
    const steps = Object.fromEntries(loaded);
    current = {
      flow: module.flow,
      steps,
      validators: Object.fromEntries([...loaded].map(([id, step]) => [id, step.validate])),
      complete: loaded.size === Object.keys(module.steps).length,
    };
    listeners.forEach((listener) => listener());
  };
  void definition.then(
    (m) => {
      module = m;
      refresh();
    },
    () => undefined,
  );

  const step = (id: string) => {
    let promise = pending.get(id);
    if (!promise) {
      promise = definition.then(async (m) => {
        const loadStep = m.steps[id];
        if (!loadStep) throw new Error(`no step "${id}" in flow "${flowId}"`);
        loaded.set(id, prepareStep(id, await loadStep()));
        refresh();
      });
      // A module that could not be fetched (the network dropped) is asked for again next time.
      promise.catch(() => pending.delete(id));
      pending.set(id, promise);
    }
    return promise;
  };

  const groups = new Map<string, Promise<void>>();
  return {
    definition,
    steps(ids) {
      const key = ids.join(' ');
      let promise = groups.get(key);
      if (!promise) {
        promise = Promise.all(ids.map(step)).then(() => undefined);
        promise.catch(() => groups.delete(key));
        groups.set(key, promise);
      }
      return promise;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => current,
    all() {
      if (!whole) {
        whole = definition.then(async (m) => {
          await Promise.all(Object.keys(m.steps).map(step));
          return current!;
        });
        whole.catch(() => (whole = null));
      }
      return whole;
    },
  };
}

/** A step module with its validators ready for the runner and for rjsf. */
function prepareStep(id: string, step: StepModule): LoadedStepModule {
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
  return { ...step, id, validate, rjsfValidator };
}
