/**
 * Every text file of the build also written Brotli- and gzip-compressed beside it (`x.js.br`, `x.js.gz`), at the
 * strongest settings, once per build: the server sends the one the browser accepts (@fastify/static's
 * `preCompressed`, routes/spa.ts) without compressing anything per request. Issue 54: sign-in's JavaScript arrived
 * as 463 KiB and its CSS as 243 KiB uncompressed. Node's zlib does both encodings; a plugin for that would be a
 * dependency for these few lines.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** Writes `<file>.br` and `<file>.gz` beside each text file under `dir`; the number of files compressed. */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir).filter((name) => TEXT_FILE.test(name))) {
    const text = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
    count += 1;
  }
  return count;
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
      handler() {
        precompress(outDir);
      },
    },
  };
}
