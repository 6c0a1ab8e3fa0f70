/** The README stands alone: it and docs/ point only at files this repository has. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const files = [
  'README.md',
  'schemas/README.md',
  'tests/fixtures/flows/demo-request/README.md',
  ...readdirSync('docs').map((f) => `docs/${f}`),
].filter((f) => f.endsWith('.md'));

/**
 * A file of this repository named in the text, quoted or not (`tests/server/x.test.ts`, e2e/y.spec.ts) — not a
 * pattern or a placeholder, which hold `*`, `<` or `{`.
 */
const NAMED_FILE =
  /(?<![\w/.-])((?:src|tests|e2e|scripts|bench|docs|schemas|locales)\/[\w./-]+\.(?:ts|tsx|mjs|json|md))(?![\w*<{])/g;

describe('the README and docs/', () => {
  it.each(files)('%s points at nothing outside the repository', (file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/\.\.\/shared\b/);
  });

  it.each(files)('%s links only to files that exist', (file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target));
    for (const target of targets)
      expect([file, target, existsSync(path.join(path.dirname(file), target))]).toEqual([file, target, true]);
  });

  it.each(files)('%s names only files that exist', (file) => {
    const named = [...readFileSync(file, 'utf8').matchAll(NAMED_FILE)].map((m) => m[1]!);
    for (const target of named) expect([file, target, existsSync(target)]).toEqual([file, target, true]);
  });

  it('the README links every file of docs/', () => {
    const index = readFileSync('docs/README.md', 'utf8');
    for (const file of readdirSync('docs').filter((f) => f !== 'README.md'))
      expect(index).toContain(`(${file})`);
    expect(readFileSync('README.md', 'utf8')).toContain('(docs/README.md)');
  });
});
