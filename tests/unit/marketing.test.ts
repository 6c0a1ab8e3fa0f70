/**
 * The 24 e-commerce platforms (onboarding spec §9) live in three places for good reasons — the onboarding form's
 * schema (data ops edit), `src/domain/marketing.ts` (the server's and marketing's rules) and the platforms' names in
 * the marketing and sandbox texts (each screen loads only its own) — so they must not drift apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../src/domain/capital/types';
import { ECOMMERCE_PLATFORMS, isConnectable, sandboxCatalogue } from '../../src/domain/marketing';

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('the e-commerce platforms', () => {
  it('are the onboarding form’s, in its order', () => {
    const schema = json('schemas/onboarding/steps/store-type.schema.json');
    const found: string[][] = [];
    JSON.stringify(schema, (_key, value: unknown) => {
      if (Array.isArray(value) && value.includes('salla')) found.push(value as string[]);
      return value;
    });
    expect(found).toEqual([[...ECOMMERCE_PLATFORMS]]);
  });

  it.each(['en', 'ar'])(
    'are named in %s by marketing as the onboarding form names them, and by the sandbox page too',
    (lang) => {
      const onboarding = json(`locales/${lang}/onboarding.json`).enum.platform as Record<string, string>;
      expect(json(`locales/${lang}/marketing.json`).platform).toEqual(onboarding);
      const sandbox = json(`locales/${lang}/sandbox.json`).platform as Record<string, string>;
      // Capital's platforms keep the names capital's forms give them (Arabic script for Shopify, capital's own
      // tests); the rest are the onboarding form's.
      for (const platform of ECOMMERCE_PLATFORMS.filter((p) => !(PLATFORMS as readonly string[]).includes(p)))
        expect([platform, sandbox[platform]]).toEqual([platform, onboarding[platform]]);
    },
  );

  it('can all be connected but an own app and a custom site, whose sandbox catalogue is the same every time', () => {
    expect(ECOMMERCE_PLATFORMS.filter((p) => !isConnectable(p))).toEqual(['mobile_app', 'custom']);
    expect(sandboxCatalogue('mer-a', 'salla', 'SAR')).toEqual(sandboxCatalogue('mer-a', 'salla', 'SAR'));
    expect(sandboxCatalogue('mer-a', 'salla', 'SAR').length).toBeGreaterThanOrEqual(12);
  });
});
