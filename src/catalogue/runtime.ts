/**
 * A flow version ready to run on the server (and in the CLI): each step's self-contained schema, its UI
 * schema, a `$ref` resolver and an ajv validator compiled from the same schema the browser's precompiled
 * validator comes from. Built once per version and cached by its id (versions never change).
 */
import type { ErrorObject } from 'ajv';
import type { StepCheck, StepValidator } from '../engine/core/drafts';
import { localRefs, type RefResolver } from '../engine/core/schemaRef';
import { inapplicablePointers, undeclaredPointers } from '../engine/core/schemaWalk';
import type { FlowDefinition, StepDefinition } from '../engine/core/types';
import { createCatalogueAjv, type JsonSchema } from './model';
import { boundedRegExpEngine } from './boundedRegExp';
import { bundledStepSchema, type FlowVersion } from './version';

export interface RuntimeStep {
  definition: StepDefinition;
  /** Self-contained (every `$ref` local). */
  schema: JsonSchema;
  ui: JsonSchema;
  resolve: RefResolver;
  validate: StepValidator;
  /** Whether any field of the step (its own or a shared definition's) is an upload: only those are walked for files. */
  holdsFiles: boolean;
}

/**
 * Whether any of some keywords is used anywhere in a schema (its `$defs` included). Worked out once per version, so a save
 * walks a step's schema × data only for the questions the step can raise: files (`x-accept`), conditional
 * fields (`if`, `oneOf` …). An autosave of the whole onboarding application walks 17 steps; most have neither.
 */
function usesKeyword(schema: unknown, keywords: ReadonlySet<string>): boolean {
  if (Array.isArray(schema)) return schema.some((item) => usesKeyword(item, keywords));
  if (schema === null || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => keywords.has(key) || usesKeyword(value, keywords));
}

/** Keywords whose fields apply only to some answers: an `if`'s branches, a oneOf/anyOf's, a dependency's. */
const CONDITIONAL = new Set(['if', 'oneOf', 'anyOf', 'dependencies']);
const FILES = new Set(['x-accept']);

export interface FlowRuntime {
  version: FlowVersion;
  definition: FlowDefinition;
  steps: Record<string, RuntimeStep>;
  validators: Record<string, StepValidator>;
  /** What the drafts rules need of each step (src/engine/core/drafts.ts). */
  checks: Record<string, StepCheck>;
}

/**
 * Patterns run on merchants' answers here never backtrack without bound (boundedRegExp.ts): one engine per process,
 * its slow-pattern notes on stderr beside the server's log.
 */
const regExp = boundedRegExpEngine();

/** Builds the runtime of a version (compiles every step's validator). */
export function createFlowRuntime(version: FlowVersion): FlowRuntime {
  const ajv = createCatalogueAjv({ regExp });
  const definition = version.content.flow;
  const steps: Record<string, RuntimeStep> = {};
  for (const step of definition.steps) {
    const schema = bundledStepSchema(version.content, step.id, `${version.id}/${step.id}`);
    const compiled = ajv.compile(schema);
    const validate: StepValidator = (data) => {
      const valid = compiled(data) as boolean;
      return { valid, errors: valid ? [] : [...((compiled.errors ?? []) as ErrorObject[])] };
    };
    steps[step.id] = {
      definition: step,
      schema,
      ui: version.content.steps[step.id]!.ui,
      resolve: localRefs(schema),
      validate,
      holdsFiles: usesKeyword(schema, FILES),
    };
  }
  return {
    version,
    definition,
    steps,
    validators: Object.fromEntries(Object.entries(steps).map(([id, s]) => [id, s.validate])),
    checks: Object.fromEntries(
      Object.entries(steps).map(([id, s]) => {
        const conditional = usesKeyword(s.schema, CONDITIONAL);
        return [
          id,
          {
            owns: s.definition.owns,
            validate: s.validate,
            undeclared: (own) => undeclaredPointers(s.schema, own, s.resolve),
            // Without any of those every declared field applies, whatever the data.
            inapplicable: (data) => (conditional ? inapplicablePointers(s.schema, data, s.resolve) : []),
          },
        ];
      }),
    ),
  };
}

/** How many versions' runtimes a process keeps (drafts in flight use a few; publishing makes many). */
const KEPT = 32;
const runtimes = new Map<string, FlowRuntime>();

/** The runtime of a version, built on first use and kept (a version's id names its content for ever). */
export function flowRuntime(version: FlowVersion): FlowRuntime {
  let runtime = runtimes.get(version.id);
  if (runtime) {
    // Most recently used last, so the oldest is the one to let go.
    runtimes.delete(version.id);
  } else {
    runtime = createFlowRuntime(version);
    if (runtimes.size >= KEPT) runtimes.delete(runtimes.keys().next().value!);
  }
  runtimes.set(version.id, runtime);
  return runtime;
}
