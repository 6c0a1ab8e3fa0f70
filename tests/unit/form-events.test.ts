/** Form events' pure rules (issue 61; src/domain/formEvents.ts): the device's class, a field as counted, a rule's key. */
import { describe, expect, it } from 'vitest';
import { FIELD_POINTER, RULE_KEY, deviceClassOf, fieldOf } from '../../src/domain/formEvents';

describe('form events', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'phone'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
      'phone',
    ],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'desktop'],
    ['', 'desktop'],
    [undefined, 'desktop'],
  ])('a browser saying %j is a %s', (agent, device) => {
    expect(deviceClassOf(agent)).toBe(device);
  });

  it.each([
    ['/email', '/email'],
    ['/owners/0/name', '/owners/*/name'],
    ['/shop/branches/12/city', '/shop/branches/*/city'],
    ['/legal_info/business_license_type', '/legal_info/business_license_type'],
  ])('the field %s is counted as %s (list positions are one field)', (pointer, field) => {
    expect(fieldOf(pointer)).toBe(field);
  });

  it.each([
    ['validation:error.required', true],
    ['onboarding:owners.shareTotal', true],
    ['capital-kyb:errors.code_wrong', true],
    ['validation:', false],
    ['Please enter your name', false],
    ['noor@example.com', false],
    ['validation:error required', false],
  ])('the rule %j is a message key: %s', (rule, ok) => {
    expect(RULE_KEY.test(rule)).toBe(ok);
  });

  it.each([
    ['/email', true],
    ['/owners/0/name', true],
    ['email', false],
    ['/', false],
    ['//x', false],
  ])('the field %j is a pointer: %s', (pointer, ok) => {
    expect(FIELD_POINTER.test(pointer)).toBe(ok);
  });
});
