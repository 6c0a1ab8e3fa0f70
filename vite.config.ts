import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cataloguePlugin } from './src/cli/catalogueVitePlugin';
import { precompressPlugin } from './src/cli/precompressVitePlugin';
import { bootFramePlugin } from './src/cli/bootFrameVitePlugin';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev` runs the API server behind Vite's proxy. */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

// A page request under /dev (the catalogue page) stays with Vite; JSON calls go to the API.
const pagesStayHere = (req: { headers: { accept?: string }; url?: string }) =>
  req.headers.accept?.includes('text/html') ? req.url : undefined;

export default defineConfig(({ command }) => {
  // A build always ships React's production build, whatever NODE_ENV the shell has: `npm start` under
  // NODE_ENV=development otherwise sent the development build (the sign-in route 218 KiB gzip instead of 158).
  // Vite reads NODE_ENV after this function runs (its docs: set it in the config to override).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

/** codemirror-json-schema's Markdown renderer, replaced by a plain-text one (see plainHover.ts). */
const plainHover = fileURLToPath(new URL('./src/web/features/studio/plainHover.ts', import.meta.url));
const studioHover = {
  name: 'studio-plain-hover',
  enforce: 'pre' as const,
  resolveId(source: string, importer?: string) {
    if (importer?.includes('codemirror-json-schema') && /utils\/markdown(\.js)?$/.test(source))
      return plainHover;
    return null;
  },
};

/** Modules replaced by our own (also for the sign-in page's build for Node, bootFrameVitePlugin.ts). */
const alias = [
  // rjsf imports markdown-to-jsx statically; the catalogue allows no Markdown (see plainMarkdown.tsx).
  {
    find: /^markdown-to-jsx\/react$/,
    replacement: fileURLToPath(new URL('./src/engine/react/plainMarkdown.tsx', import.meta.url)),
  },
  {
    // react-i18next imports the React 16/17 shim of useSyncExternalStore; React 19 has it (syncExternalStore.ts).
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: fileURLToPath(new URL('./src/web/app/syncExternalStore.ts', import.meta.url)),
  },
  {
    // @rjsf/utils resolves $refs with fast-uri; the browser's URL parser does that job (see uriResolver.ts).
    find: /^fast-uri$/,
    replacement: fileURLToPath(new URL('./src/engine/react/uriResolver.ts', import.meta.url)),
  },
];

const config = {
  plugins: [
    react(),
    cataloguePlugin({ schemasDir: 'schemas', localesDir: 'locales' }),
    studioHover,
    // The sign-in page drawn into its HTML per language (issue 54), with what its modules need to build for Node.
    bootFramePlugin({ entry: 'src/web/app/prerender.tsx', alias, plugins: () => [react()] }),
    // The service worker (issue 54; src/web/serviceWorker.ts registers it): Workbox's, generated at build.
    VitePWA({
      injectRegister: null,
      manifest: false,
      workbox: {
        // Precached: only the page's HTML, which starts the app when the network is gone. The code is not the
        // worker's: the HTTP cache keeps it (the server marks hashed files `immutable`, so a cached copy is used
        // with no request, online or off). A worker's cache for the code, tried in the fifth round, made the
        // repeat visit slower (without it: orders 4.3 → 2.9 s, payouts 1.4 → 1.1 s; docs/benchmarks.md, seventh
        // round): each file then came through the worker instead of straight from the browser's cache.
        // Precaching every chunk would also download all of the app (1.8 MB of Brotli) to every phone.
        globPatterns: ['index.html'],
        // A page asked for goes to the server as before (it draws the page in the visitor's language, and its
        // frame for a session: domain/bootFrame.ts); only when that fails does the cached HTML answer.
        navigateFallback: null,
        // The page's request starts while the worker itself starts, not after (navigation preload): the repeat
        // visit's LCP on payouts 1193 → 1120 ms, median of 3 interleaved (docs/benchmarks.md, ninth round).
        navigationPreload: true,
        inlineWorkboxRuntime: true,
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Written into the worker as source: self-contained. The API, the partners' calls and the server's own
            // pages (the help centre) never come from this cache.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(merchant\/api|partners|help-centre|health)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
      },
    }),
    precompressPlugin(),
  ],
  resolve: { alias },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Read by src/cli/bundleReport.ts to add up what each route loads.
    manifest: true,
    // The budgets are checked by scripts/bundle-report.mjs, not by Vite's generic warning.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Required by the inlining below; the entry is the app's start, whose exports nobody imports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // A shared module small enough (under 30,000 bytes of source) is copied into each chunk that uses it
          // rather than sent as a chunk of its own: left alone, the bundler cut the app into ~200 chunks and a
          // signed-in page loaded 95 of them (the sign-in page 35), most under 2 KB. Measured side by side
          // (2026-11-27): a list page in 24 requests instead of 95 and ~20-25 % less of the browser's CPU; the
          // sign-in page 150.0 → 146.2 KiB in 7 chunks, the wizard 284.1 → 285.2 KiB in 17 instead of 55, capital
          // beyond the shell 62 → 74.4 KiB in 4 instead of 28 (what it shares with other areas is copied into
          // its own chunks). On a phone's network a few more KiB cost less than 24 more round trips.
          experimentalInlineCommonChunks: { maxSize: 30_000 },
          // What every page runs (React, its DOM renderer, the router) in one chunk: left to itself, the bundler
          // cut it into pieces by which lazy pages shared what, and each piece costs its own gzip and imports.
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/merchant/api': apiTarget,
      '/partners': apiTarget,
      // Each flow's versions (manifests and step modules) come from the API server, as in production.
      '/catalogue': apiTarget,
      '/health': apiTarget,
      '/help-centre': apiTarget,
      '/dev': { target: apiTarget, bypass: pagesStayHere },
    },
  },
} satisfies UserConfig;
