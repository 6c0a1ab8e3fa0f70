/**
 * Schemas written elsewhere (issue 55), what the engine keeps of them and what the catalogue refuses:
 * - draft-07 spellings read as their 2020-12 counterparts (normalise.ts);
 * - fields declared inside oneOf/anyOf/allOf/dependencies are fields of their object: kept while their branch
 *   applies, dropped when it no longer does (schemaWalk.ts, composition.ts);
 * - only the chosen branch's errors speak (messages.ts, drafts.ts);
 * - what the engine cannot keep is refused up front, named with its replacement (checks/keywords.ts, bounds.ts);
 * - a property-based round trip: random schemas of the supported subset, random valid answers, judged as a
 *   save judges them — nothing valid is refused or dropped.
 * The same fixture flow runs through the API in tests/server/schema-zoo.test.ts and the browser in
 * e2e/new-flow.spec.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseRef, normaliseSchema } from '../../src/catalogue/normalise';
import { keywordProblems } from '../../src/catalogue/checks/keywords';
import { unboundedFields } from '../../src/catalogue/checks/bounds';
import { checkCatalogue } from '../../src/catalogue/checks';
import { readCatalogueDir, type CatalogueSource } from '../../src/catalogue/source';
import { createCatalogueAjv } from '../../src/catalogue/model';
import { catalogueCopy, SCHEMA_ZOO } from '../support/catalogueCopy';
import { branchApplies, selectorOf, settleBranches } from '../../src/engine/core/composition';
import { toFieldMessages } from '../../src/engine/core/messages';
import { carryForward, wrongErrors } from '../../src/engine/core/drafts';
import { fieldsOf, inapplicablePointers, undeclaredPointers } from '../../src/engine/core/schemaWalk';
import { localRefs, withRef } from '../../src/engine/core/schemaRef';
import { stepExamples } from '../../src/engine/core/examples';
import { translateUi } from '../../src/engine/react/translateUi';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON

/** The real catalogue with the zoo flow laid over it, changed by `change`, through every check. */
function zooProblems(change: (files: Record<string, Json>) => void = () => {}) {
  const copy = catalogueCopy([SCHEMA_ZOO]);
  const { source } = readCatalogueDir(copy.schemasDir, copy.localesDir);
  const files = structuredClone(source.files) as Record<string, Json>;
  change(files);
  return checkCatalogue({ ...source, files } as CatalogueSource).problems;
}
const STEP = (id: string) => `schema-zoo/steps/${id}.schema.json`;

const person = {
  title: 'x:person',
  properties: {
    kind: { const: 'person' },
    first_name: { type: 'string', maxLength: 60 },
  },
  required: ['kind', 'first_name'],
};
const company = {
  title: 'x:company',
  properties: {
    kind: { const: 'company' },
    company_name: { type: 'string', maxLength: 120 },
    registration_number: { type: 'string', maxLength: 10, pattern: '^[0-9]{10}$' },
  },
  required: ['kind', 'company_name'],
};
const partySchema = {
  type: 'object',
  properties: { party: { type: 'object', oneOf: [person, company] } },
};

describe('draft-07 spellings are read as their 2020-12 counterparts', () => {
  it('definitions become $defs, and every $ref into them follows', () => {
    const { schema, problems } = normaliseSchema({
      definitions: { vat: { type: 'string', maxLength: 15 } },
      properties: {
        vat: { $ref: '#/definitions/vat' },
        nested: {
          type: 'object',
          definitions: { x: { type: 'integer' } },
          properties: { y: { $ref: '#/properties/nested/definitions/x' } },
        },
      },
    });
    expect(problems).toEqual([]);
    expect(schema).toEqual({
      $defs: { vat: { type: 'string', maxLength: 15 } },
      properties: {
        vat: { $ref: '#/$defs/vat' },
        nested: {
          type: 'object',
          $defs: { x: { type: 'integer' } },
          properties: { y: { $ref: '#/properties/nested/$defs/x' } },
        },
      },
    });
    // A property that happens to be called "definitions" is a name, not the keyword.
    expect(normaliseRef('#/properties/definitions')).toBe('#/properties/definitions');
    expect(normaliseRef('../../_defs/x.json#/definitions/a')).toBe('../../_defs/x.json#/$defs/a');
  });

  it('a tuple written as a list of items becomes prefixItems, its additionalItems items', () => {
    expect(
      normaliseSchema({ type: 'array', items: [{ type: 'string' }], additionalItems: false }).schema,
    ).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: false,
    });
    expect(normaliseSchema({ type: 'array', additionalItems: false }).problems[0]).toMatchObject({
      pointer: '/additionalItems',
      message: expect.stringContaining('"prefixItems"'),
    });
  });

  it('dependentSchemas and dependentRequired become dependencies (what both ajv and the form read)', () => {
    const { schema } = normaliseSchema({
      dependentSchemas: { a: { properties: { b: { type: 'string', maxLength: 3 } } } },
      dependentRequired: { c: ['a'] },
    });
    expect(schema).toEqual({
      dependencies: { a: { properties: { b: { type: 'string', maxLength: 3 } } }, c: ['a'] },
    });
    const twice = normaliseSchema({ dependencies: { c: ['a'] }, dependentRequired: { c: ['b'] } });
    expect(twice.problems[0]).toMatchObject({
      pointer: '/dependentRequired/c',
      message: expect.stringContaining('twice'),
    });
  });

  it('a branch’s fixed property answers itself when chosen; a choice of constants draws as one', () => {
    const { schema } = normaliseSchema({
      oneOf: [person],
      properties: { channel: { oneOf: [{ const: 'email' }, { const: 'sms' }] } },
    }) as { schema: Json };
    expect(schema.oneOf[0].properties.kind).toEqual({ const: 'person', default: 'person' });
    expect(schema.properties.channel.type).toBe('string');
  });

  it('the fixture flow, written in draft-07 spellings, passes every check', () => {
    expect(zooProblems()).toEqual([]);
  });
});

describe('fields declared inside composition keywords are fields of their object', () => {
  const refs = localRefs(partySchema);
  it('a save may hold any branch’s fields; a key no branch declares is refused', () => {
    expect(
      undeclaredPointers(partySchema, { party: { kind: 'company', company_name: 'ACME' } }, refs),
    ).toEqual([]);
    expect(undeclaredPointers(partySchema, { party: { kind: 'company', nickname: 'A' } }, refs)).toEqual([
      '/party/nickname',
    ]);
  });

  it('the answers of a branch the data no longer chooses are dropped — and nothing before a choice', () => {
    expect(
      inapplicablePointers(
        partySchema,
        { party: { kind: 'person', first_name: 'Noor', company_name: 'ACME' } },
        refs,
      ),
    ).toEqual(['/party/company_name']);
    expect(
      inapplicablePointers(partySchema, { party: { first_name: 'Noor', company_name: 'ACME' } }, refs),
    ).toEqual([]);
  });

  it('allOf and dependencies declare fields; a dependency’s fields apply while its property is answered', () => {
    const schema = {
      type: 'object',
      properties: { vat_registered: { type: 'boolean' } },
      allOf: [{ properties: { notes: { type: 'string', maxLength: 9 } } }],
      dependencies: { vat_registered: { properties: { vat_number: { type: 'string', maxLength: 15 } } } },
    };
    const r = localRefs(schema);
    expect(undeclaredPointers(schema, { notes: 'x', vat_registered: true, vat_number: '3' }, r)).toEqual([]);
    expect(inapplicablePointers(schema, { notes: 'x', vat_number: '3' }, r)).toEqual(['/vat_number']);
  });

  it('a tuple’s positions are fields, each with its own schema', () => {
    const schema = {
      type: 'array',
      prefixItems: [{ title: 'a:opens' }, { title: 'a:closes' }],
      items: false,
    };
    const fields = fieldsOf(
      { schema, ui: {}, data: ['09:00', '17:00'], pointer: '/opening' },
      () => undefined,
    );
    expect(fields.map((f) => [f.pointer, f.schema.title])).toEqual([
      ['/opening/0', 'a:opens'],
      ['/opening/1', 'a:closes'],
    ]);
  });

  it('a $ref to any place of the step schema resolves (a definition inside a property)', () => {
    const schema = {
      properties: {
        tax: { $defs: { vat: { title: 'x:vat' } } },
        vat: { $ref: '#/properties/tax/$defs/vat' },
      },
    };
    expect(withRef(schema.properties.vat, localRefs(schema)).title).toBe('x:vat');
  });

  it('QA’s examples answer a choice of shapes with its first branch, a choice of constants with its first', () => {
    const schema = normaliseSchema({
      ...partySchema,
      properties: { ...partySchema.properties, channel: { oneOf: [{ const: 'email' }, { const: 'sms' }] } },
    }).schema as Json;
    const validate = createCatalogueAjv().compile(schema);
    const examples = stepExamples(schema, localRefs(schema), (data) =>
      validate(data) ? [] : validate.errors!,
    );
    expect(examples.valid).toEqual({ party: { kind: 'person', first_name: 'Example' }, channel: 'email' });
    expect(validate(examples.valid)).toBe(true);
  });

  it('a choice’s options show translated titles, and texts written for an option’s fields are translated too', () => {
    const schema = structuredClone(partySchema) as Json;
    schema.properties.party.oneOf[1].properties.company_name.title = 'x:name';
    schema.properties.channel = { oneOf: [{ const: 'a', title: 'x:a' }] };
    const ui = translateUi(
      schema,
      { party: { oneOf: [{}, { company_name: { 'ui:placeholder': 'x:acme' } }] } },
      (key) => `«${key}»`,
    ) as Json;
    expect(ui.channel.oneOf).toEqual([{ 'ui:title': '«x:a»' }]);
    expect(ui.party.oneOf[0]).toMatchObject({
      'ui:title': '«x:person»',
      'ui:label': false,
      kind: { 'ui:widget': 'hidden' },
    });
    expect(ui.party.oneOf[1]).toMatchObject({
      'ui:title': '«x:company»',
      // The option's placeholder over the field's own label, which stays.
      company_name: { 'ui:title': '«x:name»', 'ui:placeholder': '«x:acme»' },
    });
  });

  it('which branch applies is told by its fixed values', () => {
    expect(selectorOf(company)).toEqual({ properties: { kind: { const: 'company' } } });
    expect(branchApplies(company, { kind: 'company' })).toBe(true);
    expect(branchApplies(company, { kind: 'person' })).toBe(false);
    expect(branchApplies({ properties: { extra: { type: 'string' } } }, { kind: 'person' })).toBe(true);
  });
});

describe('a draft carried to a newer version keeps what a branch still takes', () => {
  const flow = {
    flow: 'x',
    title: 'x:t',
    context: {},
    steps: [{ id: 'party', title: 'x:p', owns: ['/party'], end: 'submit' as const }],
  };
  const checksOf = (schema: Json) => {
    const validate = createCatalogueAjv().compile(schema);
    const refs = localRefs(schema);
    const run = (data: unknown) =>
      validate(data) ? { valid: true, errors: [] } : { valid: false, errors: [...validate.errors!] };
    return {
      party: {
        owns: ['/party'],
        validate: run,
        undeclared: (own: Json) => undeclaredPointers(schema, own, refs),
        inapplicable: (data: Json) => inapplicablePointers(schema, data, refs),
      },
    };
  };
  it('the chosen branch’s answers stay; one its tighter rule now refuses is dropped and listed, not the rest', () => {
    const tighter = structuredClone(partySchema) as Json;
    tighter.properties.party.oneOf[1].properties.company_name.maxLength = 3;
    const carried = carryForward(flow, checksOf(tighter), {
      party: { kind: 'company', company_name: 'ACME Trading', registration_number: '1234567890' },
    });
    expect(carried.data).toEqual({ party: { kind: 'company', registration_number: '1234567890' } });
    expect(carried.dropped.map((d) => [d.pointer, d.key])).toEqual([
      ['/party/company_name', 'validation:error.maxLength'],
    ]);
    // Under the same schema nothing moves.
    const same = carryForward(flow, checksOf(partySchema), { party: { kind: 'person', first_name: 'Noor' } });
    expect(same).toEqual({ data: { party: { kind: 'person', first_name: 'Noor' } }, dropped: [] });
  });
});

describe('only the chosen branch’s errors speak', () => {
  const validate = createCatalogueAjv().compile(partySchema);
  const errorsOf = (data: unknown) => (validate(data) ? [] : [...validate.errors!]);

  it('a half-answered branch is incomplete, not wrong: a save keeps it', () => {
    expect(wrongErrors(errorsOf({ party: { kind: 'person' } }))).toEqual([]);
  });

  it('a wrong value in the chosen branch is refused on its own field, not on the other branch’s', () => {
    const messages = toFieldMessages(
      wrongErrors(errorsOf({ party: { kind: 'company', company_name: 'A', registration_number: '12' } })),
    );
    expect(messages.map((m) => [m.pointer, m.key])).toEqual([
      ['/party/registration_number', 'validation:error.pattern'],
    ]);
    // Without the settling, the person branch's "kind must be person" would have spoken too.
    const raw = errorsOf({ party: { kind: 'company', company_name: 'A', registration_number: '12' } });
    expect(raw.some((e) => e.keyword === 'const')).toBe(true);
    expect(settleBranches(raw).some((e) => e.keyword === 'const')).toBe(false);
  });

  it('data matching two branches of a oneOf says so, rather than nothing', () => {
    const either = createCatalogueAjv().compile({
      type: 'object',
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
    });
    either({ a: 1, b: 2 });
    expect(toFieldMessages(either.errors!)).toEqual([
      { pointer: '', key: 'validation:error.oneOf', params: expect.any(Object) },
    ]);
  });

  it('a missing answer another needs (dependencies) is that field’s, and says so', () => {
    const needs = createCatalogueAjv().compile({ type: 'object', dependencies: { phone: ['email'] } });
    needs({ phone: '1' });
    expect(toFieldMessages(needs.errors!)).toEqual([
      {
        pointer: '/email',
        key: 'validation:error.dependencies',
        params: expect.objectContaining({ property: 'phone' }),
      },
    ]);
    expect(wrongErrors(needs.errors!)).toEqual([]);
  });
});

describe('what the engine cannot keep is refused up front, with what to write instead', () => {
  it('each refused keyword once, named with its replacement — not again as ajv’s strict-mode complaint', () => {
    const problems = zooProblems((files) => {
      files[STEP('tax')]!.properties.tax.properties.notes = { type: 'string', maxLength: 9, nullable: true };
      files[STEP('lists')]!.unevaluatedProperties = false;
    });
    expect(problems.map((p) => [p.file, p.pointer, p.check])).toEqual([
      [STEP('tax'), '/properties/tax/properties/notes/nullable', 'keywords'],
      [STEP('lists'), '/unevaluatedProperties', 'keywords'],
    ]);
    expect(problems[0]!.message).toContain('"type": ["string", "null"]');
    expect(problems[1]!.message).toContain('"additionalProperties": false');
  });

  it('a oneOf branch declaring fields with nothing to tell it apart, or told apart like another', () => {
    expect(keywordProblems({ oneOf: [{ properties: { a: { type: 'string' } } }, company] })).toEqual([
      { pointer: '/oneOf/0', message: expect.stringContaining('"kind": { "const": "company" }') },
    ]);
    expect(keywordProblems({ oneOf: [company, company] })).toEqual([
      { pointer: '/oneOf/1', message: expect.stringContaining('same fixed values as branch 0') },
    ]);
    // Branches that only require (no fields of their own) are rules, not shapes: fine.
    expect(keywordProblems({ oneOf: [{ required: ['a'] }, { required: ['b'] }] })).toEqual([]);
  });

  it('a schema that refers to itself (a tree of categories) is refused where it loops', () => {
    const problems = zooProblems((files) => {
      files[STEP('lists')]!.$defs = {
        category: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 40 },
            children: { type: 'array', maxItems: 5, items: { $ref: '#/$defs/category' } },
          },
        },
      };
      files[STEP('lists')]!.properties.tree = { $ref: '#/$defs/category' };
    });
    expect(problems.filter((p) => p.check === 'keywords')).toEqual([
      expect.objectContaining({
        file: STEP('lists'),
        pointer: '/properties/tree',
        message: expect.stringContaining('refers to itself'),
      }),
    ]);
  });

  it('a keyword a schema uses without a default message in both languages is caught (oneOf)', () => {
    const copy = catalogueCopy([SCHEMA_ZOO]);
    const { source } = readCatalogueDir(copy.schemasDir, copy.localesDir);
    const locales = structuredClone(source.locales) as Record<string, Record<string, Json>>;
    delete locales.ar!.validation!.error.oneOf;
    const problems = checkCatalogue({ ...source, locales } as CatalogueSource).problems;
    expect(problems).toEqual([
      expect.objectContaining({ check: 'messages', pointer: '/validation/error/oneOf' }),
    ]);
  });

  it('a step whose schema is a single answer rather than an object of fields (it drew "[object Object]")', () => {
    const problems = zooProblems((files) => {
      files[STEP('confirm')] = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'string',
        maxLength: 9,
      };
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: STEP('confirm'),
        pointer: '/type',
        check: 'keywords',
        message: expect.stringContaining('"properties"'),
      }),
    );
  });

  it('every text and list is bounded wherever it is declared: branches, conditionals, dependencies, tuples', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', maxLength: 5 },
        pair: { type: 'array', maxItems: 2, prefixItems: [{ type: 'string' }] },
      },
      if: { properties: { a: { const: 'x' } } },
      then: { properties: { b: { type: 'string' } } },
      oneOf: [{ properties: { kind: { const: 'k' }, c: { type: 'string' } } }],
      dependencies: { a: { properties: { d: { type: 'array', items: { type: 'integer' } } } } },
      allOf: [
        {
          if: { properties: { a: { const: 'y' } } },
          then: { properties: { a: { type: 'string', pattern: '^y$' } } },
        },
      ],
    };
    expect(unboundedFields(schema).map((f) => f.pointer)).toEqual([
      '/properties/pair/prefixItems/0',
      '/then/properties/b',
      '/oneOf/0/properties/c',
      '/dependencies/a/properties/d',
    ]);
  });
});

describe('UI files, widgets and formats: refused with what to write, or accepted with a message', () => {
  it('an unknown ui: option is named, once, with where it is', () => {
    const problems = zooProblems((files) => {
      files['schema-zoo/steps/tax.ui.json'] = { tax: { notes: { 'ui:foo': 1 } } };
    });
    expect(problems).toEqual([
      {
        file: 'schema-zoo/steps/tax.ui.json',
        pointer: '/tax/notes/ui:foo',
        message: '"ui:foo" under "/tax/notes" is not a known option (see _meta/ui.schema.json)',
        check: 'ui-files',
      },
    ]);
  });

  it('a field whose name holds "-", a space or "?" can be styled; a choice’s options and a tuple’s positions too', () => {
    const problems = zooProblems((files) => {
      const tax = files[STEP('tax')]!.properties.tax.properties;
      tax['vat-id'] = { type: 'string', maxLength: 9, title: 'schema-zoo:fields.notes.title' };
      tax['why not?'] = { type: 'string', maxLength: 9, title: 'schema-zoo:fields.notes.title' };
      files['schema-zoo/steps/tax.ui.json'] = {
        tax: {
          'vat-id': { 'ui:placeholder': 'schema-zoo:fields.notes.title' },
          'why not?': { 'ui:widget': 'textarea' },
        },
      };
      files['schema-zoo/steps/party.ui.json'] = {
        channel: { 'ui:widget': 'radio', oneOf: [{ 'ui:title': 'schema-zoo:channel.email' }, {}] },
      };
      files['schema-zoo/steps/lists.ui.json'] = {
        opening: { items: [{ 'ui:placeholder': 'schema-zoo:fields.opens.title' }, {}] },
      };
    });
    expect(problems).toEqual([]);
  });

  it('the password widget names its replacement; an unknown format says so, not "missing translation"', () => {
    const problems = zooProblems((files) => {
      files['schema-zoo/steps/tax.ui.json'] = { tax: { contact_phone: { 'ui:widget': 'password' } } };
      files[STEP('tax')]!.properties.tax.properties.ref = {
        type: 'string',
        maxLength: 9,
        format: 'isbn',
        title: 'schema-zoo:fields.notes.title',
      };
    });
    expect(problems.map((p) => [p.pointer, p.check])).toEqual([
      ['/properties/tax/properties/ref/format', 'keywords'],
      ['/tax/contact_phone/ui:widget', 'widgets'],
    ]);
    expect(problems[0]!.message).toMatch(/^unknown format "isbn": the engine knows .*uuid/);
    expect(problems[1]!.message).toContain('"ui:inputType": "password"');
  });

  it('JSON Schema’s own formats are known, each with a message in both languages', () => {
    const validate = createCatalogueAjv().compile({
      type: 'object',
      properties: Object.fromEntries(
        ['date-time', 'time', 'uri', 'uuid', 'email'].map((f) => [f, { type: 'string', format: f }]),
      ),
    });
    expect(
      validate({
        'date-time': '2026-11-29T10:00:00.000Z',
        time: '09:30',
        uri: 'https://example.org/a',
        uuid: '123e4567-e89b-12d3-a456-426614174000',
        email: 'a@b.co',
      }),
    ).toBe(true);
    for (const [format, bad] of <[string, string][]>[
      ['date-time', '2026-02-30T10:00:00Z'],
      ['time', '25:00'],
      ['uri', 'not a link'],
      ['uuid', '123'],
    ])
      expect(validate({ [format]: bad }), format).toBe(false);
    const problems = zooProblems((files) => {
      const tax = files[STEP('tax')]!.properties.tax.properties;
      for (const f of ['date-time', 'time', 'uri', 'uuid'])
        tax[f] = { type: 'string', maxLength: 60, format: f, title: 'schema-zoo:fields.notes.title' };
    });
    expect(problems).toEqual([]);
  });
});

/** Random schemas of the supported subset (a "person or company" oneOf, an allOf, a dependency, a tuple). */
const answers = fc.record(
  {
    kind: fc.constantFrom('person', 'company'),
    name: fc.string({ maxLength: 60 }),
    notes: fc.string({ maxLength: 20 }),
    vat: fc.option(fc.boolean(), { nil: undefined }),
    vat_number: fc.stringMatching(/^3[0-9]{14}$/),
    opening: fc.tuple(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })),
  },
  { requiredKeys: ['kind', 'name'] },
);

describe('nothing the engine accepts loses valid answers (property-based)', () => {
  const schema = {
    type: 'object',
    properties: {
      party: {
        type: 'object',
        oneOf: [
          {
            properties: { kind: { const: 'person' }, first_name: { type: 'string', maxLength: 60 } },
            required: ['kind'],
          },
          {
            properties: { kind: { const: 'company' }, company_name: { type: 'string', maxLength: 60 } },
            required: ['kind'],
          },
        ],
      },
      vat_registered: { type: 'boolean' },
      opening: {
        type: 'array',
        minItems: 2,
        maxItems: 2,
        prefixItems: [
          { type: 'string', maxLength: 5 },
          { type: 'string', maxLength: 5 },
        ],
        items: false,
      },
    },
    allOf: [{ properties: { notes: { type: 'string', maxLength: 20 } } }],
    dependencies: { vat_registered: { properties: { vat_number: { type: 'string', maxLength: 15 } } } },
  };
  const validate = createCatalogueAjv().compile(normaliseSchema(schema).schema as object);
  const refs = localRefs(schema);

  it('random valid answers: no key refused as unknown, none dropped as inapplicable, no error', () => {
    fc.assert(
      fc.property(answers, (a) => {
        const data: Json = {
          party:
            a.kind === 'person'
              ? { kind: 'person', first_name: a.name }
              : { kind: 'company', company_name: a.name },
          ...(a.notes !== undefined ? { notes: a.notes } : {}),
          ...(a.vat !== undefined ? { vat_registered: a.vat, vat_number: a.vat_number } : {}),
          ...(a.opening !== undefined ? { opening: a.opening } : {}),
        };
        expect(validate(data)).toBe(true);
        expect(undeclaredPointers(schema, data, refs)).toEqual([]);
        expect(inapplicablePointers(schema, data, refs)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
