/**
 * A flow's data rules (flow.json `rules` and `resets`): values the data must
 * take while a condition holds (BHR, KWT and QAT force the commercial
 * registration licence type), and fields cleared when an answer they depended
 * on changes (a new country of operations clears legal info, documents and
 * bank details — after the merchant confirms).
 *
 * The browser applies rules on every change and asks before a reset; the
 * server applies the rules again on every save, so the stored data never
 * breaks them whatever a client sends.
 */
import equal from 'fast-deep-equal';
import { evaluateCondition } from './conditions';
import { deriveContext } from './context';
import { getAt, removeAt, setAt } from './pointer';
import type { Condition, FlowDefinition, FlowReset, FormData } from './types';

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * Applies the flow's rules until nothing changes (a rule may change the context another rule reads).
 * @returns - the same object when no rule changed anything, else a copy
 */
export function applyRules(flow: FlowDefinition, data: FormData): FormData {
  const rules = flow.rules ?? [];
  let result = data;
  // Each pass either changes nothing (done) or settles at least one pointer; the rule count bounds the passes.
  for (let pass = 0; pass <= rules.length; pass += 1) {
    const before = result;
    for (const rule of rules) {
      if (!evaluateCondition(rule.when, deriveContext(flow, result), flow.conditions)) continue;
      for (const [pointer, value] of Object.entries(rule.set ?? {}))
        if (getAt(result, pointer) !== value) result = setAt(result, pointer, value);
      for (const pointer of rule.clear ?? [])
        if (getAt(result, pointer) !== undefined) result = removeAt(result, pointer);
    }
    if (result === before) return result;
  }
  return result;
}

const holds = (flow: FlowDefinition, condition: Condition, data: FormData) =>
  evaluateCondition(condition, deriveContext(flow, data), flow.conditions);

/**
 * The resets a change sets off: their `on` field had an answer and now holds another (across their condition,
 * when they name one), and something they clear holds data the merchant gave (nothing to ask about otherwise).
 */
export function resetsFor(flow: FlowDefinition, before: FormData, after: FormData): FlowReset[] {
  // Runs on every change of a form: the cheap tests first; the rules only for a reset that is set off.
  let settled: string | undefined;
  return (flow.resets ?? []).filter((reset) => {
    const old = getAt(before, reset.on);
    if (isEmpty(old) || equal(old, getAt(after, reset.on))) return false;
    if (!reset.clear.some((pointer) => !isEmpty(getAt(after, pointer)))) return false;
    if (reset.across && holds(flow, reset.across, before) === holds(flow, reset.across, after)) return false;
    // Only what the rules would not put back anyway counts (a licence type BHR sets is no answer to lose).
    settled ??= JSON.stringify(applyRules(flow, after));
    return JSON.stringify(applyRules(flow, applyResets(after, [reset]))) !== settled;
  });
}

/** Clears what the resets clear. */
export function applyResets(data: FormData, resets: readonly FlowReset[]): FormData {
  return resets.flatMap((r) => r.clear).reduce<FormData>((acc, pointer) => removeAt(acc, pointer), data);
}
