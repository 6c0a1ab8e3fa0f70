/**
 * A range a list is filtered by (days from and to, amounts from a minimum to a maximum): either end may be open;
 * one whose ends are the wrong way round finds nothing, so the filters say so beside the field and never ask.
 */

/** Both ends given and the first after the second (days as yyyy-mm-dd compare as text; amounts as numbers). */
export function isBackwards<T extends string | number>(from: T | null | undefined, to: T | null | undefined) {
  return from !== null && from !== undefined && to !== null && to !== undefined && from > to;
}
