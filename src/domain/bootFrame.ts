/**
 * The page drawn by the HTML before the app's code runs (issue 54): on a phone's network and CPU the sign-in page's
 * code takes seconds to arrive and run, and until then the page was blank. The build prerenders the sign-in form
 * in each language (src/cli/bootFrameVitePlugin.ts) into a page of its own; the server sends that page for the
 * sign-in address in the visitor's language (routes/spa.ts); the app removes the drawing once it draws the page
 * itself (web/components/bootFrame.ts, called by the sign-in page). Signed-in pages have none yet: what they draw
 * first depends on the account.
 */
import { LANGUAGES, type Language } from './language';

/** The element that holds the drawing: inert, hidden from assistive technology, above the app until removed. */
export const BOOT_FRAME_ID = 'boot-frame';

/** Whether an address is the sign-in form's (`/auth`; its other steps draw from what the merchant typed). */
export function hasBootFrame(pathname: string): boolean {
  return pathname === '/auth' || pathname === '/auth/';
}

/** The built page that draws the sign-in form in a language, beside index.html. */
export function bootFramePage(language: Language): string {
  return `auth.${language}.html`;
}

/** Every such page, one per language. */
export const BOOT_FRAME_PAGES = LANGUAGES.map(bootFramePage);

/**
 * The browser's languages from an Accept-Language header, most wanted first (`ar-SA,ar;q=0.9,en;q=0.8`).
 * @param header - the header's value, or undefined
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
