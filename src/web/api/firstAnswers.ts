/**
 * The shell's first answers the server wrote into a signed-in page (domain/firstAnswers.ts): each is taken once, by
 * the first GET of its address made while the page is young, in place of asking the network. Everything later
 * (a refresh, a second screen's question, the page after a long while) asks the server as before.
 */
import { FIRST_ANSWERS_ID } from '../../domain/firstAnswers';
import type { HeldAnswer } from './client';

/**
 * How long after the page started an answer may stand in for asking (ms): the app's start on a slow phone takes
 * several seconds; an answer not taken by then is older than a question asked now should get.
 */
export const FIRST_ANSWERS_FRESH_MS = 30_000;

let answers: Map<string, unknown> | undefined;

/** The page's answers, read once; a page without them (or whose block does not parse) has none. */
function pageAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ID);
  if (block) {
    block.remove();
    try {
      const parsed: unknown = JSON.parse(block.textContent ?? '');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        answers = new Map(Object.entries(parsed));
    } catch {
      // A block that does not parse is no answer: the app asks as it would without one.
    }
  }
  return answers;
}

/**
 * The page's answer to a GET of `path` (exactly the address the server answered, without the request's id), once:
 * `{ found: false }` when there is none, it was taken, or the page is older than FIRST_ANSWERS_FRESH_MS.
 */
export function takeFirstAnswer(path: string, now = performance.now()): HeldAnswer {
  const held = pageAnswers();
  if (!held.has(path)) return { found: false };
  const body = held.get(path);
  held.delete(path);
  return now <= FIRST_ANSWERS_FRESH_MS ? { found: true, body } : { found: false };
}

/** Forgets what was read (tests: each starts from the page it draws). */
export function resetFirstAnswers() {
  answers = undefined;
}
