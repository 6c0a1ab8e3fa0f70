/**
 * Capital's currencies (onboarding spec §9: "AED, BHD, CNH, EGP, EUR, GBP, INR, KRW, KWD, OMR, QAR, SAR, TRY, USD")
 * and AED as the default (capital §3): what the capital data may hold, and an offer stored without one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offerView } from '../../src/server/services/capital/model';

const SPEC = [
  'AED',
  'BHD',
  'CNH',
  'EGP',
  'EUR',
  'GBP',
  'INR',
  'KRW',
  'KWD',
  'OMR',
  'QAR',
  'SAR',
  'TRY',
  'USD',
];

describe('capital currencies', () => {
  it('are exactly the spec’s fourteen, AED by default, in the capital data’s schema', () => {
    const schema = JSON.parse(readFileSync('src/server/fixtures/fixture.schema.json', 'utf8')) as {
      $defs: { currency: { enum: string[]; default: string } };
    };
    expect([...schema.$defs.currency.enum].sort()).toEqual(SPEC);
    expect(schema.$defs.currency.default).toBe('AED');
  });

  it('an offer stored without a currency is in AED', () => {
    const row = {
      id: 'off-1',
      merchantId: 'mer-1',
      storeId: null,
      merchantName: 'Noor',
      data: { amount: 50_000 },
    };
    expect(offerView(row as unknown as Parameters<typeof offerView>[0]).currency).toBe('AED');
  });
});
