/** What an analytics event may never carry (issue 60, point 1): a one-time code, an IBAN or an identity number. */
import { describe, expect, it } from 'vitest';
import { privateProperty } from '../../src/domain/eventPrivacy';

describe('an analytics event’s properties', () => {
  it.each([
    [{ code: '482913' }, { pointer: '/code', kind: 'code' }],
    [{ otp: '4829' }, { pointer: '/otp', kind: 'code' }],
    [{ iban: 'anything' }, { pointer: '/iban', kind: 'iban' }],
    [{ account: 'SA03 8000 0000 6080 1016 7519' }, { pointer: '/account', kind: 'iban' }],
    [{ nested: { list: ['ok', 'AE070331234567890123456'] } }, { pointer: '/nested/list/1', kind: 'iban' }],
    [{ identity_id: 'A1234567' }, { pointer: '/identity_id', kind: 'identity number' }],
    [{ owner: '784-1987-1234567-8' }, { pointer: '/owner', kind: 'identity number' }],
    [{ owner: '784198712345678' }, { pointer: '/owner', kind: 'identity number' }],
    [{ iqama: '2012345678' }, { pointer: '/iqama', kind: 'identity number' }],
  ])('%j → %j', (properties, found) => expect(privateProperty(properties)).toEqual(found));

  it.each([
    [{ path: '/payments', title: 'Orders', language: 'ar' }],
    [{ email: 'sara@example.com', phone: '+966501234567', merchantId: 'mer-riyadh-style' }],
    [{ capitalAmount: 100000, currency: 'SAR', offerId: 'off-falcon-mall-a' }],
    [{ code: '', iban: null }],
    [{ role: 'supervisor', by: 'phone' }],
  ])('%j carries nothing private', (properties) => expect(privateProperty(properties)).toBeNull());
});
