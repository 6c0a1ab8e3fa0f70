/**
 * Step completeness, and judging and carrying drafts. A draft records the flow
 * version it was saved under; under a newer version it is carried forward:
 * what still belongs to the form and validates is kept, the rest is dropped
 * and listed, so the merchant is asked to check exactly that.
 *
 * Validation is passed in as a function, so the same code runs with ajv on the
 * server and with precompiled validators in the browser.
 */
import { branchesExplain, settleBranches, type BranchErrorLike } from './composition';
import { isObject } from './json';
import { toFieldMessages, type FieldMessage, type ValidationErrorLike } from './messages';
import { getAt, isWithin, parsePointer, removeAt, setAt, toPointer } from './pointer';
import { resolveSteps, withOwnedParents } from './steps';
import { FACTS_KEY, type FlowDefinition, type FormData } from './types';

/** Validates the whole form data against one step's schema. */
export type StepValidator = (data: FormData) => { valid: boolean; errors: readonly ValidationErrorLike[] };

export interface Draft {
  flow: string;
  /** The flow version (SHA-256 id) the data belongs to. */
  version: string;
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

/** Does the data hold an answer under one of these pointers (an empty text, list or object is none; `false` is one)? */
export function hasAnswer(data: FormData, owns: readonly string[]): boolean {
  const given = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(given)
      : isObject(value)
        ? Object.values(value).some(given)
        : value !== undefined && value !== null && value !== '';
  return owns.some((pointer) => given(getAt(data, pointer)));
}

/**
 * Which steps the stepper ticks, in order: a step is ticked when it and every step before it are complete, and it
 * was reached — it holds an answer, or the merchant has been on it or on a later step. A step that asks nothing
 * required is valid from the start; without "reached" it showed as done before anyone had seen it (issue 56).
 * @param complete - each step's completeness, in order
 * @param answered - whether each step holds an answer, in order
 * @param visited - the step ids the merchant has been on (the one on screen included)
 */
export function stepTicks(
  ids: readonly string[],
  complete: readonly boolean[],
  answered: readonly boolean[],
  visited: ReadonlySet<string>,
): boolean[] {
  const firstIncomplete = complete.indexOf(false);
  const furthest = ids.reduce((at, id, index) => (visited.has(id) || answered[index] ? index : at), -1);
  return ids.map(
    (_, index) =>
      (firstIncomplete < 0 || index < firstIncomplete) && (index < furthest || answered[index] === true),
  );
}

/**
 * The first active step that is not complete, or null when all are.
 * Optional steps never hold the merchant back.
 * @param active - the data's active steps, when the caller has them already (resolving them walks every rule)
 */
export function firstIncompleteStep(
  flow: FlowDefinition,
  validators: Record<string, StepValidator>,
  data: FormData,
  active: readonly string[] = resolveSteps(flow, data),
): string | null {
  const optional = new Set(flow.steps.filter((s) => s.optional).map((s) => s.id));
  return active.find((id) => !optional.has(id) && !isStepComplete(validators, id, data)) ?? null;
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

/** What the engine needs of a step to judge the answers it owns (server: ajv; browser: precompiled). */
export interface StepCheck {
  owns: readonly string[];
  validate: StepValidator;
  /** Pointers of the step's own data that its schema does not declare (schemaWalk's undeclaredPointers). */
  undeclared(own: FormData): string[];
  /** Pointers of the data its conditional fields hold where they do not apply (schemaWalk's inapplicablePointers). */
  inapplicable(data: FormData): string[];
}

/** Rules a draft may break for now: they say something is missing, not that something is wrong. */
export const COMPLETENESS_KEYWORDS = new Set(['required', 'dependencies', 'minItems', 'contains', 'x-sum']);

/**
 * The errors that say an answer is wrong, not missing: those of the `oneOf`/`anyOf` branches the data is in
 * (composition.ts), without the completeness rules, and a branch keyword only when its branches say nothing.
 */
export function wrongErrors(errors: readonly ValidationErrorLike[]): ValidationErrorLike[] {
  const settled = settleBranches(errors as readonly BranchErrorLike[]);
  return settled.filter(
    (e) =>
      !COMPLETENESS_KEYWORDS.has(e.keyword) &&
      !((e.keyword === 'oneOf' || e.keyword === 'anyOf') && branchesExplain(e, settled)),
  );
}

/** The errors that say an answer is missing: the completeness rules of the `oneOf`/`anyOf` branches the data is in. */
export function missingErrors(errors: readonly ValidationErrorLike[]): ValidationErrorLike[] {
  return settleBranches(errors as readonly BranchErrorLike[]).filter((e) =>
    COMPLETENESS_KEYWORDS.has(e.keyword),
  );
}

/** The data a step owns, and nothing else (objects on the way kept). */
export function ownData(data: FormData, owns: readonly string[]): FormData {
  let out: FormData = {};
  for (const pointer of owns) {
    const value = getAt(data, pointer);
    if (value !== undefined) out = setAt(out, pointer, value);
  }
  return out;
}

/**
 * Pointers of the data outside the owned pointers (a key nobody asks for), and of places on the way to owned
 * data that hold something other than an object (`legal_info: "x"`).
 * @param owned - the pointers some step owns (a flow's, or one step's)
 */
export function unownedPointers(owned: readonly string[], data: FormData): FieldMessage[] {
  const found: FieldMessage[] = [];
  const visit = (node: unknown, at: string) => {
    if (!isObject(node)) {
      found.push({ pointer: at, key: 'validation:error.type', params: { type: 'object' } });
      return;
    }
    for (const key of Object.keys(node)) {
      const pointer = toPointer([...parsePointer(at), key]);
      if (owned.some((o) => isWithin(pointer, o))) continue;
      if (owned.some((o) => isWithin(o, pointer))) visit(node[key], pointer);
      else found.push({ pointer, key: 'validation:error.unknownField', params: {} });
    }
  };
  visit(data, '');
  return found;
}

/**
 * What is wrong with the answers themselves — not what is missing. Every step holding data is judged by its
 * own schema, on the current path or not (a hidden step's data must be sound too):
 * - a key no step owns, or that no step owning its place declares, is refused (`unknownField`);
 * - a value is refused by the rules of the steps that own it. Several steps may own one place with different
 *   rules (the licence number of each country; one owner for a sole proprietor, several for a company): while
 *   some of them are on the current path, theirs are the rules that count; for data only hidden steps own, a
 *   value is refused when none of them would take it.
 * With `received` (a save of one step) those steps' own rules count, whatever the path.
 * @param checks - one per step id of the flow
 * @param received - the steps a save was about (default: the whole data, judged as above)
 */
export function answerProblems(
  flow: FlowDefinition,
  checks: Record<string, StepCheck>,
  data: FormData,
  received?: readonly string[],
): FieldMessage[] {
  const found = new Map<string, FieldMessage>();
  const add = (message: FieldMessage) => {
    if (!found.has(message.pointer)) found.set(message.pointer, message);
  };
  // The server's facts are no answer: no step owns them, nothing refuses them.
  unownedPointers([...flow.steps.flatMap((s) => s.owns), `/${FACTS_KEY}`], data).forEach(add);
  const judged = new Map<
    string,
    { owns: readonly string[]; undeclared: Set<string>; errors: FieldMessage[] }
  >();
  for (const id of received ?? flow.steps.map((s) => s.id)) {
    const check = checks[id];
    if (!check) throw new Error(`no validator for step "${id}"`);
    const own = ownData(data, check.owns);
    if (Object.keys(own).length === 0) continue;
    const failing = wrongErrors(check.validate(withOwnedParents(data, check.owns)).errors);
    judged.set(id, {
      owns: check.owns,
      undeclared: new Set(check.undeclared(own)),
      errors: toFieldMessages(failing).filter((m) =>
        check.owns.some((o) => isWithin(m.pointer, o) || isWithin(o, m.pointer)),
      ),
    });
  }
  const active = received ? null : new Set(resolveSteps(flow, data));
  const ownersOf = (pointer: string) =>
    [...judged].filter(([, step]) => step.owns.some((o) => isWithin(pointer, o) || isWithin(o, pointer)));
  // A key one step does not declare may be another's at the same place (a shareholder's documents, asked for
  // by the step after the one that lists the shareholders): refused only when no step owning the place declares it.
  const declaredElsewhere = (pointer: string, judgedIds: ReadonlySet<string>) =>
    flow.steps.some((s) => {
      if (judgedIds.has(s.id) || !s.owns.some((o) => isWithin(pointer, o))) return false;
      const check = checks[s.id];
      return check !== undefined && !check.undeclared(ownData(data, check.owns)).includes(pointer);
    });
  const judgedIds = new Set(judged.keys());
  for (const [id, step] of judged) {
    for (const pointer of step.undeclared)
      if (
        ownersOf(pointer).every(([, owner]) => owner.undeclared.has(pointer)) &&
        !declaredElsewhere(pointer, judgedIds)
      )
        add({ pointer, key: 'validation:error.unknownField', params: {} });
    for (const message of step.errors) {
      if (!active) {
        add(message);
        continue;
      }
      const owners = ownersOf(message.pointer);
      const activeOwners = owners.filter(([owner]) => active.has(owner));
      const counts =
        activeOwners.length > 0
          ? active.has(id)
          : owners.every(([, owner]) => owner.errors.some((m) => m.pointer === message.pointer));
      if (counts) add(message);
    }
  }
  return [...found.values()];
}

/**
 * The data without what conditional fields hold where they do not apply (a VAT number once the business says it
 * is not registered for VAT), by the schemas of the given steps, each within what it owns. Like the data of a
 * step off the merchant's path, such answers are not kept.
 */
export function dropInapplicable(
  checks: Record<string, StepCheck>,
  data: FormData,
  steps: readonly string[],
): FormData {
  let out = data;
  for (const id of steps) {
    const check = checks[id];
    if (!check) throw new Error(`no validator for step "${id}"`);
    const pointers = check.inapplicable(out).filter((p) => check.owns.some((o) => isWithin(p, o)));
    if (pointers.length > 0) out = withoutPointers(out, pointers);
  }
  return out;
}

/** Pointers ordered deepest and last items first, so changing one never moves another's list index. */
function deepestLastFirst(pointers: readonly string[]): string[] {
  const order = (p: string) => parsePointer(p).map((t) => (/^\d+$/.test(t) ? t.padStart(10, '0') : t));
  return [...new Set(pointers)].sort((a, b) => {
    const x = order(a);
    const y = order(b);
    for (let i = 0; i < Math.min(x.length, y.length); i += 1)
      if (x[i] !== y[i]) return x[i]! < y[i]! ? 1 : -1;
    return y.length - x.length;
  });
}

/** The data without the values at the pointers. */
export function withoutPointers(data: FormData, pointers: readonly string[]): FormData {
  return deepestLastFirst(pointers).reduce<FormData>((acc, pointer) => removeAt(acc, pointer, false), data);
}

/**
 * The data with the values at some pointers as they are in `saved` (removed where `saved` has none): what the
 * browser saves again after the server refused those answers, so the rest is stored at once.
 */
export function revertTo(saved: FormData, data: FormData, pointers: readonly string[]): FormData {
  return deepestLastFirst(pointers).reduce<FormData>((acc, pointer) => {
    if (pointer === '') return saved;
    const value = getAt(saved, pointer);
    return value === undefined ? removeAt(acc, pointer, false) : setAt(acc, pointer, value);
  }, data);
}

export interface CarriedDraft {
  data: FormData;
  /** What was dropped, each with the reason: the merchant is asked to check these fields. */
  dropped: FieldMessage[];
}

/**
 * Carries a draft's data into another version of its flow — the rule: a value is kept when its pointer still
 * belongs to a field of the flow and it still validates there; everything else is dropped and listed (a field
 * that is gone says `validation:error.removedField`). Missing answers are not listed: the form asks for them.
 * @param checks - the new version's steps
 */
export function carryForward(
  flow: FlowDefinition,
  checks: Record<string, StepCheck>,
  data: FormData,
): CarriedDraft {
  let current = data;
  const dropped: FieldMessage[] = [];
  // Dropping a value can make its parent judge differently (a list item gone); a few passes settle it.
  for (let pass = 0; pass < 5; pass += 1) {
    const problems = answerProblems(flow, checks, current);
    if (problems.length === 0) break;
    for (const problem of problems)
      dropped.push(
        problem.key === 'validation:error.unknownField'
          ? { ...problem, key: 'validation:error.removedField' }
          : problem,
      );
    current = withoutPointers(
      current,
      problems.map((p) => p.pointer),
    );
  }
  return { data: current, dropped };
}

/**
 * A draft of a catalogue flow as the drafts API shows it (GET/PUT/POST /merchant/api/v1/flows/:flow/drafts…):
 * shared by the server that answers and the app that asks.
 */
export interface DraftView {
  id: string;
  flow: string;
  scope: string;
  /** The flow version (SHA-256 id) the answers belong to. */
  version: string;
  status: 'draft' | 'submitted';
  data: Record<string, unknown>;
  /** The active steps, in order. */
  steps: string[];
  /** Where to resume (null once submitted, or when every step is complete). */
  first_incomplete_step: string | null;
  /** How the submitted path ended (the `end` of its last step). */
  outcome: 'submit' | 'reach-out' | null;
  /** Fields dropped when the draft was carried to a newer version: ask the merchant to check them. */
  attention: FieldMessage[];
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
}
