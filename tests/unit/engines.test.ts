/**
 * `npm install` on the Node the README names warns about nothing: every installed package's `engines.node`
 * allows every Node our own `engines` allows (two packages once needed Node 22 while we said 20.19; they are
 * pinned back in package.json's `overrides`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const ours = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('engines', () => {
  it('the README names the Node our engines field starts at', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(
      `Node.js ${semver.minVersion(ours)!.version.replace(/\.0$/, '')}`,
    );
  });

  it('every installed package runs on every Node we say we run on', () => {
    const narrower = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.subset(ours, (entry.engines as { node: string }).node, { loose: true }))
      .map(
        ([name, entry]) =>
          `${name.replace(/^.*node_modules\//, '')} needs node ${(entry.engines as { node: string }).node}`,
      );
    expect(narrower).toEqual([]);
  });
});
