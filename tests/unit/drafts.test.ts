import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hasAnswer,
  stepTicks,
  answerProblems,
  carryForward,
  firstIncompleteStep,
  isStepComplete,
  isStepOpen,
  missingValidator,
  revertTo,
  unownedPointers,
  withoutPointers,
} from '../../src/engine/core/drafts';
import type { FlowDefinition } from '../../src/engine/core/types';
import { checkedVersions } from '../../src/catalogue/pipeline';
import { flowRuntime } from '../../src/catalogue/runtime';
import { onboarding, versions } from '../support/onboarding';
import { catalogueCopy, DEMO_REQUEST } from '../support/catalogueCopy';

const flow = onboarding.definition;
const validators = onboarding.validators;
const checks = onboarding.checks;

const basic = {
  first_name: 'Sara',
  last_name: 'Al-Harbi',
  email: 'sara@example.com',
  phone: '+966501234567',
  business_name: 'Riyadh Style',
  country_of_main_operations: 'SAU',
  annual_volume: 'less_than_1m',
};

describe('step completeness', () => {
  it('a step is complete when its data validates', () => {
    expect(isStepComplete(validators, 'basic-info', basic)).toBe(true);
    expect(isStepComplete(validators, 'basic-info', { ...basic, email: 'nope' })).toBe(false);
  });

  it('the first incomplete step follows the active steps', () => {
    expect(firstIncompleteStep(flow, validators, {})).toBe('basic-info');
    expect(firstIncompleteStep(flow, validators, basic)).toBe('business-licence-sau');
    expect(
      firstIncompleteStep(flow, validators, {
        ...basic,
        legal_info: { business_license_type: 'freelance_license' },
      }),
    ).toBe('product-category');
  });

  it('the runner waits only for the step on screen and the steps up to the first incomplete one', () => {
    const only = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, validators[id]!]));
    // Nothing loaded: the step on screen first, then the steps from the first one.
    expect(missingValidator(flow, {}, basic, 'product-category')).toBe('product-category');
    expect(missingValidator(flow, only('product-category'), basic, 'product-category')).toBe('basic-info');
    expect(missingValidator(flow, {}, {}, 'basic-info')).toBe('basic-info');
    expect(missingValidator(flow, {}, {})).toBe('basic-info');
    // A new merchant on the first step needs that step only.
    expect(missingValidator(flow, only('basic-info'), {}, 'basic-info')).toBeNull();
    // Basic info done: the next step decides whether the walk stops.
    expect(missingValidator(flow, only('basic-info'), basic, 'basic-info')).toBe('business-licence-sau');
    expect(
      missingValidator(flow, only('basic-info', 'business-licence-sau'), basic, 'basic-info'),
    ).toBeNull();
    // The step on screen is needed even beyond the first incomplete one.
    expect(
      missingValidator(flow, only('basic-info', 'business-licence-sau'), basic, 'product-category'),
    ).toBe('product-category');
    const sau = { ...basic, legal_info: { business_license_type: 'freelance_license' } };
    expect(missingValidator(flow, only('basic-info', 'business-licence-sau'), sau, 'store-type')).toBe(
      'store-type',
    );
    expect(
      missingValidator(flow, only('basic-info', 'business-licence-sau', 'store-type'), sau, 'store-type'),
    ).toBe('product-category');
    // With every validator there is nothing to wait for.
    expect(missingValidator(flow, validators, sau, 'store-type')).toBeNull();
  });

  it('a locked step opens only when every earlier step is complete', () => {
    const locked: FlowDefinition = {
      ...flow,
      steps: flow.steps.map((s) => (s.id === 'product-category' ? { ...s, locked: true } : s)),
    };
    expect(isStepOpen(locked, validators, 'product-category', basic)).toBe(false);
    expect(
      isStepOpen(locked, validators, 'product-category', {
        ...basic,
        legal_info: { business_license_type: 'commercial_registration' },
      }),
    ).toBe(true);
    expect(isStepOpen(locked, validators, 'legal-details-are', basic)).toBe(false);
  });
});

const pointersOf = (problems: { pointer: string; key: string }[]) =>
  Object.fromEntries(problems.map((p) => [p.pointer, p.key]));

describe("the stepper's ticks (stepTicks, issue 56: steps ticked before they were visited)", () => {
  const ids = ['statements', 'social', 'location', 'legal'];
  // Statements answered; social networks and location ask nothing required, so they are valid empty.
  const complete = [true, true, true, false];

  it('ticks a valid step only once it was reached: answered, or the merchant was on it or further', () => {
    expect(stepTicks(ids, complete, [true, false, false, false], new Set(['statements']))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    // On social networks: still not ticked while on it, empty; ticked once the merchant moved on.
    expect(stepTicks(ids, complete, [true, false, false, false], new Set(['statements', 'social']))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(
      stepTicks(ids, complete, [true, false, false, false], new Set(['statements', 'social', 'location'])),
    ).toEqual([true, true, false, false]);
    // Back on the first step, what was passed stays ticked.
    expect(stepTicks(ids, complete, [true, false, true, false], new Set(['statements']))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('never ticks past the first incomplete step, answered or not', () => {
    expect(stepTicks(ids, [true, false, true, true], [true, true, true, true], new Set(ids))).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('reads an answer as given: false is one, empty text, lists and objects are not', () => {
    expect(hasAnswer({ sells_in_store: false }, ['/sells_in_store'])).toBe(true);
    expect(hasAnswer({ social: { instagram: '', others: [] } }, ['/social'])).toBe(false);
    expect(hasAnswer({ statements: [{}] }, ['/statements'])).toBe(false);
    expect(hasAnswer({ statements: [{ url: 'u' }] }, ['/other', '/statements'])).toBe(true);
  });
});

describe('answers a draft refuses (answerProblems)', () => {
  it('a key no step owns, a key below an owned field that no step declares, junk where an object belongs', () => {
    expect(
      pointersOf(
        answerProblems(flow, checks, {
          ...basic,
          mystery: 1,
          bank_details: { iban: 'SA0380000000608010167519', hidden: 'x' },
          legal_info: 'not an object',
        }),
      ),
    ).toEqual({
      '/mystery': 'validation:error.unknownField',
      '/bank_details/hidden': 'validation:error.unknownField',
      '/legal_info': 'validation:error.type',
    });
  });

  it('a hidden step’s data is judged by its own schema too (the IBAN 12345 before any country is chosen)', () => {
    const data = { first_name: 'Sara', bank_details: { iban: '12345' } };
    expect(onboarding.definition.steps.length).toBeGreaterThan(2);
    expect(pointersOf(answerProblems(flow, checks, data))).toEqual({
      '/bank_details/iban': 'validation:error.minLength',
    });
  });

  it('the server’s facts ($facts) are no answer: never refused, never carried away', () => {
    const data = { first_name: 'Sara', $facts: { reason: 'irrelevant_license', application_id: 'x' } };
    expect(answerProblems(flow, checks, data)).toEqual([]);
    expect(carryForward(flow, checks, data).data).toEqual(data);
  });

  it('a key one step does not declare is taken where another step owning its place declares it (KYB)', () => {
    // capital-kyb: the shareholders step lists them; the IDs step adds their documents under the same list.
    const kyb = flowRuntime(versions['capital-kyb']!);
    const holders = {
      shareholders: [
        { name: 'Khalid', type: 'individual', value: 100, documents: { passport: { file: '/u/1' } } },
      ],
    };
    expect(answerProblems(kyb.definition, kyb.checks, holders, ['shareholders'])).toEqual([]);
    const junk = { shareholders: [{ name: 'Khalid', type: 'individual', value: 100, nickname: 'K' }] };
    expect(pointersOf(answerProblems(kyb.definition, kyb.checks, junk, ['shareholders']))).toEqual({
      '/shareholders/0/nickname': 'validation:error.unknownField',
    });
  });

  it('missing answers are not refused: a draft may be incomplete', () => {
    expect(answerProblems(flow, checks, { first_name: 'Sara' })).toEqual([]);
  });

  it('where several steps own a field, the rules of those on the path count', () => {
    // An Emirati private company's owners: the sole proprietor's step (at most one owner) is not on its path.
    const owners = [1, 2].map((i) => ({ name: `Owner ${i}`, type: 'individual', nationality: 'ARE' }));
    const are = {
      ...basic,
      country_of_main_operations: 'ARE',
      legal_info: { business_type: { id: 'private_company' }, company_owners: owners },
    };
    expect(answerProblems(flow, checks, are)).toEqual([]);
    // A step saved on its own is judged by its own rules, whatever the path.
    expect(pointersOf(answerProblems(flow, checks, are, ['business-owner-are']))).toEqual({
      '/legal_info/company_owners': 'validation:error.maxItems',
    });
  });

  it('unownedPointers looks only at what the given pointers own', () => {
    expect(unownedPointers(['/shop'], { shop: { city: 'Riyadh' }, licence_url: 'x' })).toEqual([
      { pointer: '/licence_url', key: 'validation:error.unknownField', params: {} },
    ]);
  });
});

describe('changing answers by pointer', () => {
  it('withoutPointers removes list items from the last, so indexes stay right', () => {
    const data = { owners: [{ n: 'a' }, { n: 'b' }, { n: 'c' }], name: 'x' };
    expect(withoutPointers(data, ['/owners/0', '/owners/2', '/name'])).toEqual({ owners: [{ n: 'b' }] });
  });

  it('revertTo puts back the saved values, and removes what was never saved', () => {
    const saved = { email: 'old@example.com', owners: [{ share: 50 }] };
    const typed = { email: 'broken', phone: '+12', owners: [{ share: 500 }, { share: 1 }] };
    expect(revertTo(saved, typed, ['/email', '/phone', '/owners/0/share'])).toEqual({
      email: 'old@example.com',
      owners: [{ share: 50 }, { share: 1 }],
    });
  });
});

describe('carrying a draft to a newer version of its flow (carryForward)', () => {
  const runtimeOf = (overlays: string[]) => {
    const { schemasDir, localesDir } = catalogueCopy(overlays);
    return flowRuntime(checkedVersions(schemasDir, localesDir)['demo-request']!);
  };
  const v1 = runtimeOf([DEMO_REQUEST]);
  const v2 = runtimeOf([DEMO_REQUEST, path.join(DEMO_REQUEST, 'v2')]);
  const saved = {
    full_name: 'Noor Al-Saud',
    email: 'noor@example.com',
    phone: '+966501234567',
    business_type: 'shop',
    shop: { city: 'Riyadh', branches: 40 },
  };

  it('the two versions differ, and the draft was sound under the first', () => {
    expect(v1.version.id).not.toBe(v2.version.id);
    expect(answerProblems(v1.definition, v1.checks, saved)).toEqual([]);
  });

  it('keeps what still belongs and validates, drops the rest and lists why', () => {
    const carried = carryForward(v2.definition, v2.checks, saved);
    expect(carried.data).toEqual({
      full_name: 'Noor Al-Saud',
      email: 'noor@example.com',
      business_type: 'shop',
      shop: { city: 'Riyadh' },
    });
    expect(carried.dropped).toEqual([
      { pointer: '/phone', key: 'validation:error.removedField', params: {} },
      expect.objectContaining({ pointer: '/shop/branches', key: 'validation:error.maximum' }),
    ]);
  });

  it('a draft that fits the new version is kept as it is', () => {
    const fits = { ...saved, phone: undefined, shop: { city: 'Jeddah', branches: 3 } };
    delete fits.phone;
    expect(carryForward(v2.definition, v2.checks, fits)).toEqual({ data: fits, dropped: [] });
  });
});
