import { describe, expect, it } from 'vitest';
import { TranslatableString } from '@rjsf/utils';
import en from '../../locales/en/common.json';
import ar from '../../locales/ar/common.json';
import { RJSF_STRING_KEYS, rjsfTranslator } from '../../src/engine/react/rjsfStrings';

const lookup = (texts: Record<string, unknown>) => (key: string) =>
  key
    .replace(/^common:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts) as string;

describe("rjsf's own texts", () => {
  it('have English and Arabic text for every key they use', () => {
    for (const key of Object.values(RJSF_STRING_KEYS)) {
      expect(typeof lookup(en)(key!), key).toBe('string');
      expect(typeof lookup(ar)(key!), key).toBe('string');
    }
  });

  it('translate the list buttons and leave authors-only messages in English', () => {
    const translate = rjsfTranslator(lookup(ar));
    expect(translate(TranslatableString.AddItemButton)).toBe('إضافة آخر');
    expect(translate(TranslatableString.RemoveButton)).toBe('إزالة');
    expect(translate(TranslatableString.UnsupportedField)).toBe('Unsupported field schema.');
  });
});
