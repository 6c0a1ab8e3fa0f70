/**
 * The browser's FlowSource: flows come from the server, never from the build. `current(flow)` asks the server
 * which version a flow is served at (never cached), fetches that version's manifest and then `import()`s each
 * step's module from `/catalogue/<version>/…` (cached for ever: a version never changes). A form ops publish
 * reaches merchants on their next page load, with no new build.
 *
 * A step module holds its schema, its UI schema and a function that makes its precompiled validators from the
 * catalogue runtime (src/engine/core/runtime.ts): no schema is compiled here, so the CSP needs no 'unsafe-eval'.
 * A version's texts come with its manifest and are added to i18next under their own namespaces
 * (`cat-<version>-<namespace>`), so a label ops changed shows without a new build.
 *
 * Step modules load one by one: the runner waits for the step on screen and those before it; the rest load
 * after the first paint. A failed fetch is retried (RETRY_DELAYS) before the load is said to have failed; it
 * then stays failed (the runner says so) until the merchant's "Try again" (forgetFailures).
 */
import i18next from 'i18next';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { StepCheck, StepValidator } from '../core/drafts';
import { splitTextKey, type JsonObject } from '../core/json';
import { validatorRuntime, type ValidatorRuntime } from '../core/runtime';
import { localRefs, type RefResolver } from '../core/schemaRef';
import { inapplicablePointers, undeclaredPointers } from '../core/schemaWalk';
import type { FlowDefinition, FlowManifest } from '../core/types';
import { CHUNK_LOAD_TIMEOUT_MS, withinTime } from '../core/withinTime';

/** What a step module exports (src/catalogue/compile.ts). */
export interface StepModuleExports {
  schema: JsonObject;
  ui: JsonObject;
  default(runtime: ValidatorRuntime): ValidatorFunctions;
}

/**
 * Where a flow version is: the server's answer to "which version of this flow?" — the fields the engine reads of
 * the API contract's `FlowPointer` (src/contract/catalogue.ts; the engine sits below the contract, so it names
 * them itself, and the web app passes the contract's answer, which has them).
 */
export interface VersionPointer {
  flow: string;
  version: string;
  /** The manifest's address. */
  manifest: string;
}

/** How the source reaches the server (tests and the benchmark give their own). */
export interface CatalogueTransport {
  pointer(flowId: string, versionId?: string): Promise<VersionPointer>;
  manifest(url: string): Promise<FlowManifest>;
  module(url: string): Promise<StepModuleExports>;
  list?(): Promise<VersionPointer[]>;
}

export class CatalogueLoadError extends Error {
  override name = 'CatalogueLoadError';
  constructor(
    message: string,
    /** 404: there is no such flow or version (no retry helps). */
    readonly status: number,
  ) {
    super(message);
  }
}

/** Waits before each retry of a failed fetch: a dropped connection or a server restart is usually over by then. */
export const RETRY_DELAYS = [250, 1000, 3000];

async function withRetries<T>(what: () => Promise<T>, delays: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await what();
    } catch (error) {
      const final = error instanceof CatalogueLoadError && error.status === 404;
      if (final || attempt >= delays.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

async function getJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new CatalogueLoadError(`could not reach ${url}`, 0);
  }
  if (!response.ok) throw new CatalogueLoadError(`${url} answered ${response.status}`, response.status);
  return (await response.json()) as T;
}

/** How many times each step module's address has been asked for (a retry asks under a new address). */
const moduleAttempts = new Map<string, number>();

export const httpTransport: CatalogueTransport = {
  pointer: (flowId, versionId) =>
    getJson(
      `/merchant/api/v1/catalogue/flows/${encodeURIComponent(flowId)}${versionId ? `/versions/${encodeURIComponent(versionId)}` : ''}`,
    ),
  manifest: (url) => getJson(url),
  list: async () => (await getJson<{ flows: VersionPointer[] }>('/merchant/api/v1/catalogue/flows')).flows,
  module: async (url) => {
    // A browser keeps a module whose fetch failed as failed (Chromium 150 does): importing the same address again
    // fails at once without asking the network. A retry — and "Try again" — asks under a new address (the server
    // ignores the query), so it really fetches; the first try keeps the plain, cacheable address.
    const attempt = moduleAttempts.get(url) ?? 0;
    moduleAttempts.set(url, attempt + 1);
    try {
      // A module not here within the spec's 120 s counts as failed (retried, then "Try again").
      return await withinTime(
        import(
          /* @vite-ignore */ attempt === 0 ? url : `${url}?retry=${attempt}`
        ) as Promise<StepModuleExports>,
        CHUNK_LOAD_TIMEOUT_MS,
        url,
      );
    } catch (error) {
      throw new CatalogueLoadError(`could not load ${url}: ${(error as Error).message}`, 0);
    }
  },
};

/** A step ready for the runner and for rjsf. */
export interface LoadedStep {
  id: string;
  schema: JsonObject;
  ui: JsonObject;
  resolve: RefResolver;
  validate: StepValidator;
  /** For rjsf's schema utilities; validation itself goes through `validate`. */
  rjsfValidator: ValidatorType;
  /** What the drafts rules need of it (carrying a draft forward in the browser). */
  check: StepCheck;
}

export interface LoadedFlow {
  /** The version id. */
  version: string;
  flow: FlowDefinition;
  steps: Record<string, LoadedStep>;
  validators: Record<string, StepValidator>;
  /** What the drafts rules need of each loaded step (dropping answers of fields that no longer apply). */
  checks: Record<string, StepCheck>;
}

export interface PartialFlow extends LoadedFlow {
  /** True once every step of the flow is loaded. */
  complete: boolean;
}

/**
 * One flow version whose steps arrive one by one. `snapshot()` is a new object each time a step arrives (for
 * React's useSyncExternalStore); each step's module is fetched once, whichever list asks for it.
 */
export interface FlowLoader {
  version: string;
  manifest: FlowManifest;
  /** The namespace prefix this version's texts are under (see translateFlowText). */
  textNamespace: string;
  subscribe(listener: () => void): () => void;
  snapshot(): PartialFlow;
  /** Some steps (one cached promise per list, for `use()`). */
  steps(ids: readonly string[]): Promise<void>;
  all(): Promise<PartialFlow>;
  /** Lets what failed to load be fetched again. */
  forgetFailures(): void;
}

export interface FlowSource {
  /** The version a flow is served at now (asked once per page load). */
  current(flowId: string): Promise<FlowLoader>;
  /** A given version of a flow. */
  get(flowId: string, versionId: string): Promise<FlowLoader>;
  /** A given version while the server still has it, else the current one (showing a submitted draft). */
  find(flowId: string, versionId: string): Promise<FlowLoader>;
  /** Every flow's current version (the dev pages' lists). */
  list?(): Promise<VersionPointer[]>;
  /** Lets everything that failed to load (pointers, manifests, step modules) be fetched again: "Try again". */
  forgetFailures(): void;
}

/**
 * Promises by key, made once. A failed one stays (React's `use()` must meet the same promise again to throw its
 * error, or it would ask anew on every render, for ever) until `forgetFailures()`: the merchant's "Try again".
 */
function promiseCache<T>() {
  const promises = new Map<string, Promise<T>>();
  const failed = new Set<string>();
  return {
    get(key: string, make: () => Promise<T>): Promise<T> {
      let promise = promises.get(key);
      if (!promise) {
        promise = make();
        promise.catch(() => failed.add(key));
        promises.set(key, promise);
      }
      return promise;
    },
    forgetFailures() {
      for (const key of failed) promises.delete(key);
      failed.clear();
    },
  };
}

/** Adds a version's texts to i18next, each namespace as `<prefix><namespace>`. */
function registerTexts(manifest: FlowManifest, prefix: string) {
  for (const [language, texts] of Object.entries(manifest.texts)) {
    const byNamespace: Record<string, JsonObject> = {};
    for (const [key, text] of Object.entries(texts)) {
      const [namespace, path] = splitTextKey(key);
      let node = (byNamespace[namespace] ??= {});
      const parts = path.split('.');
      parts.slice(0, -1).forEach((part) => (node = (node[part] ??= {}) as JsonObject));
      node[parts.at(-1)!] = text;
    }
    for (const [namespace, bundle] of Object.entries(byNamespace))
      i18next.addResourceBundle(language, `${prefix}${namespace}`, bundle, true, true);
  }
}

/** A step module with its validators made and ready for the runner and for rjsf. */
function prepareStep(id: string, owns: readonly string[], module: StepModuleExports): LoadedStep {
  const validateFns = module.default(validatorRuntime);
  const main = validateFns[String(module.schema.$id)];
  if (!main) throw new CatalogueLoadError(`step "${id}" has no precompiled validator`, 500);
  const validate: StepValidator = (data) => {
    const valid = main(data) as boolean;
    return { valid, errors: valid ? [] : [...(main.errors ?? [])] };
  };
  const rjsfValidator = createPrecompiledValidator(validateFns, module.schema);
  // rjsf asks this validator about `if` branches while it resolves the step's schema, passing the schema as
  // resolved so far, which its "same root schema" guard (a deep comparison against the raw or once-resolved
  // root) refuses for `allOf` of `if`/`then`. Every schema it asks about comes from this step's own schema,
  // whose validators are exactly these, so the guard is switched off.
  (rjsfValidator as unknown as { ensureSameRootSchema: () => boolean }).ensureSameRootSchema = () => true;
  const resolve = localRefs(module.schema);
  return {
    id,
    schema: module.schema,
    ui: module.ui,
    resolve,
    validate,
    rjsfValidator,
    check: {
      owns,
      validate,
      undeclared: (own) => undeclaredPointers(module.schema, own, resolve),
      inapplicable: (data) => inapplicablePointers(module.schema, data, resolve),
    },
  };
}

function createLoader(
  transport: CatalogueTransport,
  manifestUrl: string,
  manifest: FlowManifest,
  delays: readonly number[],
): FlowLoader {
  const textNamespace = `cat-${manifest.version.slice(0, 12)}-`;
  registerTexts(manifest, textNamespace);
  const base = new URL(manifestUrl, globalThis.location?.href ?? 'http://localhost/');
  const loaded = new Map<string, LoadedStep>();
  const modules = promiseCache<void>();
  const listeners = new Set<() => void>();
  const ids = manifest.definition.steps.map((s) => s.id);
  const snapshotOf = (): PartialFlow => {
    const steps = Object.fromEntries(loaded);
    return {
      version: manifest.version,
      flow: manifest.definition,
      steps,
      validators: Object.fromEntries([...loaded].map(([id, step]) => [id, step.validate])),
      checks: Object.fromEntries([...loaded].map(([id, step]) => [id, step.check])),
      complete: loaded.size === ids.length,
    };
  };
  let current = snapshotOf();

  const step = (id: string) =>
    modules.get(id, () => {
      const definition = manifest.definition.steps.find((s) => s.id === id);
      const file = manifest.steps[id];
      if (!definition || !file)
        return Promise.reject(new CatalogueLoadError(`no step "${id}" in flow "${manifest.flow}"`, 404));
      return withRetries(() => transport.module(new URL(file, base).href), delays).then((module) => {
        loaded.set(id, prepareStep(id, definition.owns, module));
        current = snapshotOf();
        listeners.forEach((listener) => listener());
      });
    });

  const groups = promiseCache<void>();
  const whole = promiseCache<PartialFlow>();
  return {
    version: manifest.version,
    manifest,
    textNamespace,
    steps: (list) => groups.get(list.join(' '), () => Promise.all(list.map(step)).then(() => undefined)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => current,
    all: () => whole.get('', () => Promise.all(ids.map(step)).then(() => current)),
    forgetFailures() {
      modules.forgetFailures();
      groups.forgetFailures();
      whole.forgetFailures();
    },
  };
}

/**
 * A flow source over a transport. Promises are cached (React's `use()` needs the same one): the pointer to a
 * flow's current version once per page load, a version's loader for good; what failed stays failed until
 * `forgetFailures()` (the runner's "Try again").
 */
export function createFlowSource(
  transport: CatalogueTransport,
  options: { retryDelays?: readonly number[] } = {},
): FlowSource {
  const delays = options.retryDelays ?? RETRY_DELAYS;
  const made: FlowLoader[] = [];
  const loaders = promiseCache<FlowLoader>();
  const loaderOf = (pointer: VersionPointer) =>
    loaders.get(pointer.version, async () => {
      const loader = createLoader(
        transport,
        pointer.manifest,
        await withRetries(() => transport.manifest(pointer.manifest), delays),
        delays,
      );
      made.push(loader);
      return loader;
    });
  const asked = promiseCache<FlowLoader>();
  const listed = promiseCache<VersionPointer[]>();
  return {
    current: (flowId) =>
      asked.get(flowId, async () => loaderOf(await withRetries(() => transport.pointer(flowId), delays))),
    get: (flowId, versionId) =>
      asked.get(`${flowId}@${versionId}`, async () =>
        loaderOf(await withRetries(() => transport.pointer(flowId, versionId), delays)),
      ),
    find: (flowId, versionId) =>
      asked.get(`${flowId}@${versionId}?`, async () => {
        const pointer = await withRetries(() => transport.pointer(flowId, versionId), delays).catch(
          (error: unknown) => {
            if (error instanceof CatalogueLoadError && error.status === 404)
              return withRetries(() => transport.pointer(flowId), delays);
            throw error;
          },
        );
        return loaderOf(pointer);
      }),
    list: transport.list
      ? () => listed.get('', () => withRetries(() => transport.list!(), delays))
      : undefined,
    forgetFailures() {
      asked.forgetFailures();
      loaders.forgetFailures();
      listed.forgetFailures();
      made.forEach((loader) => loader.forgetFailures());
    },
  };
}

/** The app's flow source: the server's catalogue. */
export const catalogue = createFlowSource(httpTransport);

/**
 * Translates a catalogue text: from the version's own texts first, then the app's (a message only the
 * server or the runner knows, such as `validation:error.server`).
 * @param translate - i18next's `t` (any namespaces loaded)
 */
export function translateFlowText(
  translate: (key: string, options?: Record<string, unknown>) => string,
  prefix: string,
  key: string,
  params: Record<string, unknown> = {},
): string {
  const [namespace, path] = splitTextKey(key);
  return translate(path, { ...params, ns: [`${prefix}${namespace}`, namespace] });
}
