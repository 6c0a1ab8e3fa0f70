import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findAjvCompiler } from '../../src/cli/bundleReport';
import { closure } from '../../src/cli/viteManifest';

describe('bundle report', () => {
  it('recognises ajv’s compiler in a chunk', () => {
    const core = readFileSync('node_modules/ajv/dist/core.js', 'utf8');
    expect(findAjvCompiler({ 'assets/bad.js': core, 'assets/ok.js': 'export const a = 1;' })).toEqual([
      'assets/bad.js',
    ]);
  });

  it('does not mistake precompiled validators for the compiler', () => {
    const standalone =
      'function validate10(data){let vErrors = null;if(!(formats0(data))){}validate10.errors = vErrors;}';
    expect(findAjvCompiler({ 'assets/step.js': standalone })).toEqual([]);
  });

  it('adds up the chunks a route loads statically', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'Page.tsx': { file: 'assets/page.js', imports: ['_mantine.js'], dynamicImports: ['Other.tsx'] },
      '_mantine.js': { file: 'assets/mantine.js', imports: ['_react.js'] },
      'Other.tsx': { file: 'assets/other.js' },
    };
    expect([...closure(manifest, ['index.html', 'Page.tsx'])].sort()).toEqual([
      'Page.tsx',
      '_mantine.js',
      '_react.js',
      'index.html',
    ]);
  });
});
