/** JSON pointers (RFC 6901) over plain JSON data. Pure; never mutates its input. */
import equal from 'fast-deep-equal';
import { isObject } from './json';

/** Splits a pointer into its unescaped tokens. `''` is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Joins tokens into a pointer. */
export function toPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * Reads the value at a pointer.
 * @returns - the value, or undefined when any part of the path is missing
 */
export function getAt(data: unknown, pointer: string): unknown {
  let current: unknown = data;
  for (const token of parsePointer(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

/**
 * Returns a copy of `data` without the value at `pointer` (an array element is taken out of its array).
 * @param prune - also remove objects that became empty on the way (default true)
 */
export function removeAt<T>(data: T, pointer: string, prune = true): T {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return data;
  const remove = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) {
      // An array element: removed (later ones move up) at the end of the pointer, else changed inside.
      const index = /^(0|[1-9]\d*)$/.test(tokens[depth] ?? '') ? Number(tokens[depth]) : -1;
      if (index < 0 || index >= node.length) return node;
      const copy = [...(node as unknown[])];
      if (depth === tokens.length - 1) copy.splice(index, 1);
      else copy[index] = remove(copy[index], depth + 1);
      return copy;
    }
    if (node === null || typeof node !== 'object') return node;
    const key = tokens[depth] as string;
    if (!(key in node)) return node;
    const copy = { ...(node as Record<string, unknown>) };
    if (depth === tokens.length - 1) {
      delete copy[key];
    } else {
      const child = remove(copy[key], depth + 1);
      if (
        prune &&
        child !== null &&
        typeof child === 'object' &&
        !Array.isArray(child) &&
        Object.keys(child).length === 0
      ) {
        delete copy[key];
      } else copy[key] = child;
    }
    return copy;
  };
  return remove(data, 0) as T;
}

/** True when `pointer` is `prefix` or lies below it. */
export function isWithin(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(`${prefix}/`);
}

/**
 * Returns a copy of `data` with `value` at `pointer`, creating objects on the way (an existing array is
 * copied and its element set).
 */
export function setAt<T extends Record<string, unknown>>(data: T, pointer: string, value: unknown): T {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) throw new Error('cannot replace the whole document');
  const set = (node: unknown, depth: number): unknown => {
    const key = tokens[depth] as string;
    const leaf = depth === tokens.length - 1;
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key)) {
      const copy = [...(node as unknown[])];
      const index = Number(key);
      copy[index] = leaf ? value : set(copy[index], depth + 1);
      return copy;
    }
    const copy: Record<string, unknown> =
      node !== null && typeof node === 'object' && !Array.isArray(node)
        ? { ...(node as Record<string, unknown>) }
        : {};
    copy[key] = leaf ? value : set(copy[key], depth + 1);
    return copy;
  };
  return set(data, 0) as T;
}

export function changedPointers(before: unknown, after: unknown, at = ''): string[] {
  // Runs on every change of a form: unchanged parts are usually the same objects, so identity settles most.
  if (before === after) return [];
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((k) =>
      changedPointers(before[k], after[k], toPointer([...parsePointer(at), k])),
    );
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
    return after.flatMap((item, i) => changedPointers(before[i], item, toPointer([...parsePointer(at), i])));
  return equal(before, after) ? [] : [at];
}
