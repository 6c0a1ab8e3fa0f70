/**
 * What a change from one flow version to another does to the merchants filling the flow in (issue 17):
 *
 * - **cosmetic** — only what is shown changes: texts (labels, help, messages, in any language), UI schemas
 *   (widgets, order, placeholders), `default`/`examples`/`x-example`, `$comment`. No answer becomes wrong.
 * - **additive** — the form asks for more, optionally, or accepts more: a new field that is not required, a
 *   new step that is optional or requires nothing, a constraint loosened or removed (a longer maximum, a
 *   required field made optional, an enum value added, a type widened).
 * - **breaking** — an answer given under the old version may be lost or fail: a field or step removed (a
 *   rename is a removal and an addition), a constraint added or tightened (pattern, format, shorter maximum,
 *   enum value removed, newly required field or step), conditional logic (`if`/`allOf`/`anyOf`/`oneOf`/`not`/
 *   `dependent*`) or routing (`when`, `owns`, step order, rules, resets, context) changed. What the rules below
 *   do not recognise is breaking: a wrong "cosmetic" would publish without the replay and the confirmation.
 *
 * Step schemas are compared bundled (their shared definitions inlined), so a change in `_defs/` counts in every
 * step that uses it. Pure: the studio's publish and diff and the CLI all call it.
 */
import { isObject, type JsonObject } from '../engine/core/json';
import { toPointer } from '../engine/core/pointer';
import type { FlowDefinition } from '../engine/core/types';
import { bundledStepSchema, canonicalJson, type FlowVersionContent } from './version';

export type ChangeKind = 'cosmetic' | 'additive' | 'breaking';
export type Classification = ChangeKind | 'none';

/** One change, said by a code the studio translates (`studio:change.<code>`) with its values. */
export interface Change {
  kind: ChangeKind;
  code:
    | 'text'
    | 'ui'
    | 'annotation'
    | 'fieldAdded'
    | 'fieldRemoved'
    | 'nowRequired'
    | 'noLongerRequired'
    | 'tightened'
    | 'loosened'
    | 'constraintAdded'
    | 'constraintRemoved'
    | 'constraintChanged'
    | 'optionsAdded'
    | 'optionsRemoved'
    | 'typeChanged'
    | 'logicChanged'
    | 'stepAdded'
    | 'stepRemoved'
    | 'stepsReordered'
    | 'routingChanged'
    | 'ownsAdded'
    | 'ownsRemoved'
    | 'flowChanged'
    | 'entryChanged';
  /** The step the change is in (absent: the flow itself, or texts). */
  step?: string;
  /** Where: a JSON pointer in the step's (bundled) schema, the UI schema, the flow file, or a text key. */
  pointer: string;
  /** The keyword, field, option values or language concerned. */
  params: Record<string, string | number>;
}

export interface ClassifiedChanges {
  classification: Classification;
  changes: Change[];
}

const RANK: Record<Classification, number> = { none: 0, cosmetic: 1, additive: 2, breaking: 3 };

/** Keywords that only describe: changing them changes what is shown, never what is accepted. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'x-messages',
  '$comment',
  'default',
  'examples',
  'x-example',
  'readOnly',
  'deprecated',
]);
/** A bigger value accepts less. */
const LOWER_BOUNDS = new Set([
  'minLength',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'minProperties',
  'minContains',
]);
/** A smaller value accepts less. */
const UPPER_BOUNDS = new Set([
  'maxLength',
  'maximum',
  'exclusiveMaximum',
  'maxItems',
  'maxProperties',
  'maxContains',
  'x-maxSizeKb',
]);
/** Keywords holding one subschema, compared inside. */
const SUBSCHEMA = new Set(['items', 'contains', 'additionalProperties', 'propertyNames']);
/** Keywords holding logic: any change in what they accept is breaking. */
const LOGIC = new Set([
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'dependentRequired',
  'dependentSchemas',
  'prefixItems',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$ref',
]);

/** A schema without its annotations at any depth: two equal ones accept exactly the same data. */
function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    // A property named like an annotation ("title", "description") is a field, not an annotation.
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutAnnotations(v)]))
        : withoutAnnotations(value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const typesOf = (value: unknown): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
const list = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** The changes between two schema nodes at `pointer` of a step's bundled schema. */
function diffSchema(step: string, before: unknown, after: unknown, path: string[], out: Change[]) {
  if (same(before, after)) return;
  const pointer = toPointer(path);
  const add = (kind: ChangeKind, code: Change['code'], params: Change['params'] = {}) =>
    out.push({ kind, code, step, pointer, params });
  if (!isObject(before) || !isObject(after)) {
    // `true`/`false` schemas, or a schema turned into something else.
    add('breaking', 'constraintChanged', { keyword: path.at(-1) ?? '' });
    return;
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of [...keys].sort()) {
    const a = before[key];
    const b = after[key];
    if (same(a, b)) continue;
    const here = (kind: ChangeKind, code: Change['code'], params: Change['params'] = {}) =>
      out.push({ kind, code, step, pointer: toPointer([...path, key]), params: { keyword: key, ...params } });
    if (ANNOTATIONS.has(key)) here('cosmetic', 'annotation');
    else if (key === 'properties' || key === '$defs') {
      const pa = isObject(a) ? a : {};
      const pb = isObject(b) ? b : {};
      for (const name of [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort()) {
        const at = toPointer([...path, key, name]);
        if (!(name in pb)) {
          if (key === 'properties')
            out.push({ kind: 'breaking', code: 'fieldRemoved', step, pointer: at, params: { field: name } });
          // A definition nothing refers to any more changes nothing; the fields that used it say what did.
        } else if (!(name in pa)) {
          if (key === 'properties')
            out.push({ kind: 'additive', code: 'fieldAdded', step, pointer: at, params: { field: name } });
        } else diffSchema(step, pa[name], pb[name], [...path, key, name], out);
      }
    } else if (key === 'required') {
      const ra = new Set(typesOf(a));
      const rb = new Set(typesOf(b));
      for (const name of rb) if (!ra.has(name)) here('breaking', 'nowRequired', { field: name });
      for (const name of ra) if (!rb.has(name)) here('additive', 'noLongerRequired', { field: name });
    } else if (key === 'enum' || key === 'x-accept') {
      const ea = Array.isArray(a) ? a : [];
      const eb = Array.isArray(b) ? b : [];
      const removed = ea.filter((v) => !eb.some((w) => same(v, w)));
      const added = eb.filter((v) => !ea.some((w) => same(v, w)));
      if (a === undefined) here('breaking', 'constraintAdded');
      else if (b === undefined) here('additive', 'constraintRemoved');
      else {
        if (removed.length > 0) here('breaking', 'optionsRemoved', { values: list(removed) });
        if (added.length > 0) here('additive', 'optionsAdded', { values: list(added) });
      }
    } else if (key === 'type') {
      const ta = typesOf(a);
      const tb = typesOf(b);
      const widened = a === undefined ? false : b === undefined || ta.every((t) => tb.includes(t));
      here(widened ? 'additive' : 'breaking', 'typeChanged', { from: ta.join('|'), to: tb.join('|') });
    } else if (LOWER_BOUNDS.has(key) || UPPER_BOUNDS.has(key)) {
      if (a === undefined) here('breaking', 'constraintAdded', { to: String(b) });
      else if (b === undefined) here('additive', 'constraintRemoved', { from: String(a) });
      else {
        const tighter = LOWER_BOUNDS.has(key) ? Number(b) > Number(a) : Number(b) < Number(a);
        here(tighter ? 'breaking' : 'additive', tighter ? 'tightened' : 'loosened', {
          from: String(a),
          to: String(b),
        });
      }
    } else if (SUBSCHEMA.has(key) && isObject(a) && isObject(b)) diffSchema(step, a, b, [...path, key], out);
    else if (LOGIC.has(key)) {
      if (same(withoutAnnotations(a), withoutAnnotations(b))) here('cosmetic', 'annotation');
      else here('breaking', 'logicChanged');
    } else if (key.startsWith('ui:')) here('cosmetic', 'ui');
    else if (a === undefined) here('breaking', 'constraintAdded', { to: JSON.stringify(b) });
    else if (b === undefined) here('additive', 'constraintRemoved', { from: JSON.stringify(a) });
    else here('breaking', 'constraintChanged', { from: JSON.stringify(a), to: JSON.stringify(b) });
  }
}

/** Does a step schema ask for anything (a `required` anywhere, or a lower bound on a list)? */
function requiresSomething(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(requiresSomething);
  if (!isObject(schema)) return false;
  if (Array.isArray(schema.required) && schema.required.length > 0) return true;
  if (typeof schema.minItems === 'number' && schema.minItems > 0) return true;
  return Object.values(schema).some(requiresSomething);
}

/** A flow file or step definition without the keys that hold text keys. */
function flowStructure(value: unknown): unknown {
  if (!isObject(value)) return value;
  const { title: _t, action: _a, confirm: _c, back: _b, refusals: _r, ...rest } = value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(rest)) {
    if (key === 'steps' && Array.isArray(item)) out[key] = item.map(flowStructure);
    else if (key === 'lead' && Array.isArray(item))
      out[key] = item.map((l) => (isObject(l) ? { ...l, title: undefined } : l));
    else if (key === 'stages' && isObject(item)) out[key] = { ...item, titles: undefined };
    else if (key === 'resets' && Array.isArray(item))
      out[key] = item.map((r) => (isObject(r) ? { ...r, confirm: undefined } : r));
    else out[key] = item;
  }
  return out;
}

function diffFlow(before: FlowDefinition, after: FlowDefinition, out: Change[]) {
  const idsA = before.steps.map((s) => s.id);
  const idsB = after.steps.map((s) => s.id);
  for (const [index, step] of after.steps.entries())
    if (!idsA.includes(step.id))
      out.push({
        kind: step.optional ? 'additive' : 'breaking',
        code: 'stepAdded',
        step: step.id,
        pointer: `/steps/${index}`,
        params: { step: step.id },
      });
  for (const [index, step] of before.steps.entries())
    if (!idsB.includes(step.id))
      out.push({
        kind: 'breaking',
        code: 'stepRemoved',
        step: step.id,
        pointer: `/steps/${index}`,
        params: { step: step.id },
      });
  const common = (ids: string[], other: string[]) => ids.filter((id) => other.includes(id));
  if (!same(common(idsA, idsB), common(idsB, idsA)))
    out.push({ kind: 'breaking', code: 'stepsReordered', pointer: '/steps', params: {} });
  for (const [index, step] of after.steps.entries()) {
    const old = before.steps.find((s) => s.id === step.id);
    if (!old || same(old, step)) continue;
    // What a step owns grows with a new field (the schema's own change says how) and shrinks with a removed one.
    const ownsA = new Set(old.owns);
    for (const pointer of step.owns.filter((p) => !ownsA.has(p)))
      out.push({
        kind: 'additive',
        code: 'ownsAdded',
        step: step.id,
        pointer: `/steps/${index}/owns`,
        params: { pointer },
      });
    for (const pointer of old.owns.filter((p) => !step.owns.includes(p)))
      out.push({
        kind: 'breaking',
        code: 'ownsRemoved',
        step: step.id,
        pointer: `/steps/${index}/owns`,
        params: { pointer },
      });
    const { owns: _oa, ...restOld } = old;
    const { owns: _ob, ...restNew } = step;
    if (same(restOld, restNew)) continue;
    const kind: ChangeKind = same(flowStructure(restOld), flowStructure(restNew)) ? 'cosmetic' : 'breaking';
    out.push({
      kind,
      code: kind === 'cosmetic' ? 'text' : 'routingChanged',
      step: step.id,
      pointer: `/steps/${index}`,
      params: { step: step.id },
    });
  }
  const { steps: _a, ...restA } = before;
  const { steps: _b, ...restB } = after;
  for (const key of [...new Set([...Object.keys(restA), ...Object.keys(restB)])].sort()) {
    const a = (restA as JsonObject)[key];
    const b = (restB as JsonObject)[key];
    if (same(a, b)) continue;
    // Where the form is reached changes no draft: its answers and steps stay as they are.
    if (key === 'entry') {
      out.push({ kind: 'cosmetic', code: 'entryChanged', pointer: '/entry', params: {} });
      continue;
    }
    // What the submitted page says, and whether the form may be sent again, changes no draft either.
    if (key === 'submitted') {
      out.push({ kind: 'cosmetic', code: 'text', pointer: '/submitted', params: { key } });
      continue;
    }
    const kind: ChangeKind = same(flowStructure({ [key]: a }), flowStructure({ [key]: b }))
      ? 'cosmetic'
      : 'breaking';
    out.push({
      kind,
      code: kind === 'cosmetic' ? 'text' : 'flowChanged',
      pointer: `/${key}`,
      params: { key },
    });
  }
}

/**
 * Classifies the change from one version's content to another's.
 * @returns - every change found, and the strongest kind among them (`none` when the contents are equal)
 */
export function classifyChange(before: FlowVersionContent, after: FlowVersionContent): ClassifiedChanges {
  const changes: Change[] = [];
  diffFlow(before.flow, after.flow, changes);
  for (const step of after.flow.steps) {
    const id = step.id;
    const inBefore = before.steps[id];
    const inAfter = after.steps[id];
    if (!inAfter) continue;
    if (!inBefore) {
      // A new step: additive when optional (said by diffFlow); also when it asks for nothing.
      const added = changes.find((c) => c.code === 'stepAdded' && c.step === id);
      if (added && !requiresSomething(inAfter.schema)) added.kind = 'additive';
      continue;
    }
    const a = bundledStepSchema(before, id, 'step');
    const b = bundledStepSchema(after, id, 'step');
    diffSchema(id, a, b, [], changes);
    if (!same(inBefore.ui, inAfter.ui))
      changes.push({ kind: 'cosmetic', code: 'ui', step: id, pointer: '', params: {} });
  }
  for (const language of [...new Set([...Object.keys(before.texts), ...Object.keys(after.texts)])].sort()) {
    const ta = before.texts[language] ?? {};
    const tb = after.texts[language] ?? {};
    for (const key of [...new Set([...Object.keys(ta), ...Object.keys(tb)])].sort())
      if (ta[key] !== tb[key])
        changes.push({
          kind: 'cosmetic',
          code: 'text',
          pointer: key,
          params: { language, key, ...(tb[key] !== undefined ? { text: tb[key] } : {}) },
        });
  }
  const classification = changes.reduce<Classification>(
    (worst, c) => (RANK[c.kind] > RANK[worst] ? c.kind : worst),
    'none',
  );
  return { classification, changes };
}
