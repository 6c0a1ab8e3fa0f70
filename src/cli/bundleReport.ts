/**
 * `npm run build:report` (after `vite build`): prints the JavaScript each key
 * route loads, as the browser receives it (the build's Brotli twins), against its budget, and fails if ajv's schema compiler
 * reached the client bundle (the browser must run precompiled validators only,
 * so a CSP without 'unsafe-eval' holds) or if the build is React's development
 * build (larger and slower: `npm start` must ship what production ships).
 *
 * A route's JavaScript is the entry chunk, the route's lazy chunk, and every
 * chunk they import statically; for the wizard also its flow's first step
 * module, compiled from the catalogue as the server serves it — what a new
 * merchant's first step needs. The other steps' modules load after that step
 * shows (src/engine/react/browserFlowSource.ts); the report prints their size, and
 * the manifest's, on lines of their own.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { compileVersion } from '../catalogue/compile';
import { checkedVersions } from '../catalogue/pipeline';
import { closure, type Manifest } from './viteManifest';

/** Texts only ajv's compiler contains (its error messages and code generator), never its standalone output. */
export const AJV_COMPILER_MARKERS = ['schema with key or id "', 'strict mode: ', 'CodeGen: '];

/** Texts only React's development build contains (its warnings), never the production one. */
export const REACT_DEVELOPMENT_MARKERS = [
  'Each child in a list should have a unique',
  'https://react.dev/link/invalid-hook-call',
];

export interface RouteBudget {
  name: string;
  /** Manifest keys of the route's own lazy modules. */
  modules: (manifest: Manifest) => string[];
  /** A catalogue flow whose first step module counts too, and whose other steps are reported after. */
  flow?: string;
  budgetKiB: number;
  /**
   * Modules already loaded before the route (the signed-in shell): their chunks are left out, so the figure is
   * the route's own JavaScript beyond them.
   */
  beyond?: (manifest: Manifest) => string[];
}

const withMarkers = (markers: string[]) => (files: Record<string, string>) =>
  Object.entries(files)
    .filter(([, text]) => markers.some((marker) => text.includes(marker)))
    .map(([file]) => file);

/** The chunks whose text shows ajv's compiler. */
export const findAjvCompiler = withMarkers(AJV_COMPILER_MARKERS);

/** The chunks whose text shows React's development build. */
export const findReactDevelopment = withMarkers(REACT_DEVELOPMENT_MARKERS);

// The budgets as bytes received since issue 54 (Brotli, as the server sends the build); until then gzip of our own,
// which the server did not send: 150, 290 and 82 KiB gzip were 126.0, 252.6 and 71.7 KiB as sent on 2026-11-29.
const ROUTES: RouteBudget[] = [
  {
    name: 'sign-in (/auth)',
    // 131 since 2026-12-03 (129.94 → 130.06 KiB): a screen's code the network did not carry draws the network's
    // page, which loads again once back online, not "oops"; the app starts in the cookie's language if storage went.
    budgetKiB: 131,
    modules: () => ['src/web/features/auth/routes/AuthPage.tsx'],
  },
  {
    name: 'wizard (/dev/wizard/onboarding)',
    // Issue 12's goal. Lazy screens sharing Mantine's pieces with the wizard cut the shared code into more,
    // smaller chunks (each gzipped alone), which grew this figure to 298.5 KiB with the wizard's own code unchanged;
    // grouping Mantine or the engine's core into one chunk put them on the sign-in page (+20 to +55 KiB there).
    // What brought it back: the widgets and dialogs a first step does not draw (uploads, IBAN and code boxes, date
    // pickers, multi-selects, checkboxes, long text, the question dialogs) load once the first step shows
    // (src/engine/widgets/deferred.tsx): 282.6 KiB, and the report prints what loads after.
    budgetKiB: 260,
    modules: () => ['src/web/features/dev/routes/WizardPlayground.tsx'],
    flow: 'onboarding',
  },
  {
    name: 'capital (/finance/capital/*), beyond the signed-in shell',
    // FlowForm starts a draft with api/draftStart.ts alone: the engine's draft code loads with the engine.
    // 62: the same fragmentation as the wizard's (support's and legal entities' screens share Mantine's
    // pieces), +0.2 and +0.9 KiB. 76 since small shared chunks are copied into the chunks using them
    // (vite.config.ts): 74.4 KiB in 4 requests instead of 62 KiB in 28. 82 since the signed-in shell no longer
    // draws Mantine's ScrollArea (the sidebar scrolls natively: bench:home): its chunk (6.1 KiB) moved out of the
    // shell every signed-in page loads and is now counted here (capital's dropdowns draw it), 75.4 → 81.4 KiB.
    // 76 (issue 59): Accept and sign on the approved summary and the legal entity's IBAN beside it, 74.5 → 75.1 KiB;
    // the signing page, its drawing pad, the loan's contract card, the phone change and their words load apart.
    budgetKiB: 76,
    modules: () => ['src/web/features/capital/routes/CapitalPages.tsx', 'locales/en/capital.json'],
    beyond: () => ['src/web/app/shell/AppLayout.tsx', 'src/web/app/shell/pages.tsx'],
  },
];

async function main() {
  const dist = path.resolve('dist/web');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    process.stderr.write(
      'error: no build manifest at dist/web/.vite/manifest.json; run `npm run build` first\n',
    );
    return 2;
  }
  // What a browser receives (issue 54): a build file's Brotli twin, as the server sends it (routes/spa.ts), and a
  // flow's step module compressed as the server compresses it on the way out (@fastify/compress: Brotli at 4).
  const sentKiB = (file: string) => {
    const twin = path.join(dist, `${file}.br`);
    if (!existsSync(twin))
      throw new Error(`${file} has no Brotli twin: the build writes one (precompressVitePlugin)`);
    return readFileSync(twin).length / 1024;
  };
  const sentTextKiB = (text: string) =>
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length / 1024;
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const versions = checkedVersions('schemas', 'locales');

  let failed = false;
  for (const route of ROUTES) {
    const modules = route.modules(manifest);
    const missing = modules.filter((key) => !manifest[key]);
    if (missing.length > 0) {
      process.stderr.write(`error: ${route.name}: not in the build: ${missing.join(', ')}\n`);
      failed = true;
      continue;
    }
    const before = route.beyond
      ? closure(manifest, [...entry, ...route.beyond(manifest)])
      : new Set<string>();
    const chunks = [...closure(manifest, [...entry, ...modules])]
      .filter((key) => !before.has(key))
      .map((key) => manifest[key]!.file)
      .filter((f) => f.endsWith('.js'));
    let total = chunks.reduce((sum, file) => sum + sentKiB(file), 0);
    let later = '';
    if (route.flow) {
      const version = versions[route.flow];
      if (!version) throw new Error(`no flow "${route.flow}" in the catalogue`);
      const compiled = await compileVersion(version);
      const [first, ...others] = version.content.flow.steps.map(
        (s) => compiled.files.get(compiled.manifest.steps[s.id]!)!.body,
      );
      total += sentTextKiB(first!);
      const othersKiB = others.reduce((sum, body) => sum + sentTextKiB(body), 0);
      const manifestKiB = sentTextKiB(compiled.files.get(compiled.manifestFile)!.body);
      // The engine's deferred widgets and dialogs (src/engine/widgets/deferred.tsx) load at the same moment.
      const loaded = closure(manifest, [...entry, ...modules]);
      const deferredKeys = [...loaded]
        .flatMap((key) => manifest[key]!.dynamicImports ?? [])
        .filter((key) => key.startsWith('src/engine/') || key.includes('/@rjsf/'));
      const deferredFiles = [...closure(manifest, deferredKeys)]
        .filter((key) => !loaded.has(key))
        .map((key) => manifest[key]!.file)
        .filter((f) => f.endsWith('.js'));
      const deferredKiB = deferredFiles.reduce((sum, file) => sum + sentKiB(file), 0);
      later = `  with its first step's module; the manifest (texts included) is ${manifestKiB.toFixed(1)} KiB of JSON; then, once the first step shows: ${othersKiB.toFixed(1)} KiB in ${others.length} step modules and ${deferredKiB.toFixed(1)} KiB of widgets and dialogs in ${deferredFiles.length} chunks\n`;
    }
    const verdict = total <= route.budgetKiB ? 'within budget' : 'OVER BUDGET';
    if (total > route.budgetKiB) failed = true;
    process.stdout.write(
      `${route.name}: ${total.toFixed(1)} KiB of JavaScript as sent (Brotli) in ${chunks.length + (route.flow ? 1 : 0)} chunks; budget ${route.budgetKiB} KiB: ${verdict}\n${later}`,
    );
  }

  const files = Object.fromEntries(
    Object.values(manifest)
      .filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => [chunk.file, readFileSync(path.join(dist, chunk.file), 'utf8')]),
  );
  const offenders = findAjvCompiler(files);
  if (offenders.length > 0) {
    process.stderr.write(`error: ajv's schema compiler is in the client bundle: ${offenders.join(', ')}\n`);
    failed = true;
  } else {
    process.stdout.write(`no ajv schema compiler in the ${Object.keys(files).length} client chunks\n`);
  }
  const development = findReactDevelopment(files);
  if (development.length > 0) {
    process.stderr.write(
      `error: React's development build is in the client bundle (${development.join(', ')}): build with NODE_ENV=production\n`,
    );
    failed = true;
  } else process.stdout.write("React's production build\n");
  return failed ? 1 : 0;
}

const HELP = `usage: npm run build:report   (after \`npm run build\`)

Prints the JavaScript each key route loads as the browser receives it (Brotli) against its budget — the sign-in page, and the wizard with its
first step's module — and fails (exit 1) if a route is over budget, if ajv's schema compiler reached the client
bundle, or if the build is React's development build.`;

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h'))
    process.stdout.write(`${HELP}\n`);
  else process.exitCode = await main();
}
