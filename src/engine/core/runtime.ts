/**
 * What precompiled step validators are handed when they load (src/catalogue/compile.ts): the catalogue's
 * formats and the few parts of ajv's runtime the generated code asks for by module name. The compiled modules
 * import nothing themselves, so the browser and tests give them the app's own copies of these functions.
 */
import equal from 'fast-deep-equal';
import { formats } from './formats';

/** The module name under which generated code asks for `sumMatches` (the x-sum keyword, vocabulary.ts). */
export const SUM_HELPER = 'mbo-catalogue/sumMatches';

/** Length in Unicode code points, as JSON Schema counts minLength and maxLength. */
export function ucs2length(value: string): number {
  let length = 0;
  for (const _ of value) length += 1;
  return length;
}

/**
 * The `x-sum` keyword's check: do the items' numbers at `property` (of the items flagged `where`, when given)
 * add up to `equals` after rounding to `decimals`? Items without a number count as 0.
 */
export function sumMatches(
  items: unknown,
  property: string,
  where: string | null,
  equals: number,
  decimals: number,
): boolean {
  if (!Array.isArray(items)) return true;
  let total = 0;
  for (const item of items as Record<string, unknown>[]) {
    if (item === null || typeof item !== 'object') continue;
    if (where !== null && item[where] !== true) continue;
    const value = item[property];
    if (typeof value === 'number' && Number.isFinite(value)) total += value;
  }
  const scale = 10 ** decimals;
  return Math.round(total * scale) / scale === equals;
}

/** The modules generated validator code may `require`, by the names ajv writes. */
export const RUNTIME_MODULES: Record<string, unknown> = {
  'ajv/dist/runtime/equal': equal,
  'ajv/dist/runtime/ucs2length': ucs2length,
  [SUM_HELPER]: sumMatches,
};

export interface ValidatorRuntime {
  formats: typeof formats;
  require(name: string): { default: unknown };
}

/** The runtime a compiled step module's validators are created with. */
export const validatorRuntime: ValidatorRuntime = {
  formats,
  require(name) {
    if (!(name in RUNTIME_MODULES)) throw new Error(`no runtime module "${name}" for precompiled validators`);
    return { default: RUNTIME_MODULES[name] };
  },
};
