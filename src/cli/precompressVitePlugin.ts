/**
 * Every text file of the build also written Brotli- and gzip-compressed beside it (`x.js.br`, `x.js.gz`), at the
 * strongest settings, once per build: the server sends the one the browser accepts (@fastify/static's
 * `preCompressed`, routes/spa.ts) without compressing anything per request. Issue 54: sign-in's JavaScript arrived
 * as 463 KiB and its CSS as 243 KiB uncompressed. Node's zlib does both encodings; a plugin for that would be a
 * dependency for these few lines.
 */
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The files worth compressing: text. Images other than SVG and fonts are compressed already. */
export const TEXT_FILE = /\.(js|mjs|css|html|json|svg|txt|webmanifest|xml)$/;

/** Every file under a directory, its dot-directories (Vite's manifest) left out. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file under `dir`; the number of files compressed. The files
 * are compressed at once on libuv's thread pool: one after the other on the main thread, the build's ~150 files took
 * 12.5 s at Brotli's strongest setting (2026-11-29), on every `npm start` that builds and in every CI run.
 */
export async function precompress(dir: string): Promise<number> {
  const files = filesUnder(dir).filter((name) => TEXT_FILE.test(name));
  await Promise.all(
    files.map(async (file) => {
      const text = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(text, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
          },
        }),
        gzipped(text, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'mbo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file is written (the catalogue's and the QR's assets too).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompress(outDir);
      },
    },
  };
}
