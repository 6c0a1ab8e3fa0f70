/**
 * No placeholder address reaches a merchant (issue 56, point 3): the provider's addresses are settings
 * (contract/siteLinks.ts) shown only when set, so no text, page or app code a merchant loads names `example.com`.
 * (The e2e hit-test sweep checks every page as drawn, too.) Test data may use reserved names; this reads only what
 * ships to the browser: translations, the app's code and its static files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Not the engine: its sample answers for QA's matrices (engine/core/examples.ts) use reserved names by design and
// are never drawn for a merchant; its texts are the catalogue's translations, read here under locales/.
const SHIPPED = ['locales', 'src/web', 'src/domain', 'src/contract', 'public', 'index.html'];

function filesUnder(entry: string): string[] {
  if (!statSync(entry, { throwIfNoEntry: false })) return [];
  if (statSync(entry).isFile()) return [entry];
  return readdirSync(entry).flatMap((name) => filesUnder(path.join(entry, name)));
}

describe('what ships to a merchant’s browser', () => {
  it('names no placeholder domain (example.com)', () => {
    const found = SHIPPED.flatMap(filesUnder)
      .filter((file) => /\.(tsx?|json|html|svg|txt|webmanifest)$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            /example\.com/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });
});
