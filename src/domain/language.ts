/**
 * Which language the app shows (shell spec §1: en and ar; a `lang` query
 * parameter of ar or en switches it). Decision: after the query parameter
 * comes the remembered choice, then the browser's language (an Arabic
 * browser gets Arabic), then English.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Local-storage key of the remembered language (spec §3: local flags use the tby:md: prefix). */
export const LANGUAGE_STORAGE_KEY = 'tby:md:lang';

/**
 * Cookie that tells the server the remembered language, so the page's HTML is drawn in it before the app runs
 * (domain/bootFrame.ts); the app writes it beside the local-storage key.
 */
export const LANGUAGE_COOKIE = 'mbo_lang';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ar';
}

/** Text direction of a language. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Picks the language to show.
 * @param sources - the `lang` query value, the remembered value and the browser's languages, any of them missing
 * @returns - `en` or `ar`
 */
export function resolveLanguage(sources: {
  query?: string | null;
  stored?: string | null;
  browser?: readonly string[];
}): Language {
  if (isLanguage(sources.query)) return sources.query;
  if (isLanguage(sources.stored)) return sources.stored;
  for (const tag of sources.browser ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * Each country's language (onboarding spec §9: en for ARE, BHR and KWT; ar for SAU, EGY and QAT): what a new
 * account gets when nobody chose for it — a person invited to a Saudi store is written to in Arabic.
 */
const COUNTRY_LANGUAGE: Record<string, Language> = {
  ARE: 'en',
  BHR: 'en',
  KWT: 'en',
  SAU: 'ar',
  EGY: 'ar',
  QAT: 'ar',
};

/** The language of a country (ISO 3166 alpha-3); undefined for one the spec does not name. */
export function countryLanguage(country: string | null | undefined): Language | undefined {
  return country ? COUNTRY_LANGUAGE[country] : undefined;
}
