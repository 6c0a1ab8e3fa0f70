import { describe, expect, it } from 'vitest';
import { createCatalogueAjv } from '../../src/catalogue/model';
import { fromServerFieldErrors, toFieldErrors, toFieldMessages } from '../../src/engine/core/messages';
import { isHttpsUrl, setFormatClock, withHttps } from '../../src/engine/core/formats';
import common from '../../schemas/_defs/common.schema.json';

const ajv = createCatalogueAjv();
ajv.addSchema({ ...common, $id: 'https://catalogue.merchant-back-office.invalid/_defs/common.schema.json' });
const validate = ajv.compile({
  $id: 'https://catalogue.merchant-back-office.invalid/onboarding/steps/test.schema.json',
  type: 'object',
  required: ['email', 'legal_info'],
  properties: {
    email: { $ref: '../../_defs/common.schema.json#/$defs/email' },
    name: { type: 'string', minLength: 3, 'x-messages': { minLength: 'onboarding:errors.custom' } },
    legal_info: {
      type: 'object',
      required: ['unified_number'],
      properties: {
        commercial_registration_number: {
          $ref: '../../_defs/common.schema.json#/$defs/commercialRegistrationNumber',
        },
        unified_number: { $ref: '../../_defs/common.schema.json#/$defs/unifiedNumber' },
        license_expiry_date: { $ref: '../../_defs/common.schema.json#/$defs/licenceExpiry' },
      },
    },
    bank: { type: 'object', properties: { iban: { $ref: '../../_defs/common.schema.json#/$defs/iban' } } },
  },
});

function messagesFor(data: unknown) {
  validate(data);
  return toFieldMessages(validate.errors ?? []);
}

describe('toFieldMessages', () => {
  it('puts a missing property on the missing field, with the default key', () => {
    expect(messagesFor({ legal_info: {} })).toEqual([
      { pointer: '/email', key: 'validation:error.required', params: { missingProperty: 'email' } },
      {
        pointer: '/legal_info/unified_number',
        key: 'validation:error.required',
        params: { missingProperty: 'unified_number' },
      },
    ]);
  });

  it('gives the spec’s minimum-length message its length, and a field’s own key wins', () => {
    const messages = messagesFor({ email: 'a@b.co', name: 'ab', legal_info: { unified_number: '7123' } });
    expect(messages).toContainEqual({
      pointer: '/name',
      key: 'onboarding:errors.custom',
      params: { limit: 3, length: 3 },
    });
    expect(messages).toContainEqual({
      pointer: '/legal_info/unified_number',
      key: 'validation:error.minLength',
      params: { limit: 10, length: 10 },
    });
  });

  it('takes the message of a branch that only requires from the branch (both contacts when one is given)', () => {
    const pair = ajv.compile({
      type: 'object',
      properties: { email: { type: 'string' }, phone: { type: 'string' } },
      if: { required: ['phone'] },
      then: { required: ['email'], 'x-messages': { required: 'capital-forms:person.emailWithPhone' } },
    });
    pair({ phone: '+971501112233' });
    expect(toFieldMessages(pair.errors ?? [])).toEqual([
      { pointer: '/email', key: 'capital-forms:person.emailWithPhone', params: { missingProperty: 'email' } },
    ]);
    pair({});
    expect(pair.errors).toBeNull();
  });

  it('maps formats to their own keys (e-mail, IBAN checksum)', () => {
    const messages = messagesFor({
      email: 'not-an-email',
      legal_info: { unified_number: '7000000000' },
      bank: { iban: 'SA0380000000608010167518' },
    });
    expect(messages.map((m) => [m.pointer, m.key])).toEqual([
      ['/email', 'validation:error.format.email'],
      ['/bank/iban', 'validation:error.format.iban'],
    ]);
  });

  it('tells a commercial registration number from a unified number', () => {
    const messages = messagesFor({
      email: 'a@b.co',
      legal_info: { commercial_registration_number: '7001234567', unified_number: '1010123456' },
    });
    expect(messages.map((m) => [m.pointer, m.key])).toEqual([
      ['/legal_info/commercial_registration_number', 'onboarding:errors.crLooksLikeUnified'],
      ['/legal_info/unified_number', 'onboarding:errors.unifiedLooksLikeCr'],
    ]);
  });

  it('checks a licence expiry against the clock: at least two weeks ahead', () => {
    setFormatClock(() => new Date('2026-11-22T10:00:00Z'));
    try {
      const base = { email: 'a@b.co', legal_info: { unified_number: '7000000000' } };
      const at = (date: string) =>
        messagesFor({ ...base, legal_info: { ...base.legal_info, license_expiry_date: date } });
      expect(at('2026-12-06')).toEqual([]);
      expect(at('2026-12-05').map((m) => m.key)).toEqual(['validation:error.format.date-2-weeks-ahead']);
    } finally {
      setFormatClock(null);
    }
  });
});

describe('fromServerFieldErrors', () => {
  it('keeps translation keys with their values and wraps plain server text', () => {
    expect(
      fromServerFieldErrors({
        '/share': { key: 'validation:error.maximum', params: { limit: 100 } },
        '/iban': { key: 'validation:error.format.iban' },
        '/business_name': { key: 'name already used' },
      }),
    ).toEqual([
      { pointer: '/share', key: 'validation:error.maximum', params: { limit: 100 } },
      { pointer: '/iban', key: 'validation:error.format.iban', params: {} },
      { pointer: '/business_name', key: 'validation:error.server', params: { message: 'name already used' } },
    ]);
  });
});

describe('toFieldErrors', () => {
  it('gives each field its first message with the values its text needs', () => {
    expect(
      toFieldErrors([
        { pointer: '/share', key: 'validation:error.maximum', params: { limit: 100 } },
        { pointer: '/share', key: 'validation:error.type', params: {} },
        { pointer: '/name', key: 'validation:error.required', params: {} },
      ]),
    ).toEqual({
      '/share': { key: 'validation:error.maximum', params: { limit: 100 } },
      '/name': { key: 'validation:error.required', params: {} },
    });
  });
});

describe('withHttps (a website typed without its scheme)', () => {
  it.each([
    ['nadiacrafts.example', 'https://nadiacrafts.example'],
    ['  www.nadiacrafts.example/shop ', 'https://www.nadiacrafts.example/shop'],
    ['https://nadiacrafts.example', 'https://nadiacrafts.example'],
    // Not completed: a scheme was typed (the message asks for https), or no address would come of it.
    ['http://nadiacrafts.example', 'http://nadiacrafts.example'],
    ['nadiacrafts', 'nadiacrafts'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['two words.example', 'two words.example'],
    ['', ''],
  ])('%j → %j', (typed, completed) => {
    expect(withHttps(typed)).toBe(completed);
    if (completed !== typed) expect(isHttpsUrl(completed)).toBe(true);
  });
});
