/**
 * Session replay's rules (shell spec §1: "a session-replay recording starts on auth, applications, dashboard, legal
 * entity and capital routes"; issue 60, point 3). The browser side is src/web/sessionReplay.ts; the development sink
 * that keeps the last sessions is the server's /dev/replay (docs/session-replay.md).
 *
 * What never leaves the page: every input's value is masked by the recorder (`maskAllInputs`), and every text the
 * recorder copies passes through `maskPrivateText`, which hides what reads as an IBAN, an identity number, a
 * commercial registration or a phone number, wherever a screen shows one as text (a legal entity's IBAN, an
 * approved advance's account). The rest of the page stays readable, so a replay still shows where a merchant
 * struggled.
 */

/** The recorded areas, by the address's first segments (the spec's five; capital under both of its bases). */
const AREAS: readonly (readonly [prefix: string, area: ReplayArea])[] = [
  ['/auth', 'auth'],
  ['/applications', 'applications'],
  ['/dashboard', 'dashboard'],
  ['/legal-entities', 'legal entities'],
  ['/finance/capital', 'capital'],
  ['/finance/tby-capital', 'capital'],
];

export const REPLAY_AREAS = ['auth', 'applications', 'dashboard', 'legal entities', 'capital'] as const;
export type ReplayArea = (typeof REPLAY_AREAS)[number];

/** The recorded area an address belongs to; null: not recorded. `/authority` is not `/auth`. */
export function replayArea(pathname: string): ReplayArea | null {
  for (const [prefix, area] of AREAS)
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return area;
  return null;
}

/**
 * An IBAN as a screen writes it: two letters and two check digits, then groups of four letters or digits, spaced or
 * not, and a last short group of digits (a word after it is not taken for one).
 */
const IBAN_IN_TEXT = /\b[A-Z]{2}\d{2}(?:[ \u00a0]?[A-Z0-9]{4}){2,7}(?:[ \u00a0]?\d{1,3})?\b/gi;
/** An Emirates ID with its dashes (784-YYYY-NNNNNNN-C). */
const EMIRATES_ID_IN_TEXT = /\b784-\d{4}-\d{7}-\d\b/g;
/**
 * Nine digits or more, spaces or dashes between them allowed: identity numbers, iqamas, commercial registrations,
 * phone numbers, card and account numbers. An amount is written with separators every three digits ("1,000,000"),
 * a date with slashes, so neither is caught.
 */
const LONG_NUMBER_IN_TEXT = /\+?\d(?:[ \u00a0-]?\d){8,}/g;

const stars = (found: string) => found.replace(/[^\s-]/g, '*');

/** The text with every IBAN, identity number and long number replaced by as many asterisks. */
export function maskPrivateText(text: string): string {
  return text
    .replace(IBAN_IN_TEXT, (found) => (/\d/.test(found.slice(4)) ? stars(found) : found))
    .replace(EMIRATES_ID_IN_TEXT, stars)
    .replace(LONG_NUMBER_IN_TEXT, stars);
}

/** A chunk is sent every few seconds, or sooner when this many events are waiting. */
export const REPLAY_FLUSH_MS = 5_000;
export const REPLAY_FLUSH_EVENTS = 300;
/** Events kept while the destination does not answer; beyond, the oldest go (a replay missing its start). */
export const REPLAY_BUFFER_LIMIT = 5_000;
/** The development sink keeps the newest sessions only. */
export const REPLAY_KEEP_SESSIONS = 20;
/** The most events one chunk may carry (a full snapshot is one event). */
export const REPLAY_CHUNK_MAX_EVENTS = 2_000;
/** How deep a chunk's JSON may nest: a page's snapshot nests two levels per DOM level (the sink refuses deeper). */
export const REPLAY_MAX_JSON_DEPTH = 400;
