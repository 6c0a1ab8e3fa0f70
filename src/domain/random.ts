/**
 * Deterministic numbers for the simulated outside world (ads' delivery, the sandbox catalogue, the demo orders):
 * the same input gives the same figures on every instance and every run, so two instances behind the proxy agree
 * without sharing state. Two textbook functions of a few lines each, written here rather than taken from a
 * package because their exact outputs are part of the fixtures and tests.
 */

/** FNV-1a, 32 bits: a text (a campaign's day, a merchant and platform) as a seed. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small generator of numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
