/**
 * Property-based (issue 55): random schemas from the subset the engine supports — nested objects, lists and
 * tuples, choices of constants, "person or company" oneOf branches with fixed-value selectors, fields an allOf
 * adds, fields a dependency adds, draft-07 spellings mixed in — each accepted by the catalogue's checks, with
 * random valid answers. Whatever the check accepts keeps them: nothing refused as undeclared, nothing dropped as
 * no longer applying, no error. (Through the API, for the schema-zoo flow: tests/server/schema-zoo.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseSchema } from '../../src/catalogue/normalise';
import { keywordProblems } from '../../src/catalogue/checks/keywords';
import { unboundedFields } from '../../src/catalogue/checks/bounds';
import { createCatalogueAjv } from '../../src/catalogue/model';
import { inapplicablePointers, undeclaredPointers } from '../../src/engine/core/schemaWalk';
import { localRefs } from '../../src/engine/core/schemaRef';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- random JSON

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'omega');

/** Leaves: bounded text, a bounded number, an enum, a choice of constants. */
const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.integer({ min: 1, max: 40 }).map((max) => ({ type: 'string', maxLength: max })),
  fc.integer({ min: 0, max: 1000 }).map((max) => ({ type: 'integer', minimum: 0, maximum: max })),
  fc.uniqueArray(word, { minLength: 1, maxLength: 4 }).map((values) => ({ enum: values })),
  fc
    .uniqueArray(word, { minLength: 2, maxLength: 4 })
    .map((values) => ({ oneOf: values.map((v) => ({ const: v, title: `x:${v}` })) })),
);

/** Lists: of leaves, or a tuple of two leaves (written in 2020-12 or draft-07's spelling). */
const list: fc.Arbitrary<Json> = fc.oneof(
  fc
    .record({ items: leaf, max: fc.integer({ min: 1, max: 4 }) })
    .map(({ items, max }) => ({ type: 'array', items, maxItems: max })),
  fc
    .record({ a: leaf, b: leaf, draft07: fc.boolean() })
    .map(({ a, b, draft07 }) =>
      draft07
        ? { type: 'array', minItems: 2, maxItems: 2, items: [a, b], additionalItems: false }
        : { type: 'array', minItems: 2, maxItems: 2, prefixItems: [a, b], items: false },
    ),
);

/** An object: a few fields, and maybe a allOf field, a dependency's field and "p or q" branches. */
const object = (depth: number): fc.Arbitrary<Json> =>
  fc
    .record({
      fields: fc.array(depth > 0 ? fc.oneof(leaf, list, object(depth - 1)) : fc.oneof(leaf, list), {
        minLength: 1,
        maxLength: 4,
      }),
      allOf: fc.option(leaf, { nil: undefined }),
      dependency: fc.option(fc.record({ schema: leaf, draft07: fc.boolean() }), { nil: undefined }),
      branches: fc.option(fc.tuple(leaf, leaf), { nil: undefined }),
    })
    .map(({ fields, allOf, dependency, branches }) => {
      const schema: Json = {
        type: 'object',
        properties: Object.fromEntries(fields.map((f, i) => [`f${i}`, f])),
      };
      if (allOf) schema.allOf = [{ properties: { extra: allOf } }];
      if (dependency)
        schema[dependency.draft07 ? 'dependencies' : 'dependentSchemas'] = {
          f0: { properties: { dep: dependency.schema } },
        };
      if (branches)
        schema.oneOf = [
          { properties: { kind: { const: 'p' }, branch_p: branches[0] }, required: ['kind'] },
          { properties: { kind: { const: 'q' }, branch_q: branches[1] }, required: ['kind'] },
        ];
      return schema;
    });

/** Valid answers for a (normalised) schema. */
function answers(schema: Json): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.oneOf) && schema.type !== 'object')
    return fc.constantFrom(...schema.oneOf.map((o: Json) => o.const));
  if (schema.type === 'string') return fc.string({ maxLength: schema.maxLength });
  if (schema.type === 'integer') return fc.integer({ min: schema.minimum, max: schema.maximum });
  if (schema.type === 'array' && Array.isArray(schema.prefixItems))
    return fc.tuple(...(schema.prefixItems as Json[]).map(answers));
  if (schema.type === 'array') return fc.array(answers(schema.items), { maxLength: schema.maxItems });
  const own = Object.entries(schema.properties as Json).map(
    ([name, child]) => [name, fc.option(answers(child), { nil: undefined })] as const,
  );
  const extra = schema.allOf ? answers(schema.allOf[0].properties.extra) : fc.constant(undefined);
  const dependent = schema.dependencies?.f0
    ? answers(schema.dependencies.f0.properties.dep)
    : fc.constant(undefined);
  const branch = schema.oneOf
    ? fc.oneof(
        answers(schema.oneOf[0].properties.branch_p).map((v) => ({ kind: 'p', branch_p: v })),
        answers(schema.oneOf[1].properties.branch_q).map((v) => ({ kind: 'q', branch_q: v })),
      )
    : fc.constant({});
  return fc
    .tuple(
      fc.tuple(...own.map(([, a]) => a)),
      fc.option(extra, { nil: undefined }),
      fc.option(dependent, { nil: undefined }),
      branch,
    )
    .map(([values, extraValue, dependentValue, branchValues]) => {
      const out: Json = {};
      own.forEach(([name], i) => {
        if (values[i] !== undefined) out[name] = values[i];
      });
      if (extraValue !== undefined) out.extra = extraValue;
      // A dependency's field only beside what it depends on.
      if (dependentValue !== undefined && out.f0 !== undefined) out.dep = dependentValue;
      return { ...out, ...branchValues };
    });
}

describe('nothing the engine accepts loses valid answers (random schemas, property-based)', () => {
  it('a random schema of the supported subset is accepted, and random valid answers are kept whole', () => {
    fc.assert(
      fc.property(
        object(2).chain((written) => {
          const { schema, problems } = normaliseSchema({ type: 'object', properties: { root: written } });
          expect(problems).toEqual([]);
          return answers((schema as Json).properties.root).map((root) => ({
            written,
            schema: schema as Json,
            data: { root },
          }));
        }),
        ({ schema, data }) => {
          // Accepted by the check: nothing refused, everything bounded.
          expect(keywordProblems(schema)).toEqual([]);
          expect(unboundedFields(schema)).toEqual([]);
          // Kept: valid, nothing undeclared, nothing inapplicable.
          const validate = createCatalogueAjv().compile(schema);
          expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
          const refs = localRefs(schema);
          expect(undeclaredPointers(schema, data, refs)).toEqual([]);
          expect(inapplicablePointers(schema, data, refs)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
