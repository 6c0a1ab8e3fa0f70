/**
 * The onboarding routing table of onboarding-and-back-office.md §2
 * ("Step sequence by country, volume tier and licence type"), row by row.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveSteps, nextStep, previousStep, dropInactiveData } from '../../src/engine/core/steps';
import { deriveContext } from '../../src/engine/core/context';
import type { FlowDefinition } from '../../src/engine/core/types';

const flow = JSON.parse(readFileSync('schemas/onboarding/flow.json', 'utf8')) as FlowDefinition;

const VOLUME = { 1: 'above_15m', 2: 'from_5m_to_15m', 3: 'from_1m_to_5m', 4: 'less_than_1m' } as const;
type Tier = keyof typeof VOLUME;

function data(country: string | null, tier: Tier | null, legal: Record<string, unknown> = {}) {
  return {
    ...(country ? { country_of_main_operations: country } : {}),
    ...(tier ? { annual_volume: VOLUME[tier] } : {}),
    legal_info: legal,
  };
}

const HEAD = ['basic-info', 'product-category', 'store-type'];
const SAU_HEAD = ['basic-info', 'business-licence-sau', 'product-category', 'store-type'];
const ARE_LOW = [...HEAD, 'commercial-licence-are', 'legal-details-are'];

describe('resolveSteps: BHR, KWT, QAT', () => {
  it.each(['BHR', 'KWT', 'QAT'].flatMap((c) => [1, 2].map((t) => [c, t] as [string, Tier])))(
    '%s tier %i (high volume): basic-info, product-category, store-type',
    (country, tier) => {
      expect(resolveSteps(flow, data(country, tier))).toEqual(HEAD);
    },
  );
  it.each(['BHR', 'KWT', 'QAT'].flatMap((c) => [3, 4].map((t) => [c, t] as [string, Tier])))(
    '%s tier %i adds legal-details-general, bank-details, result',
    (country, tier) => {
      expect(resolveSteps(flow, data(country, tier))).toEqual([
        ...HEAD,
        'legal-details-general',
        'bank-details',
        'result',
      ]);
    },
  );
  it('forced commercial_registration does not change the steps', () => {
    expect(resolveSteps(flow, data('KWT', 4, { business_license_type: 'commercial_registration' }))).toEqual([
      ...HEAD,
      'legal-details-general',
      'bank-details',
      'result',
    ]);
  });
});

describe('resolveSteps: SAU', () => {
  it.each([1, 2, 3, 4] as Tier[])('tier %i before a licence type is chosen: the SAU head only', (tier) => {
    expect(resolveSteps(flow, data('SAU', tier))).toEqual(SAU_HEAD);
  });
  it.each([3, 4] as Tier[])(
    'commercial_registration, tier %i adds legal-details-sau, bank-details, result',
    (tier) => {
      expect(
        resolveSteps(flow, data('SAU', tier, { business_license_type: 'commercial_registration' })),
      ).toEqual([...SAU_HEAD, 'legal-details-sau', 'bank-details', 'result']);
    },
  );
  it.each([1, 2] as Tier[])('commercial_registration, tier %i (high volume) stops at store-type', (tier) => {
    expect(
      resolveSteps(flow, data('SAU', tier, { business_license_type: 'commercial_registration' })),
    ).toEqual(SAU_HEAD);
  });
  it.each([1, 2, 3, 4] as Tier[])(
    'freelance_license, tier %i adds legal-details-sau-freelance, bank-details, result',
    (tier) => {
      expect(resolveSteps(flow, data('SAU', tier, { business_license_type: 'freelance_license' }))).toEqual([
        ...SAU_HEAD,
        'legal-details-sau-freelance',
        'bank-details',
        'result',
      ]);
    },
  );
});

describe('resolveSteps: ARE', () => {
  it.each([1, 2] as Tier[])('tier %i (high volume): basic-info, product-category, store-type', (tier) => {
    expect(resolveSteps(flow, data('ARE', tier, { business_type: { id: 'private_company' } }))).toEqual(HEAD);
  });
  it.each([3, 4] as Tier[])('tier %i adds commercial-licence-are and legal-details-are', (tier) => {
    expect(resolveSteps(flow, data('ARE', tier))).toEqual(ARE_LOW);
  });
  it.each([
    ['freelance_license', ['business-owner-are', 'bank-details', 'result']],
    ['sole_proprietorship', ['business-owner-are', 'authorized-signatories-are', 'bank-details', 'result']],
    [
      'listed_company',
      [
        'legal-documents-are',
        'senior-management-are',
        'authorized-signatories-are',
        'bank-details',
        'result',
      ],
    ],
    ...['foreign_branch', 'partnership', 'private_company'].map((type) => [
      type,
      [
        'legal-documents-are',
        'shareholders-are',
        'senior-management-are',
        'authorized-signatories-are',
        'ultimate-beneficial-owners-are',
        'bank-details',
        'result',
      ],
    ]),
  ] as [string, string[]][])('tier 3, %s: then %j', (type, tail) => {
    expect(resolveSteps(flow, data('ARE', 3, { business_type: { id: type } }))).toEqual([
      ...ARE_LOW,
      ...tail,
    ]);
    expect(resolveSteps(flow, data('ARE', 4, { business_type: { id: type } }))).toEqual([
      ...ARE_LOW,
      ...tail,
    ]);
  });
  it('a commercial-registration licence value does not route ARE', () => {
    expect(
      resolveSteps(
        flow,
        data('ARE', 3, {
          business_license_type: 'commercial_registration',
          business_type: { id: 'freelance_license' },
        }),
      ),
    ).toEqual([...ARE_LOW, 'business-owner-are', 'bank-details', 'result']);
  });
});

describe('resolveSteps: other countries, or no country or tier', () => {
  it.each([
    ['EGY', 3],
    ['EGY', 1],
    ['JOR', 4],
    [null, 3],
    ['SAU', null],
    ['ARE', null],
    ['BHR', null],
    [null, null],
  ] as [string | null, Tier | null][])('%s, tier %s: basic-info, result', (country, tier) => {
    expect(resolveSteps(flow, data(country, tier))).toEqual(['basic-info', 'result']);
  });
  it('an unknown volume band counts as no tier', () => {
    expect(resolveSteps(flow, { country_of_main_operations: 'SAU', annual_volume: 'lots' })).toEqual([
      'basic-info',
      'result',
    ]);
  });
});

describe('deriveContext', () => {
  it('maps the volume band to its tier and leaves unanswered fields out', () => {
    expect(deriveContext(flow, data('SAU', 2, { business_license_type: 'freelance_license' }))).toEqual({
      country: 'SAU',
      tier: 2,
      licence: 'freelance_license',
    });
  });
  it('a country outside the domain counts as "other"', () => {
    expect(deriveContext(flow, data('JOR', 4))).toEqual({ country: 'EGY', tier: 4 });
  });
});

describe('navigation by step id', () => {
  const are = data('ARE', 3, { business_type: { id: 'sole_proprietorship' } });
  it('next and previous follow the active steps', () => {
    expect(nextStep(flow, are, 'legal-details-are')).toBe('business-owner-are');
    expect(nextStep(flow, are, 'business-owner-are')).toBe('authorized-signatories-are');
    expect(previousStep(flow, are, 'authorized-signatories-are')).toBe('business-owner-are');
    expect(previousStep(flow, are, 'basic-info')).toBeNull();
    expect(nextStep(flow, are, 'result')).toBeNull();
  });
  it('an inactive step has no neighbours', () => {
    expect(nextStep(flow, are, 'shareholders-are')).toBeNull();
    expect(previousStep(flow, are, 'legal-details-sau')).toBeNull();
  });
});

describe('dropInactiveData', () => {
  it('drops the data only inactive steps own and keeps what an active step shares', () => {
    const before = {
      country_of_main_operations: 'ARE',
      annual_volume: 'less_than_1m',
      legal_info: {
        business_type: { id: 'freelance_license' },
        business_license_type: 'freelance_license',
        freelance_certificate_number: 'FL-12345678',
        company_owners: [{ name: 'A' }],
        company_structure_chart_url: 'https://x/chart.pdf',
      },
      bank_details: { iban: 'AE070331234567890123456' },
    };
    expect(dropInactiveData(flow, before)).toEqual({
      country_of_main_operations: 'ARE',
      annual_volume: 'less_than_1m',
      legal_info: { business_type: { id: 'freelance_license' }, company_owners: [{ name: 'A' }] },
      bank_details: { iban: 'AE070331234567890123456' },
    });
  });
  it('does not change its input', () => {
    const input = { country_of_main_operations: 'EGY', legal_info: { unified_number: '7000000000' } };
    const copy = structuredClone(input);
    dropInactiveData(flow, input);
    expect(input).toEqual(copy);
  });
});

describe('applyStepChanges (a report against the data the form was given)', () => {
  it('takes only the fields the step owns from what its form reports', async () => {
    const { applyStepChanges } = await import('../../src/engine/core/steps');
    const applyStepData = (
      data: Record<string, unknown>,
      reported: Record<string, unknown>,
      owns: string[],
    ) => applyStepChanges(data, data, reported, owns);
    const current = {
      country_of_main_operations: 'SAU',
      annual_volume: 'less_than_1m',
      legal_info: { unified_number: '7001234567' },
    };
    // A form whose copy of the data is out of date (no country, no volume) changes the licence type:
    const reported = { legal_info: { business_license_type: 'commercial_registration' } };
    expect(applyStepData(current, reported, ['/legal_info/business_license_type'])).toEqual({
      country_of_main_operations: 'SAU',
      annual_volume: 'less_than_1m',
      legal_info: { unified_number: '7001234567', business_license_type: 'commercial_registration' },
    });
    expect(applyStepData(current, {}, ['/annual_volume'])).toEqual({
      country_of_main_operations: 'SAU',
      legal_info: { unified_number: '7001234567' },
    });
  });
});

describe('withOwnedParents', () => {
  it('adds the missing objects above a step’s fields, and keeps what is there', async () => {
    const { withOwnedParents } = await import('../../src/engine/core/steps');
    expect(
      withOwnedParents({ country_of_main_operations: 'SAU' }, [
        '/legal_info/business_type/id',
        '/first_name',
      ]),
    ).toEqual({
      country_of_main_operations: 'SAU',
      legal_info: { business_type: {} },
    });
    expect(
      withOwnedParents({ legal_info: { unified_number: '7' } }, ['/legal_info/business_license_type']),
    ).toEqual({
      legal_info: { unified_number: '7' },
    });
  });
});
