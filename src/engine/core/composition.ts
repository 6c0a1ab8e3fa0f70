/**
 * Which branch of a `oneOf` / `anyOf` the answers are in, decided without a schema compiler (the walker, the
 * summary and the server's keep-or-drop rules are pure code, like fieldConditions.ts for `if`).
 *
 * A branch that declares fields says which one it is by a **selector**: its properties whose value is fixed
 * (`const` or `enum`), as "person or company" shapes do (`"kind": { "const": "company" }`). A branch applies to
 * the data when the data agrees with its selector; while the data holds none of the selector's properties yet,
 * every branch may still apply (nothing is dropped before the merchant has chosen). A branch without a
 * selector applies whatever the data (an `anyOf` whose branches only add fields); the catalogue refuses a
 * `oneOf` branch that declares fields without one (checks/composition.ts), since its answers could not be told
 * apart.
 *
 * Errors: ajv reports every branch's errors. Only the branches the data selects speak for the field — a company's
 * registration number is not "wrong" because the person branch wants a first name — so settleBranches keeps
 * theirs (or, with no selector to go by, the closest branch's: the one with the fewest errors).
 */
import { matchesFieldCondition } from './fieldConditions';
import { isObject, type JsonObject } from './json';

/** A branch's selector: its properties with a fixed value (`const`, `enum`), as a field condition. */
export function selectorOf(branch: JsonObject): JsonObject | null {
  if (!isObject(branch.properties)) return null;
  const fixed: JsonObject = {};
  for (const [name, raw] of Object.entries(branch.properties))
    if (isObject(raw) && ('const' in raw || Array.isArray(raw.enum)))
      fixed[name] = 'const' in raw ? { const: raw.const } : { enum: raw.enum };
  return Object.keys(fixed).length > 0 ? { properties: fixed } : null;
}

/** Does a branch of a `oneOf`/`anyOf` apply to the data (the object the branches sit on)? */
export function branchApplies(branch: JsonObject, data: unknown): boolean {
  const selector = selectorOf(branch);
  return selector === null || matchesFieldCondition(selector, data);
}

/** The part of an ajv error (verbose) settleBranches reads (messages.ts's ValidationErrorLike fits it). */
export interface BranchErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: unknown;
  schemaPath?: string;
  /** The schema of the failing keyword: for `oneOf`/`anyOf`, its branches. */
  schema?: unknown;
  /** The data the failing keyword judged. */
  data?: unknown;
}

/**
 * The errors with those of the branches that do not speak for the data removed (see the module comment).
 * @param errors - ajv errors from a validator compiled with `allErrors` and `verbose`
 */
export function settleBranches<E extends BranchErrorLike>(errors: readonly E[]): E[] {
  const dropped = new Set<string>();
  for (const error of errors) {
    if ((error.keyword !== 'oneOf' && error.keyword !== 'anyOf') || !Array.isArray(error.schema)) continue;
    if (typeof error.schemaPath !== 'string') continue;
    const branches = error.schema as unknown[];
    const at = `${error.schemaPath}/`;
    const inBranch = (e: E, i: number) =>
      typeof e.schemaPath === 'string' &&
      e.schemaPath.startsWith(`${at}${i}/`) &&
      e.instancePath.startsWith(error.instancePath);
    const counts = branches.map((_, i) => errors.filter((e) => inBranch(e, i)).length);
    const selected = branches.flatMap((branch, i) =>
      isObject(branch) && selectorOf(branch) !== null && branchApplies(branch, error.data) ? [i] : [],
    );
    let keep: number[];
    if (selected.length > 0) keep = selected;
    else {
      const fewest = Math.min(...counts);
      keep = [counts.indexOf(fewest)];
    }
    branches.forEach((_, i) => {
      if (!keep.includes(i)) dropped.add(`${at}${i}/`);
    });
  }
  if (dropped.size === 0) return [...errors];
  return errors.filter(
    (e) => typeof e.schemaPath !== 'string' || ![...dropped].some((p) => e.schemaPath!.startsWith(p)),
  );
}

/**
 * Do a `oneOf`/`anyOf` failure's branches say why it failed? ajv reports no branch error when the data matches
 * two branches of a `oneOf`: then the keyword's own error is the one to show. (Other keywords: always true.)
 */
export function branchesExplain(wrapper: BranchErrorLike, errors: readonly BranchErrorLike[]): boolean {
  if (wrapper.keyword !== 'oneOf' && wrapper.keyword !== 'anyOf') return true;
  const at = `${wrapper.schemaPath ?? ''}/`;
  return errors.some((e) => e !== wrapper && typeof e.schemaPath === 'string' && e.schemaPath.startsWith(at));
}
