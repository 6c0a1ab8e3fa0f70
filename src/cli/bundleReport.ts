/**
 * `npm run build:report` (after `vite build`): prints the JavaScript each key
 * route loads, gzip, against its budget, and fails if ajv's schema compiler
 * reached the client bundle (the browser must run precompiled validators only,
 * so a CSP without 'unsafe-eval' holds).
 *
 * A route's JavaScript is the entry chunk, the route's lazy chunk, and every
 * chunk they import statically; for the wizard also the flow's definition and
 * its first step's module — what a new merchant's first step needs. The other
 * steps' modules load after that step shows (src/engine/react/loadFlow.ts);
 * the report prints their size on a line of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Texts only ajv's compiler contains (its error messages and code generator), never its standalone output. */
export const AJV_COMPILER_MARKERS = ['schema with key or id "', 'strict mode: ', 'CodeGen: '];

export interface RouteBudget {
  name: string;
  /** Manifest keys of the route's own lazy modules. */
  modules: (manifest: Manifest) => string[];
  /** Manifest keys of modules the route loads after its first paint (reported, not counted). */
  later?: (manifest: Manifest) => string[];
  budgetKiB: number;
}

const FLOW_KEY = 'virtual:catalogue/onboarding';
/** The flow's first step, as its flow.json orders them. */
function firstStepOf(flowFile: string): string {
  const flow = JSON.parse(readFileSync(flowFile, 'utf8')) as { steps: { id: string }[] };
  const first = flow.steps[0]?.id;
  if (!first) throw new Error(`${flowFile} has no steps`);
  return first;
}

/** Every chunk a set of manifest keys loads statically. */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The chunks whose text shows ajv's compiler. */
export function findAjvCompiler(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([, text]) => AJV_COMPILER_MARKERS.some((marker) => text.includes(marker)))
    .map(([file]) => file);
}

const ROUTES: RouteBudget[] = [
  { name: 'sign-in (/auth)', budgetKiB: 160, modules: () => ['src/web/features/auth/routes/AuthPage.tsx'] },
  {
    name: 'wizard (/dev/wizard/onboarding)',
    budgetKiB: 300,
    modules: () => [
      'src/web/features/dev/routes/WizardPlayground.tsx',
      FLOW_KEY,
      `${FLOW_KEY}/${firstStepOf('schemas/onboarding/flow.json')}`,
    ],
    // The other steps; their example answers are the catalogue page's, never loaded by a wizard.
    later: (manifest) =>
      Object.keys(manifest).filter((key) => key.startsWith(`${FLOW_KEY}/`) && !key.endsWith('/examples')),
  },
];

function main() {
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
  const gzipKiB = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);

  let failed = false;
  for (const route of ROUTES) {
    const modules = route.modules(manifest);
    const missing = modules.filter((key) => !manifest[key]);
    if (missing.length > 0) {
      process.stderr.write(`error: ${route.name}: not in the build: ${missing.join(', ')}\n`);
      failed = true;
      continue;
    }
    const chunks = [...closure(manifest, [...entry, ...modules])]
      .map((key) => manifest[key]!.file)
      .filter((f) => f.endsWith('.js'));
    const total = chunks.reduce((sum, file) => sum + gzipKiB(file), 0);
    const verdict = total <= route.budgetKiB ? 'within budget' : 'OVER BUDGET';
    process.stdout.write(
      `${route.name}: ${total.toFixed(1)} KiB of JavaScript (gzip) in ${chunks.length} chunks; budget ${route.budgetKiB} KiB: ${verdict}\n`,
    );
    if (route.later) {
      const first = new Set(chunks);
      const after = [...closure(manifest, route.later(manifest))]
        .map((key) => manifest[key]!.file)
        .filter((f) => f.endsWith('.js') && !first.has(f));
      const afterTotal = after.reduce((sum, file) => sum + gzipKiB(file), 0);
      process.stdout.write(
        `  then, once the first step shows: ${afterTotal.toFixed(1)} KiB in ${after.length} chunks (the flow's other steps)\n`,
      );
    }
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
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) process.exitCode = main();
