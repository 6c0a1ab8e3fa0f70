/**
 * NUL characters (U+0000) in what a client sends. PostgreSQL cannot store one in text or JSON, so a value
 * holding it used to reach the database and come back as a 500 on any route that stores what it is given
 * (the unauthenticated analytics events among them). One hook refuses it for every route, before validation:
 * 400, with the place it was found.
 */
import { isObject } from '../engine/core/json';
import { toPointer } from '../engine/core/pointer';

/** How deep the search goes: bodies deeper than this are refused before they are parsed (jsonDepth.ts). */
const MAX_DEPTH = 40;

/** The pointer of the first string (or key) holding a NUL character, or null when there is none. */
export function findNul(value: unknown, at: (string | number)[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? toPointer(at) : null;
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], [...at, i], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (isObject(value))
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return toPointer([...at, key]);
      const found = findNul(child, [...at, key], depth + 1);
      if (found !== null) return found;
    }
  return null;
}
