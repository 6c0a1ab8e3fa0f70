/** Session replay's rules (shell spec §1; src/domain/sessionReplay.ts): which pages are recorded, what text is hidden. */
import { describe, expect, it } from 'vitest';
import { maskPrivateText, replayArea } from '../../src/domain/sessionReplay';

describe('the recorded areas', () => {
  it.each([
    ['/auth', 'auth'],
    ['/auth/code', 'auth'],
    ['/applications/step/bank', 'applications'],
    ['/dashboard', 'dashboard'],
    ['/dashboard/business-profile', 'dashboard'],
    ['/legal-entities/le-1', 'legal entities'],
    ['/finance/capital/offers/o-1', 'capital'],
    ['/finance/tby-capital', 'capital'],
    ['/authority', null],
    ['/orders', null],
    ['/finance/payouts', null],
    ['/account', null],
    ['/', null],
    ['/dev/replay', null],
  ])('%s → %s', (pathname, area) => {
    expect(replayArea(pathname)).toBe(area);
  });
});

describe('the text a recording may not copy', () => {
  it.each([
    ['IBAN SA73 8000 0000 6080 1016 7520 on file', 'IBAN **** **** **** **** **** **** on file'],
    ['SA7380000000608010167520', '************************'],
    ['AE070331234567890123456', '***********************'],
    ['ID 1012345678', 'ID **********'],
    ['Emirates ID 784-1987-1234567-1', 'Emirates ID ***-****-*******-*'],
    ['CR 4030123456, phone +966 50 123 4567', 'CR **********, phone **** ** *** ****'],
  ])('%s → %s', (text, masked) => {
    expect(maskPrivateText(text)).toBe(masked);
  });

  it.each([
    'Up to AED 1,000,000',
    'Due 01/12/2026',
    'Order 12345',
    'SAR 50,000.00 in 12 months',
    'Step 3 of 7',
    'STATUS4UPDATE',
    'Sign in to the back office',
  ])('leaves %s as it is', (text) => {
    expect(maskPrivateText(text)).toBe(text);
  });
});
