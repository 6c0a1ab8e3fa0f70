/**
 * A merchant's physical locations (shell spec §2.3 "locations", §6 "the locations experiment and has_locations";
 * onboarding spec §1 "locations"; issue 36; docs/locations.md): what a location is and what makes one sound. Pure:
 * the server checks with it and the form checks the same before sending.
 *
 * - A **name** (2–80 characters) and an **address** (5–300), both as typed, trimmed.
 * - A **map link**, optional: a Google Maps link by capital's rule (capital spec §"Location": "a maps, short-maps or
 *   g.co link (or a domain of those), no spaces, commas or double dots; empty allowed"), on Google's own domains
 *   only — the same pattern as `schemas/capital-frf/steps/location-details.schema.json` (a unit test keeps them
 *   equal).
 * - **Opening hours** a weekday each: closed, or from–to in 24-hour time; a "to" earlier than the "from" closes
 *   after midnight (a café open 18:00–02:00), the same time twice is refused.
 * - The **store** it belongs to: one of the merchant's stores.
 */

/**
 * Google's own domains for Maps after `google.` (google.com/supported_domains, as of 2026-11): a maps link's host is
 * one of these exactly, so `google.com.ev` or `google.evil.example` is not Google's (issue 53, finding 9).
 */
export const GOOGLE_DOMAINS = [
  'com',
  'ad',
  'ae',
  'com.af',
  'com.ag',
  'al',
  'am',
  'co.ao',
  'com.ar',
  'as',
  'at',
  'com.au',
  'az',
  'ba',
  'com.bd',
  'be',
  'bf',
  'bg',
  'com.bh',
  'bi',
  'bj',
  'com.bn',
  'com.bo',
  'com.br',
  'bs',
  'bt',
  'co.bw',
  'by',
  'com.bz',
  'ca',
  'cat',
  'cd',
  'cf',
  'cg',
  'ch',
  'ci',
  'co.ck',
  'cl',
  'cm',
  'cn',
  'com.co',
  'co.cr',
  'com.cu',
  'cv',
  'com.cy',
  'cz',
  'de',
  'dj',
  'dk',
  'dm',
  'com.do',
  'dz',
  'com.ec',
  'ee',
  'com.eg',
  'es',
  'com.et',
  'fi',
  'com.fj',
  'fm',
  'fr',
  'ga',
  'ge',
  'gg',
  'com.gh',
  'com.gi',
  'gl',
  'gm',
  'gr',
  'com.gt',
  'gy',
  'com.hk',
  'hn',
  'hr',
  'ht',
  'hu',
  'co.id',
  'ie',
  'co.il',
  'im',
  'co.in',
  'iq',
  'is',
  'it',
  'je',
  'com.jm',
  'jo',
  'co.jp',
  'co.ke',
  'com.kh',
  'ki',
  'kg',
  'co.kr',
  'com.kw',
  'kz',
  'la',
  'com.lb',
  'li',
  'lk',
  'co.ls',
  'lt',
  'lu',
  'lv',
  'com.ly',
  'co.ma',
  'md',
  'me',
  'mg',
  'mk',
  'ml',
  'com.mm',
  'mn',
  'com.mt',
  'mu',
  'mv',
  'mw',
  'com.mx',
  'com.my',
  'co.mz',
  'com.na',
  'com.ng',
  'com.ni',
  'ne',
  'nl',
  'no',
  'com.np',
  'nr',
  'nu',
  'co.nz',
  'com.om',
  'com.pa',
  'com.pe',
  'com.pg',
  'com.ph',
  'com.pk',
  'pl',
  'pn',
  'com.pr',
  'ps',
  'pt',
  'com.py',
  'com.qa',
  'ro',
  'rs',
  'ru',
  'rw',
  'com.sa',
  'com.sb',
  'sc',
  'se',
  'com.sg',
  'sh',
  'si',
  'sk',
  'com.sl',
  'sn',
  'so',
  'sm',
  'sr',
  'st',
  'com.sv',
  'td',
  'tg',
  'co.th',
  'com.tj',
  'tl',
  'tm',
  'tn',
  'to',
  'com.tr',
  'tt',
  'com.tw',
  'co.tz',
  'com.ua',
  'co.ug',
  'co.uk',
  'com.uy',
  'co.uz',
  'com.vc',
  'co.ve',
  'co.vi',
  'com.vn',
  'vu',
  'ws',
  'co.za',
  'co.zm',
  'co.zw',
] as const;

/** `GOOGLE_DOMAINS` as a pattern's alternation, the longest first (`com.sa` before `com`). */
const googleAlternation = [...GOOGLE_DOMAINS]
  .sort((a, b) => b.split('.').length - a.split('.').length || a.localeCompare(b))
  .map((domain) => domain.replaceAll('.', '\\.'))
  .join('|');

export const MAPS_LINK_PATTERN =
  `^(?:https?://)?(?:(?:www\\.)?google\\.(?:${googleAlternation})/maps|maps\\.google\\.(?:${googleAlternation})|` +
  'maps\\.app\\.goo\\.gl|goo\\.gl/maps|g\\.co)(?:[/?#](?:[^\\s,.]|\\.[^\\s,.])*\\.?)?$';
const MAPS_LINK = new RegExp(MAPS_LINK_PATTERN);

export const isMapsLink = (text: string) => text.length <= 500 && MAPS_LINK.test(text);

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A day's hours: closed (null) or from–to, "HH:MM". */
export type DayHours = { from: string; to: string } | null;
export type OpeningHours = Record<Weekday, DayHours>;

export const NAME_LIMITS = { min: 2, max: 80 } as const;
export const ADDRESS_LIMITS = { min: 5, max: 300 } as const;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The usual hours of a new location: every day 09:00–22:00, Friday from 16:00 (after the Friday prayer). */
export const DEFAULT_HOURS: OpeningHours = {
  mon: { from: '09:00', to: '22:00' },
  tue: { from: '09:00', to: '22:00' },
  wed: { from: '09:00', to: '22:00' },
  thu: { from: '09:00', to: '22:00' },
  fri: { from: '16:00', to: '22:00' },
  sat: { from: '09:00', to: '22:00' },
  sun: { from: '09:00', to: '22:00' },
};

export interface LocationInput {
  name: string;
  address: string;
  maps_link: string;
  store_id: string;
  hours: OpeningHours;
}

/** A field's problem: the key of its message (the `locations` namespace) and its values. */
export type LocationProblem = { key: string; params?: Record<string, unknown> };

/** Every problem of a location, by its field's JSON pointer (`/hours/fri`); none when it is sound. */
export function locationProblems(
  input: LocationInput,
  storeIds: readonly string[],
): Record<string, LocationProblem> {
  const problems: Record<string, LocationProblem> = {};
  const name = input.name.trim();
  if (name.length < NAME_LIMITS.min || name.length > NAME_LIMITS.max)
    problems['/name'] = { key: 'error.name', params: NAME_LIMITS };
  const address = input.address.trim();
  if (address.length < ADDRESS_LIMITS.min || address.length > ADDRESS_LIMITS.max)
    problems['/address'] = { key: 'error.address', params: ADDRESS_LIMITS };
  const link = input.maps_link.trim();
  if (link !== '' && !isMapsLink(link)) problems['/maps_link'] = { key: 'error.mapsLink' };
  if (!storeIds.includes(input.store_id)) problems['/store_id'] = { key: 'error.store' };
  for (const day of WEEKDAYS) {
    const hours = input.hours[day];
    if (hours === null) continue;
    if (!TIME.test(hours.from) || !TIME.test(hours.to)) problems[`/hours/${day}`] = { key: 'error.time' };
    else if (hours.from === hours.to) problems[`/hours/${day}`] = { key: 'error.sameTime' };
  }
  return problems;
}

/** Whether a day's hours run past midnight (closing the next day). */
export const pastMidnight = (hours: NonNullable<DayHours>) => hours.to < hours.from;
