/**
 * NUL characters (U+0000) and lone UTF-16 surrogates in what a client sends. PostgreSQL cannot store either in
 * text or JSON, so a value
 * holding it used to reach the database and come back as a 500 on any route that stores what it is given
 * (the unauthenticated analytics events among them). One hook refuses it for every route, before validation:
 * 400, with the place it was found.
 */
import { isObject } from '../engine/core/json';
import { toPointer } from '../engine/core/pointer';

/** How deep the search goes: bodies deeper than this are refused before they are parsed (jsonDepth.ts). */
const MAX_DEPTH = 40;

/** A UTF-16 half with no other half: JSON can spell it (`"\ud800"`), PostgreSQL's JSON and text refuse it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The pointer of the first string (or key) that fails `bad`, or null when there is none. */
function findString(
  value: unknown,
  bad: (text: string) => boolean,
  at: (string | number)[] = [],
  depth = 0,
): string | null {
  if (typeof value === 'string') return bad(value) ? toPointer(at) : null;
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findString(value[i], bad, [...at, i], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (isObject(value))
    for (const [key, child] of Object.entries(value)) {
      if (bad(key)) return toPointer([...at, key]);
      const found = findString(child, bad, [...at, key], depth + 1);
      if (found !== null) return found;
    }
  return null;
}

/** The pointer of the first string (or key) holding a NUL character, or null when there is none. */
export const findNul = (value: unknown) => findString(value, (text) => text.includes('\u0000'));

/** The pointer of the first string (or key) holding half a UTF-16 pair, or null when there is none. */
export const findLoneSurrogate = (value: unknown) => findString(value, (text) => LONE_SURROGATE.test(text));
