/**
 * How many codes the server has compared (issue 53: a try must be counted before it is judged). A test file counts
 * them by wrapping the one comparison every code check uses, src/server/auth/codes.ts `sameHash`:
 *
 *   vi.mock('../../src/server/auth/codes', async (original) =>
 *     (await import('./setup/judged')).counting(await original()),
 *   );
 */
export const judged = { count: 0 };

export function counting<T extends { sameHash: (a: string, b: string) => boolean }>(codes: T): T {
  return {
    ...codes,
    sameHash: (a: string, b: string) => {
      judged.count += 1;
      return codes.sameHash(a, b);
    },
  };
}
