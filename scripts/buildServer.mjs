// The API server as built JavaScript (issue 37): `npm start` and `npm run cluster` run dist/server/main.js with
// Node alone, not TypeScript transpiled by tsx at every start (which loads a compiler and transpiles some 250
// modules before the first request). esbuild (0.5 s) bundles our code into a few chunks — code split, so the
// server's lazy imports stay lazy — and leaves node_modules as they are; the source map keeps stack traces in
// TypeScript (`node --enable-source-maps`). Built again only when a file it was built from is newer than the build
// (esbuild's own list of inputs, kept beside it) or the lockfile changed. `npm run serve` still runs the TypeScript.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const serverEntry = path.join(root, 'dist/server/main.js');
const inputsFile = path.join(root, 'dist/server/inputs.json');

function stale() {
  if (!existsSync(serverEntry) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(serverEntry).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  return ['package-lock.json', ...inputs].some((file) => {
    const stat = statSync(path.join(root, file), { throwIfNoEntry: false });
    return !stat || stat.mtimeMs > builtAt;
  });
}

/** Builds dist/server when it is missing or older than its sources; returns whether it built. */
export async function buildServerIfStale({ force = false } = {}) {
  if (!force && !stale()) return false;
  if (!force) console.log('Building the server…');
  const { build } = await import('esbuild');
  const outdir = path.join(root, 'dist/server');
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(
    inputsFile,
    `${JSON.stringify(Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules')))}\n`,
  );
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildServerIfStale({ force: true });
  console.log(`built dist/server in ${Math.round(performance.now() - started)} ms`);
}
