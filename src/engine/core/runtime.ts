/** Helpers the precompiled validators call (the parts of ajv's runtime they need, without ajv). */

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
