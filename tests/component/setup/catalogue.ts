/**
 * Compiles the demo-request flow (a flow added as files only) once, in Node, for the component tests that run
 * the wizard on it: esbuild does not run inside jsdom. The tests read the files from the folder provided.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { checkedVersions } from '../../../src/catalogue/pipeline';
import { compileVersion } from '../../../src/catalogue/compile';
import { catalogueCopy, DEMO_REQUEST } from '../../support/catalogueCopy';

export default async function setup(project: TestProject) {
  const { schemasDir, localesDir } = catalogueCopy([DEMO_REQUEST]);
  const compiled = await compileVersion(checkedVersions(schemasDir, localesDir)['demo-request']!);
  // Inside the project: the test runner imports modules from the project's own folders only.
  mkdirSync('.tmp', { recursive: true });
  const folder = mkdtempSync(path.resolve('.tmp/component-catalogue-'));
  for (const [file, { body }] of compiled.files) {
    // .mjs: Node imports them as ES modules wherever the folder is.
    const full = path.join(folder, file.replace(/\.js$/, '.mjs'));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, body);
  }
  project.provide('compiledFlow', {
    folder,
    version: compiled.version.id,
    manifestFile: compiled.manifestFile,
    manifest: JSON.stringify(compiled.manifest),
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    compiledFlow: { folder: string; version: string; manifestFile: string; manifest: string };
  }
}
