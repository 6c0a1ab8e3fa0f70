/** Helpers the precompiled validators call (the parts of ajv's runtime they need, without ajv). */

/** Length in Unicode code points, as JSON Schema counts minLength and maxLength. */
export function ucs2length(value: string): number {
  let length = 0;
  for (const _ of value) length += 1;
  return length;
}
