/**
 * The onboarding flow's data rules (spec §5 licence types per country; §4 a new
 * country resets legal info, documents and bank details) and the owners'
 * rules of §5 (shares total 100, a flagged owner per role step, the UBO
 * exception), on the real catalogue.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyResets, applyRules, resetsFor } from '../../src/engine/core/rules';
import { sumMatches } from '../../src/engine/core/runtime';
import { applyStepChanges } from '../../src/engine/core/steps';
import { changedPointers } from '../../src/engine/core/pointer';
import { toFieldMessages } from '../../src/engine/core/messages';
import { inapplicablePointers } from '../../src/engine/core/schemaWalk';
import { onboarding } from '../support/onboarding';
import type { FlowDefinition } from '../../src/engine/core/types';

const flow = JSON.parse(readFileSync('schemas/onboarding/flow.json', 'utf8')) as FlowDefinition;
const validators = onboarding.validators;

describe('licence types per country (rules)', () => {
  it.each(['BHR', 'KWT', 'QAT'])('%s forces commercial_registration', (country) => {
    expect(
      applyRules(flow, {
        country_of_main_operations: country,
        legal_info: { business_license_type: 'trade_license' },
      }),
    ).toEqual({
      country_of_main_operations: country,
      legal_info: { business_license_type: 'commercial_registration' },
    });
    expect(applyRules(flow, { country_of_main_operations: country })).toMatchObject({
      legal_info: { business_license_type: 'commercial_registration' },
    });
  });

  it.each(['commercial_registration', 'trade_license'])('ARE clears %s', (licence) => {
    expect(
      applyRules(flow, {
        country_of_main_operations: 'ARE',
        legal_info: { business_license_type: licence, legal_address: 'x' },
      }),
    ).toEqual({ country_of_main_operations: 'ARE', legal_info: { legal_address: 'x' } });
  });

  it('SAU keeps the licence type chosen, and nothing changes returns the same object', () => {
    const data = {
      country_of_main_operations: 'SAU',
      legal_info: { business_license_type: 'freelance_license' },
    };
    expect(applyRules(flow, data)).toBe(data);
  });
});

describe('a new country resets legal info, documents and bank details (resets)', () => {
  const before = {
    country_of_main_operations: 'SAU',
    legal_info: { business_license_type: 'commercial_registration', license_url: 'https://x/1' },
    bank_details: { iban: 'SA0380000000608010167519' },
    business_name: 'Noor',
  };
  it('asks, and clears exactly those', () => {
    const after = { ...before, country_of_main_operations: 'ARE' };
    const resets = resetsFor(flow, before, after);
    expect(resets.map((r) => r.confirm)).toEqual(['onboarding:confirm.countryChange']);
    expect(applyResets(after, resets)).toEqual({ country_of_main_operations: 'ARE', business_name: 'Noor' });
  });
  it('does not ask for a first answer, or when nothing would be lost', () => {
    expect(resetsFor(flow, { business_name: 'Noor' }, { ...before })).toEqual([]);
    // BHR → KWT: the only legal info is the licence type the rules set again.
    const bhr = applyRules(flow, { country_of_main_operations: 'BHR' });
    expect(resetsFor(flow, bhr, { ...bhr, country_of_main_operations: 'KWT' })).toEqual([]);
  });
  it('a new section clears the category without asking', () => {
    const resets = resetsFor(flow, { section_id: 1, category_id: 4 }, { section_id: 2, category_id: 4 });
    expect(resets).toEqual([{ on: '/section_id', clear: ['/category_id'] }]);
  });
});

describe('the reset actions (§4: store type, shareholders, commercial licence)', () => {
  const sau = (legal: Record<string, unknown>) => ({
    country_of_main_operations: 'SAU',
    annual_volume: 'less_than_1m',
    legal_info: legal,
  });
  it('a new licence type clears the licence’s number, document and expiry — after asking', () => {
    const before = sau({
      business_license_type: 'commercial_registration',
      legal_company_name: 'Noor Trading',
      commercial_registration_number: '1010123456',
      license_url: 'https://files.example.com/cr.pdf',
      license_expiry_date: '2030-01-31',
    });
    const after = {
      ...before,
      legal_info: { ...before.legal_info, business_license_type: 'freelance_license' },
    };
    const resets = resetsFor(flow, before, after);
    expect(resets.map((r) => r.confirm)).toEqual(['onboarding:confirm.licenceChange']);
    // The legal name is not the licence's: it stays.
    expect(applyResets(after, resets).legal_info).toEqual({
      business_license_type: 'freelance_license',
      legal_company_name: 'Noor Trading',
    });
  });

  const are = (type: string) => ({
    country_of_main_operations: 'ARE',
    annual_volume: 'less_than_1m',
    legal_info: { business_type: { id: type }, company_owners: [{ name: 'Mariam', type: 'individual' }] },
  });
  it.each([
    ['sole_proprietorship', 'private_company', ['onboarding:confirm.businessTypeChange']],
    ['private_company', 'freelance_license', ['onboarding:confirm.businessTypeChange']],
    // The same kind of owners on both sides: the list is kept.
    ['private_company', 'partnership', []],
    ['freelance_license', 'sole_proprietorship', []],
  ])('a business type changed from %s to %s: %j', (from, to, asked) => {
    expect(resetsFor(flow, are(from), are(to)).map((r) => r.confirm)).toEqual(asked);
  });

  it('store type: a channel taken away takes its answers with it (the conditional fields), with no reset to ask', () => {
    const store = {
      sales_channels: ['online'],
      ecommerce_types: ['shopify'],
      web_url: 'https://shop.example.com',
    };
    const offline = { ...store, sales_channels: ['offline'] };
    expect(resetsFor(flow, store, offline)).toEqual([]);
    const step = onboarding.steps['store-type']!;
    expect(inapplicablePointers(step.schema, offline, step.resolve).sort()).toEqual([
      '/ecommerce_types',
      '/web_url',
    ]);
  });
});

describe('owners (§5)', () => {
  const person = {
    name: 'Mariam',
    type: 'individual',
    nationality: 'ARE',
    identity_type: 'NATIONAL_ID',
    identity_id: '784198712345678',
    birth_date: '1985-03-14',
    national_id_url: 'https://files.example.com/id.pdf',
    national_id_expiration_date: '2099-12-31',
  };
  const owners = (...list: Record<string, unknown>[]) => ({ legal_info: { company_owners: list } });
  const messages = (step: string, data: Record<string, unknown>) =>
    toFieldMessages(validators[step]!(data).errors).map((m) => `${m.pointer} ${m.key}`);

  it('shares must total exactly 100, rounded to 4 decimals', () => {
    expect(sumMatches([{ s: 33.33333 }, { s: 33.33333 }, { s: 33.33334 }], 's', null, 100, 4)).toBe(true);
    expect(
      sumMatches(
        [
          { s: 60, f: true },
          { s: 41, f: true },
        ],
        's',
        'f',
        100,
        4,
      ),
    ).toBe(false);
    expect(sumMatches([{ s: 60, f: true }, { s: 41 }, { s: 40, f: true }], 's', 'f', 100, 4)).toBe(true);
    const share = (n: number) => ({ ...person, is_shareholder: true, shares_percent: n });
    expect(messages('shareholders-are', owners(share(60), share(41)))).toEqual([
      '/legal_info/company_owners onboarding:errors.sharesTotal',
    ]);
    expect(messages('shareholders-are', owners(share(60), share(40)))).toEqual([]);
  });

  it.each([
    ['shareholders-are', 'onboarding:errors.noShareholder'],
    ['senior-management-are', 'onboarding:errors.noSeniorManagement'],
    ['authorized-signatories-are', 'onboarding:errors.noSignatory'],
    ['ultimate-beneficial-owners-are', 'onboarding:errors.noUbo'],
  ])('%s needs at least one owner flagged for it', (step, key) => {
    expect(messages(step, owners({ ...person, shares_percent: 50 }))).toContain(
      `/legal_info/company_owners ${key}`,
    );
  });

  it('the UBO step may flag nobody when all owners are individuals holding 25% each', () => {
    const quarter = { ...person, is_shareholder: true, shares_percent: 25 };
    expect(messages('ultimate-beneficial-owners-are', owners(quarter, quarter, quarter, quarter))).toEqual(
      [],
    );
    expect(
      messages(
        'ultimate-beneficial-owners-are',
        owners(quarter, quarter, quarter, { ...quarter, type: 'company' }),
      ),
    ).toContain('/legal_info/company_owners onboarding:errors.noUbo');
  });

  it('an individual owner needs an ID; a senior manager a role', () => {
    expect(
      messages(
        'senior-management-are',
        owners({ name: 'A', type: 'individual', nationality: 'ARE', is_senior_management: true }),
      ),
    ).toEqual(
      expect.arrayContaining([
        '/legal_info/company_owners/0/identity_id validation:error.required',
        '/legal_info/company_owners/0/role validation:error.required',
      ]),
    );
  });
});

describe('a step form’s report is applied as its own changes only (applyStepChanges)', () => {
  const owns = ['/bank_details'];
  it('takes what changed since the form’s previous report, within what the step owns', () => {
    const data = { email: 'a@b.co', bank_details: { iban: 'SA03', iban_certificate_url: 'https://x/1' } };
    const before = { email: 'old', bank_details: { iban: 'SA03' } };
    const after = { email: 'other', bank_details: { iban: 'SA03', bank_name: 'Mashreq' } };
    // A late report without the certificate (the form had not seen it) does not remove it; e-mail is not owned.
    expect(applyStepChanges(data, before, after, owns)).toEqual({
      email: 'a@b.co',
      bank_details: { iban: 'SA03', iban_certificate_url: 'https://x/1', bank_name: 'Mashreq' },
    });
  });
  it('removes what the form removed, and changes array items one by one', () => {
    const data = { legal_info: { company_owners: [{ name: 'A', role: 'ceo' }, { name: 'B' }] } };
    const before = { legal_info: { company_owners: [{ name: 'A' }, { name: 'B' }] } };
    const after = { legal_info: { company_owners: [{ name: 'A' }, { name: 'Bee' }] } };
    expect(applyStepChanges(data, before, after, ['/legal_info/company_owners'])).toEqual({
      legal_info: { company_owners: [{ name: 'A', role: 'ceo' }, { name: 'Bee' }] },
    });
    expect(changedPointers({ a: [1, 2] }, { a: [1] })).toEqual(['/a']);
    expect(
      applyStepChanges({ x: 1, bank_details: { iban: 'S' } }, { bank_details: { iban: 'S' } }, {}, owns),
    ).toEqual({ x: 1 });
  });
});
