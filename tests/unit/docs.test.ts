/**
 * The README and every other document stand alone: each points only at files this repository has, and each link
 * to a heading (`file.md#heading`, `#heading`) finds that heading. Every Markdown file of the repository is read
 * (none is listed by hand, so a new one is checked too).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Folders that hold no documents of ours: dependencies, builds, data, scratch copies. */
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', '.tmp', 'test-results', 'playwright-report']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name) || name.startsWith('data-')) return [];
    const full = dir === '.' ? name : `${dir}/${name}`;
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}
const files = markdownFiles('.').sort();

/**
 * A file of this repository named in the text, quoted or not (`tests/server/x.test.ts`, e2e/y.spec.ts) — not a
 * pattern or a placeholder, which hold `*`, `<` or `{`.
 */
const NAMED_FILE =
  /(?<![\w/.-])((?:src|tests|e2e|scripts|bench|docs|schemas|locales)\/[\w./-]+\.(?:ts|tsx|mjs|json|md))(?![\w*<{])/g;

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The links of a document (not addresses elsewhere: `https:`, `mailto:`), outside code. */
function linksOf(markdown: string) {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '``');
  return [...prose.matchAll(/\]\(([^)\s]*)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
    .map((target) => {
      const [file = '', anchor] = target.split('#');
      return { target, file, anchor };
    });
}

describe('the README and docs/', () => {
  it('finds the documents it checks', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'schemas/README.md']));
    expect(files.filter((f) => f.startsWith('tests/fixtures/')).length).toBeGreaterThan(0);
  });

  it.each(files)('%s points at nothing outside the repository', (file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/\.\.\/shared\b/);
  });

  it.each(files)('%s links only to files and headings that exist', (file) => {
    for (const { target, file: linked, anchor } of linksOf(readFileSync(file, 'utf8'))) {
      const resolved = linked === '' ? file : path.join(path.dirname(file), linked);
      expect([file, target, existsSync(resolved)]).toEqual([file, target, true]);
      if (anchor !== undefined && resolved.endsWith('.md'))
        expect([file, target, anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)]).toEqual([
          file,
          target,
          true,
        ]);
    }
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

  it('reads a heading’s anchor as GitHub makes it', () => {
    const anchors = anchorsOf(
      '# Forms (catalogue flows)\n## Guards: `catalogue check` guards\n## Dates\n## Dates\n',
    );
    expect([...anchors]).toEqual([
      'forms-catalogue-flows',
      'guards-catalogue-check-guards',
      'dates',
      'dates-1',
    ]);
  });
});
