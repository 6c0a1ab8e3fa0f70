/**
 * Code that has not arrived in time counts as failed (shell spec §9, onboarding §9: "chunk loading timeout 120
 * seconds"). Without it a screen's chunk or a step's module stalled on a dropped mobile connection leaves a
 * spinner forever; with it the page says the load failed and offers to try again.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A load that did not settle in time. */
export class LoadTimeout extends Error {
  override name = 'LoadTimeout';
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} did not load within ${Math.round(ms / 1000)} s`);
  }
}

/** `loading`, or — if it has not settled within `ms` — a LoadTimeout naming `what`. The timer never outlives it. */
export function withinTime<T>(loading: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LoadTimeout(what, ms)), ms);
  });
  return Promise.race([loading, late]).finally(() => clearTimeout(timer));
}
