/**
 * Conditional fields (a VAT number only for a business registered for VAT, a website only for an online seller):
 * the walker's own evaluation of an `if` agrees with ajv's on every `if` of the catalogue that decides fields,
 * and the fields that do not apply to the data are found and dropped.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { fieldConditionProblems, matchesFieldCondition } from '../../src/engine/core/fieldConditions';
import { conditionalsOf, fieldsOf, inapplicablePointers, walkFields } from '../../src/engine/core/schemaWalk';
import { dropInapplicable } from '../../src/engine/core/drafts';
import { withRef } from '../../src/engine/core/schemaRef';
import { onboarding } from '../support/onboarding';

/** Values an `if` could meet: each it names, and others. */
const SAMPLES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  'NATIONAL_ID',
  'PASSPORT_NUMBER',
  'individual',
  'company',
  'online',
  [],
  ['online'],
  ['offline'],
  ['online', 'offline'],
  {},
];

describe('field conditions agree with ajv', () => {
  const ifs: { step: string; condition: Record<string, unknown> }[] = [];
  for (const [id, step] of Object.entries(onboarding.steps))
    walkFields({ schema: step.schema }, step.resolve, (node) => {
      for (const conditional of conditionalsOf(node.schema))
        if (conditional.then?.properties || conditional.else?.properties)
          ifs.push({ step: id, condition: conditional.if });
    });

  it('the catalogue has conditional fields to check', () => {
    expect(new Set(ifs.map((i) => i.step))).toEqual(
      new Set([
        'store-type',
        'legal-details-general',
        'legal-details-are',
        'legal-details-sau',
        'business-owner-are',
        'shareholders-are',
        'senior-management-are',
        'authorized-signatories-are',
        'ultimate-beneficial-owners-are',
      ]),
    );
  });

  it('on every sample of every property each `if` names', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const { step, condition } of ifs) {
      expect(fieldConditionProblems(condition)).toEqual([]);
      const check = ajv.compile(condition);
      const names = Object.keys((condition.properties as object) ?? {});
      const datas = [
        {},
        ...names.flatMap((name) => SAMPLES.map((v) => (v === undefined ? {} : { [name]: v }))),
      ];
      for (const data of datas)
        expect([step, condition, data, matchesFieldCondition(condition, data)]).toEqual([
          step,
          condition,
          data,
          check(data),
        ]);
    }
  });

  it('refuses keywords it cannot evaluate, naming where they are', () => {
    expect(
      fieldConditionProblems({
        properties: { a: { minLength: 2 } },
        items: {},
        anyOf: [{ minProperties: 1 }],
      }),
    ).toEqual([
      { pointer: '/properties/a/minLength', message: expect.stringContaining('"minLength" cannot decide') },
      { pointer: '/items', message: expect.stringContaining('"items" cannot decide') },
      {
        pointer: '/anyOf/0/minProperties',
        message: expect.stringContaining('"minProperties" cannot decide'),
      },
    ]);
  });
});

describe('fields that do not apply', () => {
  const storeType = onboarding.steps['store-type']!;
  const names = (data: unknown, branches: 'all' | 'data') =>
    fieldsOf(
      { schema: withRef(storeType.schema, storeType.resolve), ui: {}, data, pointer: '' },
      storeType.resolve,
      branches,
    ).map((f) => f.name);

  it('walk with the data: only the fields its answers open', () => {
    expect(names({ sales_channels: ['offline'] }, 'data')).toEqual([
      'sales_channels',
      'locations_number',
      'location',
    ]);
    expect(names({ sales_channels: ['online'] }, 'data')).toEqual([
      'sales_channels',
      'ecommerce_types',
      'web_url',
    ]);
    expect(names({}, 'data')).toEqual(['sales_channels']);
    expect(names({}, 'all')).toEqual([
      'sales_channels',
      'ecommerce_types',
      'web_url',
      'locations_number',
      'location',
    ]);
  });

  it('are found, and dropped within what the step owns', () => {
    const data = {
      business_name: 'Noor',
      sales_channels: ['offline'],
      web_url: 'https://x.example.com',
      ecommerce_types: ['shopify'],
      location: 'Riyadh',
    };
    expect(inapplicablePointers(storeType.schema, data, storeType.resolve)).toEqual([
      '/ecommerce_types',
      '/web_url',
    ]);
    expect(dropInapplicable(onboarding.checks, data, ['store-type'])).toEqual({
      business_name: 'Noor',
      sales_channels: ['offline'],
      location: 'Riyadh',
    });
    const sau = {
      legal_info: { has_vat: false, vat_registration_number: '300000000000003', legal_company_name: 'N' },
    };
    expect(dropInapplicable(onboarding.checks, sau, ['legal-details-sau'])).toEqual({
      legal_info: { has_vat: false, legal_company_name: 'N' },
    });
    expect(
      dropInapplicable(onboarding.checks, { legal_info: { ...sau.legal_info, has_vat: true } }, [
        'legal-details-sau',
      ]),
    ).toEqual({
      legal_info: { ...sau.legal_info, has_vat: true },
    });
  });
});
