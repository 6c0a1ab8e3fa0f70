/**
 * A request or answer shape is defined once, in src/contract (issue 57): the web app and the server use the
 * contract's types, and no type of theirs takes a contract type's name for another shape (a `LegalEntity` that is
 * the shell's alert, a `PayoutFilters` that is the address's filters). The engine stands below the contract
 * (the contract names its types), so it is not read here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const contractNames = new Set(
  filesUnder('src/contract').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/export (?:const|type|interface) (\w+)/g)].map((m) => m[1]!),
  ),
);

describe('contract names', () => {
  it('no type of the web app or the server takes a contract type’s name for another shape', () => {
    const clashes = ['src/web', 'src/server']
      .flatMap(filesUnder)
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/^(?:export )?(?:interface|type) (\w+)\b(.*)$/gm)]
          .filter((m) => contractNames.has(m[1]!) && !/Static<typeof /.test(m[2]!))
          .map((m) => `${file}: ${m[1]}`),
      );
    expect(clashes).toEqual([]);
  });

  it('reads the contract’s names (the check above checks something)', () => {
    expect(contractNames.has('PayoutFilters')).toBe(true);
    expect(contractNames.has('LegalEntity')).toBe(true);
  });
});
