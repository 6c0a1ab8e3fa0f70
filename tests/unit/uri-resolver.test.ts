import { describe, expect, it } from 'vitest';
import fastUri from 'fast-uri';
import { equal, resolve } from '../../src/engine/react/uriResolver';
import { CATALOGUE_BASE } from '../../src/catalogue/model';

const bases = [
  `${CATALOGUE_BASE}onboarding/steps/basic-info.schema.json`,
  `${CATALOGUE_BASE}onboarding/steps/basic-info.schema.json#/properties/x`,
  `${CATALOGUE_BASE}_defs/common.schema.json`,
  'step_onboarding_basic-info',
];
const refs = [
  '#/$defs/email',
  '#',
  '../../_defs/common.schema.json#/$defs/phone',
  '../../_defs/common.schema.json',
  'other.schema.json#/properties/a',
  `${CATALOGUE_BASE}_defs/common.schema.json#/$defs/iban`,
];

describe('the browser build’s stand-in for fast-uri', () => {
  it.each(bases.flatMap((base) => refs.map((ref) => [base, ref] as const)))(
    'resolves %s + %s as fast-uri does',
    (base, ref) => {
      expect(resolve(base, ref)).toBe(fastUri.resolve(base, ref));
    },
  );

  it.each([
    [`${CATALOGUE_BASE}a.json`, `${CATALOGUE_BASE}a.json`],
    [`${CATALOGUE_BASE}a.json`, `${CATALOGUE_BASE}b.json`],
    ['HTTPS://Catalogue.merchant-back-office.invalid/a.json', `${CATALOGUE_BASE}a.json`],
    ['#/$defs/a', '#/$defs/a'],
    ['#/$defs/a', '#/$defs/b'],
  ])('compares %s and %s as fast-uri does', (a, b) => {
    expect(equal(a, b)).toBe(fastUri.equal(a, b));
  });
});
