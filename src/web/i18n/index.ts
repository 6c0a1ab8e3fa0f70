/**
 * i18next set-up. Namespaces live in locales/<lng>/<ns>.json and load on
 * demand, each as its own chunk, so a screen pays only for its own texts.
 */
import i18next, { type BackendModule, type InitOptions, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addMoneyFormat } from './moneyFormat';
import {
  directionOf,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  resolveLanguage,
  type Language,
} from '../../domain/language';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json');

export const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`../../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default as Record<string, string>),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/**
 * The remembered language: local storage, else the cookie written beside it. The server draws the page's HTML in
 * the cookie's language, so a browser whose storage was cleared but not its cookies gets the app in the language
 * its page was drawn in, not the browser's.
 */
function readStored(): string | null {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode): the cookie is then the only memory.
  }
  if (stored !== null) return stored;
  const cookie = document.cookie.split('; ').find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`));
  return cookie ? cookie.slice(LANGUAGE_COOKIE.length + 1) : null;
}

/** Sets `<html lang dir>` to match the language. */
function applyToDocument(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** The language picked from the address, the remembered choice and the browser. */
export function initialLanguage(): Language {
  return resolveLanguage({
    query: new URLSearchParams(window.location.search).get('lang'),
    stored: readStored(),
    browser: navigator.languages,
  });
}

/**
 * Switches the language, remembers it and updates the document.
 * @param language - en or ar
 */
export async function setLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  // The server reads it to send the sign-in page already drawn in this language (domain/bootFrame.ts).
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
  applyToDocument(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/**
 * Starts i18next in the page's language.
 * @param namespaces - translation files to load beside `common` (the first screen's: startRoute)
 */
export async function initI18n(namespaces: readonly string[] = []): Promise<typeof i18next> {
  const language = initialLanguage();
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({ ...i18nOptions(language, namespaces), react: { useSuspense: true } });
  addMoneyFormat(i18next);
  await setLanguage(language);
  return i18next;
}

/**
 * i18next's options for a language, its files loaded by `lazyBackend`: the app's instance and the one the build
 * draws the sign-in page with (app/prerender.tsx), so both read the same texts the same way.
 * @param namespaces - translation files to load beside `common`
 */
export function i18nOptions(language: Language, namespaces: readonly string[]): InitOptions {
  return {
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['common', ...namespaces.filter((ns) => ns !== 'common')],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}
