/**
 * The language the app starts in (domain/language.ts's order: the address's `lang`, the remembered choice, the
 * browser's). The remembered choice is in local storage and in a cookie the server draws the page's HTML by; with
 * the storage cleared but not the cookie, the app must still start in the page's language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { initialLanguage } from '../../src/web/i18n';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../../src/domain/language';

const setCookie = (value: string) => (document.cookie = `${LANGUAGE_COOKIE}=${value}; path=/`);

afterEach(() => {
  window.localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  window.history.replaceState(null, '', '/');
});

describe('initialLanguage', () => {
  it('takes the cookie when local storage holds no choice (the language the server drew the page in)', () => {
    setCookie('ar');
    expect(initialLanguage()).toBe('ar');
  });

  it('prefers local storage to the cookie, and the address to both', () => {
    setCookie('ar');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(initialLanguage()).toBe('en');
    window.history.replaceState(null, '', '/?lang=ar');
    expect(initialLanguage()).toBe('ar');
  });

  it('ignores a cookie that names no language of ours', () => {
    setCookie('fr');
    expect(initialLanguage()).toBe('en');
  });
});
