import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, createStepValidators } from '../../src/engine/core/catalogue';
import {
  carryDraftForward,
  firstIncompleteStep,
  isStepComplete,
  isStepOpen,
  missingValidator,
  stampDraft,
} from '../../src/engine/core/drafts';
import { readCatalogue } from '../../src/cli/readCatalogue';
import type { FlowDefinition } from '../../src/engine/core/types';

const { catalogue } = checkCatalogue(readCatalogue(path.resolve('schemas'), path.resolve('locales')).source);
const flow = catalogue.flows.onboarding!.definition;
const validators = createStepValidators(catalogue, 'onboarding');

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

describe('drafts', () => {
  it('are stamped with the flow version', () => {
    expect(stampDraft(flow, basic)).toEqual({ flow: 'onboarding', version: flow.version, data: basic });
  });

  it('of the current version are kept as they are', () => {
    const draft = stampDraft(flow, { ...basic, email: 'broken' });
    expect(carryDraftForward(flow, validators, draft)).toEqual({ draft, attention: [] });
  });

  it('of an older version keep what still validates and mark what needs attention', () => {
    const old = {
      flow: 'onboarding',
      version: flow.version - 1 + 0,
      data: { ...basic, phone: '+9665', legal_info: { business_license_type: 'commercial_registration' } },
    };
    const newer: FlowDefinition = { ...flow, version: flow.version + 1 };
    const carried = carryDraftForward(newer, validators, old);
    expect(carried.draft.version).toBe(newer.version);
    expect(carried.draft.data).toEqual({
      ...basic,
      phone: undefined,
      legal_info: { business_license_type: 'commercial_registration' },
    } as never);
    expect(carried.draft.data).not.toHaveProperty('phone');
    expect(carried.attention.map((m) => [m.pointer, m.key])).toEqual(
      expect.arrayContaining([
        ['/phone', 'validation:error.format.phone'],
        ['/section_id', 'validation:error.required'],
      ]),
    );
  });

  it('of another flow are refused', () => {
    expect(() => carryDraftForward(flow, validators, { flow: 'capital-kyb', version: 1, data: {} })).toThrow(
      'a draft of "capital-kyb" cannot be carried into "onboarding"',
    );
  });
});
