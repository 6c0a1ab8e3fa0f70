/**
 * Where a long step is cut into <form>s (src/engine/react/fieldGroups.ts): balanced forms of at most 4 fields,
 * a property never split, hidden fields counting for nothing, the UI schema's order followed, and a root that
 * only wraps one object cut inside it.
 */
import { describe, expect, it } from 'vitest';
import { fieldCount, formCuts, formStarts, MAX_FIELDS_PER_FORM } from '../../src/engine/react/fieldGroups';

const text = { type: 'string' };
const flat = (n: number, prefix = 'f') =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, text]));
/** A resolver for schemas without `$ref`s. */
const noRefs = () => undefined;

/** The sizes of the forms `starts` cuts `names` into. */
function sizes(names: string[], starts: Set<string>, weight: (name: string) => number = () => 1) {
  const out: number[] = [];
  for (const name of names) {
    if (out.length === 0 || starts.has(name)) out.push(0);
    out.push(out.pop()! + weight(name));
  }
  return out;
}

describe('a step cut into forms', () => {
  it('is one form up to 4 fields', () => {
    expect(MAX_FIELDS_PER_FORM).toBe(4);
    expect(formStarts(flat(4), undefined, () => 1).size).toBe(0);
    expect(formStarts(flat(5), undefined, () => 1).size).toBe(1);
    expect(formStarts({}, undefined, () => 1).size).toBe(0);
  });

  it('balances the forms: 10 fields are 4, 3 and 3; at 8 a form, 9 are 5 and 4, 60 are eight of 7 or 8', () => {
    expect(
      sizes(
        Object.keys(flat(10)),
        formStarts(flat(10), undefined, () => 1),
      ),
    ).toEqual([4, 3, 3]);
    expect(
      sizes(
        Object.keys(flat(60)),
        formStarts(flat(60), undefined, () => 1),
      ),
    ).toEqual(Array(15).fill(4));
    const nine = flat(9);
    expect(
      sizes(
        Object.keys(nine),
        formStarts(nine, undefined, () => 1, 8),
      ),
    ).toEqual([5, 4]);
    const sixty = flat(60);
    const forms = sizes(
      Object.keys(sixty),
      formStarts(sixty, undefined, () => 1, 8),
    );
    expect(forms).toHaveLength(8);
    expect(forms.every((n) => n === 7 || n === 8)).toBe(true);
    expect(forms.reduce((a, b) => a + b)).toBe(60);
  });

  it('follows ui:order and never splits an object', () => {
    const properties = { ...flat(6), address: { type: 'object', properties: flat(6, 'a') } };
    const starts = formStarts(
      properties,
      { 'ui:order': ['address', '*'] },
      (schema) => fieldCount(schema, noRefs),
      8,
    );
    // address (6 fields) first, then f0…f5: 12 fields, two forms, the object whole in the first.
    expect([...starts]).toEqual(['f0']);
  });

  it('gives a hidden field no weight', () => {
    const hidden = Object.fromEntries(
      Object.keys(flat(4, 'h')).map((name) => [name, { 'ui:widget': 'hidden' }]),
    );
    const properties = { ...flat(4, 'a'), ...flat(4, 'h'), ...flat(5, 'b') };
    // 9 fields on screen: a0…a3 and b0 (5), then b1…b4 (4). Counted, the hidden four would cut at h3.
    expect([...formStarts(properties, hidden, () => 1, 8)]).toEqual(['b1']);
    expect([...formStarts(properties, undefined, () => 1, 8)]).toEqual(['h3']);
  });

  it('keeps an object heavier than the limit in one form', () => {
    const properties = { lead: text, big: { type: 'object', properties: flat(12, 'b') }, tail: text };
    const starts = formStarts(properties, undefined, (schema, ui) => fieldCount(schema, noRefs, ui), 8);
    expect([...starts]).toEqual(['tail']);
  });

  it('falls back to the schema order when ui:order names a field that is not there', () => {
    const starts = formStarts(flat(10), { 'ui:order': ['nope'] }, () => 1, 8);
    expect(sizes(Object.keys(flat(10)), starts)).toEqual([5, 5]);
  });

  it('counts the fields a property draws, through $refs, and stops on a schema that refers to itself', () => {
    const defs: Record<string, Record<string, unknown>> = {
      '#/$defs/address': { type: 'object', properties: flat(5, 'a') },
      '#/$defs/node': { type: 'object', properties: { name: text, child: { $ref: '#/$defs/node' } } },
    };
    const resolve = (ref: string) => defs[ref];
    expect(fieldCount({ $ref: '#/$defs/address' }, resolve)).toBe(5);
    expect(fieldCount({ type: 'array', items: { $ref: '#/$defs/address' } }, resolve)).toBe(5);
    expect(fieldCount(text, resolve)).toBe(1);
    expect(fieldCount({ type: 'object', properties: {} }, resolve)).toBe(1);
    // An object one widget draws (an upload of a document record, say) is one field.
    expect(fieldCount({ $ref: '#/$defs/address' }, resolve, { 'ui:widget': 'upload' })).toBe(1);
    expect(fieldCount({ $ref: '#/$defs/address' }, resolve, { a0: { 'ui:widget': 'textarea' } })).toBe(5);
    expect(fieldCount({ $ref: '#/$defs/node' }, resolve)).toBeGreaterThan(1);
    expect(Number.isFinite(fieldCount({ $ref: '#/$defs/node' }, resolve))).toBe(true);
  });

  it('cuts inside an object the root only wraps (legal_info holding a whole step)', () => {
    const root = {
      type: 'object',
      properties: { legal_info: { type: 'object', properties: flat(12) } },
    };
    const cuts = formCuts(root, {}, noRefs);
    expect(cuts.path).toEqual(['legal_info']);
    expect(sizes(Object.keys(flat(12)), cuts.starts)).toEqual([4, 4, 4]);
    // A root of fields is cut at the root; a resolver that throws leaves the schema as it is.
    const plain = formCuts({ type: 'object', properties: flat(16) }, undefined, () => {
      throw new Error('unresolvable');
    });
    expect(plain.path).toEqual([]);
    expect(plain.starts.size).toBe(3);
  });
});
