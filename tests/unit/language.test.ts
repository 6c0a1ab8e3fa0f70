import { describe, expect, it } from 'vitest';
import { directionOf, resolveLanguage } from '../../src/domain/language';

describe('resolveLanguage', () => {
  it.each([
    [{ query: 'ar', stored: 'en', browser: ['en-US'] }, 'ar', 'the lang query parameter wins'],
    [{ query: 'en', stored: 'ar' }, 'en', 'lang=en switches back from a remembered Arabic'],
    [{ query: 'fr', stored: 'ar' }, 'ar', 'an unknown lang value is ignored'],
    [{ stored: 'ar', browser: ['en-GB'] }, 'ar', 'the remembered choice beats the browser'],
    [{ browser: ['ar-SA', 'en'] }, 'ar', 'an Arabic browser gets Arabic'],
    [{ browser: ['fr-FR', 'en-US'] }, 'en', 'the first supported browser language counts'],
    [{}, 'en', 'English otherwise'],
  ] as [Parameters<typeof resolveLanguage>[0], string, string][])('%o → %s (%s)', (sources, expected) => {
    expect(resolveLanguage(sources)).toBe(expected);
  });

  it('gives Arabic a right-to-left direction', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
