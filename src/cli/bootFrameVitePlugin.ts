/**
 * The sign-in page and the signed-in pages' frames drawn into their HTML at build time (issue 54;
 * domain/bootFrame.ts): after the app's build, this plugin builds `src/web/app/prerender.tsx` for Node with Vite's
 * own SSR build, draws the form and each frame in each language and writes `auth.<lang>.html` and
 * `page.<slug>.<lang>.html` beside index.html — index.html with the drawing in an inert layer above the app and
 * `<html lang dir>` set, so the page paints its form (and the right direction) from the HTML alone, while the
 * code is still on its way. Measured with `npm run bench:vitals`; see docs/benchmarks.md.
 */
import { execFile } from 'node:child_process';
import { rm, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type AliasOptions, type Plugin, type PluginOption } from 'vite';
import {
  BOOT_FRAME_ID,
  bootFramePage,
  SIGNED_IN_FRAME_SLUGS,
  signedInFramePage,
  type SignedInFrame,
} from '../domain/bootFrame';
import { closure, type Manifest } from './viteManifest';
import { directionOf, LANGUAGES, type Language } from '../domain/language';

interface Options {
  /** The module that exports `renderSignIn(language)`, relative to the root. */
  entry: string;
  /** The app's aliases and the plugins its modules need (virtual modules, JSX). */
  alias: AliasOptions;
  plugins: () => PluginOption[];
}

/**
 * index.html as the sign-in page in a language: `<html>` says the language and direction (and Mantine's light
 * scheme, which its stylesheet's colours are keyed on), and the drawing sits first in `<body>`.
 */
export function framedPage(index: string, language: Language, markup: string, head = ''): string {
  if (!/<html[^>]*>/.test(index) || !index.includes('<body>'))
    throw new Error(
      'index.html needs an <html> tag and a plain <body> tag for the sign-in page to be drawn into',
    );
  // Fixed above the app (whose first draw is a spinner until the page knows who is there), inert and hidden from
  // assistive technology: a picture of the form, removed when the app draws the real one.
  const layer =
    `<div id="${BOOT_FRAME_ID}" aria-hidden="true" inert ` +
    `style="position:fixed;inset:0;z-index:400;overflow:hidden;background:var(--mantine-color-body)">${markup}</div>`;
  return index
    .replace(
      /<html[^>]*>/,
      `<html lang="${language}" dir="${directionOf(language)}" data-mantine-color-scheme="light">`,
    )
    .replace('<body>', `<body>\n    ${layer}`)
    .replace('</head>', () => `${head}</head>`);
}

/** The signed-in shell's modules, which every signed-in page loads beside its screens (app/shell/routes.tsx). */
export const SHELL_MODULES = ['src/web/app/shell/AppLayout.tsx', 'src/web/app/shell/pages.tsx'];

/**
 * A frame's code as links in its HTML (SignedInFrame's `code`): the chunks of the shell and the page's screens, and
 * their first texts (common, the shell's, the feature's and the title's), that the entry does not already bring —
 * asked for at low priority, so the frame's stylesheet goes first. Without them the browser learns of these chunks
 * only once the entry has arrived and run: on a phone's network, two seconds later.
 */
export function frameCodeLinks(manifest: Manifest, frame: SignedInFrame, language: Language): string {
  if (!frame.code) return '';
  const modules = [...SHELL_MODULES, frame.code];
  const missing = modules.filter((key) => !manifest[key]);
  if (missing.length > 0)
    throw new Error(
      `the frame of ${frame.path} names code not in the build: ${missing.join(', ')} (SIGNED_IN_FRAMES)`,
    );
  // The feature's own texts (a feature's namespace is its folder's name) and the title's.
  const feature = /\/features\/([^/]+)\//.exec(frame.code)?.[1];
  const namespaces = ['common', 'shell', feature, frame.title?.split(':')[0]].filter(
    (ns) => ns !== undefined,
  );
  const texts = namespaces.map((ns) => `locales/${language}/${ns}.json`).filter((key) => manifest[key]);
  const entry = closure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
  );
  return [...closure(manifest, [...modules, ...texts])]
    .filter((key) => !entry.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[key]!.file}">`)
    .join('');
}

export function bootFramePlugin(options: Options): Plugin {
  let root = '';
  let outDir = '';
  let ssr = false;
  return {
    name: 'mbo-boot-frame',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    // After the app's files are written, before their compressed twins are (precompressVitePlugin runs last).
    closeBundle: {
      sequential: true,
      async handler() {
        if (ssr) return;
        // Under node_modules so that Node finds the app's dependencies from the built file.
        const work = path.join(root, 'node_modules/.cache/mbo-boot-frame');
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: options.plugins(),
          resolve: { alias: options.alias },
          build: {
            ssr: options.entry,
            outDir: work,
            emptyOutDir: true,
            copyPublicDir: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        // Run by Node itself: the config (and so this plugin) runs under Vite's module runner, closed by now.
        // Each page's file and its drawing: the sign-in form, and every signed-in frame, in each language.
        const manifest = JSON.parse(
          await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
        ) as Manifest;
        const pages = LANGUAGES.flatMap((language) => [
          {
            file: bootFramePage(language),
            language,
            call: `m.renderSignIn(${JSON.stringify(language)})`,
            head: '',
          },
          ...SIGNED_IN_FRAME_SLUGS.map((frame) => ({
            file: signedInFramePage(frame, language),
            language,
            call: `m.renderSignedIn(${JSON.stringify(language)}, ${JSON.stringify(frame)})`,
            head: frameCodeLinks(manifest, frame, language),
          })),
        ]);
        const draw = `import(${JSON.stringify(pathToFileURL(path.join(work, 'prerender.mjs')).href)})
          .then((m) => Promise.all([${pages.map((page) => page.call).join(', ')}]))
          .then((drawn) => process.stdout.write(JSON.stringify(drawn)))`;
        const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', draw], {
          cwd: root,
          maxBuffer: 16 * 1024 * 1024,
        });
        const drawings = JSON.parse(stdout) as string[];
        const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
        for (const [i, page] of pages.entries())
          await writeFile(
            path.join(outDir, page.file),
            framedPage(index, page.language, drawings[i] ?? '', page.head),
          );
        await rm(work, { recursive: true, force: true });
      },
    },
  };
}
