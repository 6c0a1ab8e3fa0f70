/**
 * Identity and registration numbers against the spec's patterns (onboarding §5: 15 digits, an FL- prefix, first
 * digit 1 or 2, digits only, first digit not 7, first digit 7), on the real catalogue's validators. Which field
 * takes which pattern is our decision: docs/identity-numbers.md.
 */
import { describe, expect, it } from 'vitest';
import { toFieldMessages } from '../../src/engine/core/messages';
import { onboarding } from '../support/onboarding';

/** The message key the merchant sees for one field of a step, or null when the field passes. */
function messageFor(step: string, data: Record<string, unknown>, pointer: string): string | null {
  const messages = toFieldMessages(onboarding.validators[step]!(data).errors);
  return messages.find((m) => m.pointer === pointer)?.key ?? null;
}

const owner = (identity_type: string, identity_id: string) => ({
  legal_info: {
    company_owners: [
      { name: 'Omar Al Falasi', type: 'individual', nationality: 'ARE', identity_type, identity_id },
    ],
  },
});
const ID = '/legal_info/company_owners/0/identity_id';

describe('UAE owners (business-owner-are): an Emirates ID or a passport number', () => {
  it.each([
    ['NATIONAL_ID', '12345', 'onboarding:errors.emiratesId'],
    ['NATIONAL_ID', '78419871234567', 'onboarding:errors.emiratesId'],
    ['NATIONAL_ID', '123198712345678', 'onboarding:errors.emiratesId'],
    ['NATIONAL_ID', '784198712345678', null],
    ['PASSPORT_NUMBER', 'A1234', 'onboarding:errors.passportNumber'],
    ['PASSPORT_NUMBER', 'A12345', null],
    ['PASSPORT_NUMBER', 'N1234567890123', 'onboarding:errors.passportNumber'],
    ['PASSPORT_NUMBER', 'AB-12345', 'onboarding:errors.passportNumber'],
  ])('%s %s → %s', (type, id, key) => {
    expect(messageFor('business-owner-are', owner(type, id), ID)).toBe(key);
  });
});

describe('Saudi numbers', () => {
  // Registered for VAT, so the VAT number applies (it is a conditional field).
  const sau = (legal: Record<string, unknown>) => ({ legal_info: { has_vat: true, ...legal } });
  it.each([
    ['legal-details-sau-freelance', 'freelance_certificate_number', 'FL-123456789', null],
    ['legal-details-sau-freelance', 'freelance_certificate_number', 'FL-1234567', null],
    // At least 10 characters (shell spec: freelance number min length 10).
    [
      'legal-details-sau-freelance',
      'freelance_certificate_number',
      'FL-123456',
      'validation:error.minLength',
    ],
    [
      'legal-details-sau-freelance',
      'freelance_certificate_number',
      'FL123456789',
      'onboarding:errors.freelanceNumber',
    ],
    [
      'legal-details-sau-freelance',
      'freelance_certificate_number',
      'FL-12345AB9',
      'onboarding:errors.freelanceNumber',
    ],
    ['legal-details-sau-freelance', 'national_id_number', '1012345678', null],
    ['legal-details-sau-freelance', 'national_id_number', '2012345678', null],
    ['legal-details-sau-freelance', 'national_id_number', '3012345678', 'onboarding:errors.nationalId'],
    ['legal-details-sau', 'commercial_registration_number', '1010123456', null],
    [
      'legal-details-sau',
      'commercial_registration_number',
      '7010123456',
      'onboarding:errors.crLooksLikeUnified',
    ],
    ['legal-details-sau', 'commercial_registration_number', '10101A3456', 'onboarding:errors.digitsOnly'],
    ['legal-details-sau', 'unified_number', '7001234567', null],
    ['legal-details-sau', 'unified_number', '1001234567', 'onboarding:errors.unifiedLooksLikeCr'],
    ['legal-details-sau', 'vat_registration_number', '300000000000003', null],
    ['legal-details-sau', 'vat_registration_number', '30000000000000', 'onboarding:errors.vat'],
  ])('%s %s %s → %s', (step, field, value, key) => {
    expect(messageFor(step, sau({ [field]: value }), `/legal_info/${field}`)).toBe(key);
  });
});

describe('company owners’ ID type (onboarding §5: default NONE)', () => {
  /** Every `identity_type` property a step's schema declares, wherever it is nested. */
  function identityTypes(schema: unknown, found: Record<string, unknown>[] = []) {
    if (Array.isArray(schema)) schema.forEach((item) => identityTypes(item, found));
    else if (schema && typeof schema === 'object') {
      const properties = (schema as { properties?: Record<string, unknown> }).properties;
      const own = properties?.identity_type;
      if (own && typeof own === 'object') found.push(own as Record<string, unknown>);
      Object.values(schema).forEach((value) => identityTypes(value, found));
    }
    return found;
  }

  it('starts unchosen on every owner step: no default for the form to fill in', () => {
    const steps = Object.entries(onboarding.steps).filter(
      ([, step]) => identityTypes(step.schema).length > 0,
    );
    expect(steps.map(([id]) => id)).toContain('shareholders-are');
    for (const [, step] of steps)
      for (const declared of identityTypes(step.schema)) expect(declared).not.toHaveProperty('default');
  });

  it('an individual owner must still choose one', () => {
    const unchosen = {
      legal_info: { company_owners: [{ name: 'Omar', type: 'individual', nationality: 'ARE' }] },
    };
    expect(
      messageFor('business-owner-are', unchosen, '/legal_info/company_owners/0/identity_type'),
    ).not.toBeNull();
  });
});
