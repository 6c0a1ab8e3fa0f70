// `npm test`: every layer of tests in turn — type check, lint, unit and component, server, catalogue check, the
// web build, end-to-end (the QA matrix included) — each runner printing its own output and summary as usual,
// stopping at the first layer that fails, and then, whatever happened, a time report: each layer's time beside its
// budget, and the 15 slowest tests of each runner. The report is how every change sees its cost (issue 31);
// nothing here fails because a layer was slow — times on shared machines are too noisy for that.
//
//   node scripts/test.mjs                  every layer (what `npm test` runs)
//   node scripts/test.mjs --append server:pg
//                                          one more layer after a run (CI's server tests on PostgreSQL), then the
//                                          report of the whole run
//
// Times and the runners' JSON results are kept under .tmp/times/ (the layers of the last run in layers.json).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const times = path.join(root, '.tmp/times');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const json = (name) => path.join(times, `${name}.json`);

/** A Vitest run of some projects: its usual output, and its JSON results in `results` for the report. */
const vitest = (projects, results) => [
  bin('vitest'),
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}`,
];

/**
 * Each layer: its commands, the runner whose JSON results name its slowest tests, and its budget in seconds on
 * the development machine (2 shared cores; docs/engineering.md "Test time").
 */
const LAYERS = [
  { id: 'typecheck', budget: 60, run: [[bin('tsc'), '-p', 'tsconfig.json', '--noEmit']] },
  {
    id: 'lint',
    // tsc and ESLint each use one core: on 2 cores they run side by side (109 → 65 s on a clean clone).
    alongside: 'typecheck',
    budget: 60,
    run: [[bin('eslint'), '.']],
  },
  {
    id: 'format',
    title: 'format check',
    // Prettier beside them too rather than after ESLint, which made lint the longest of the three (ESLint 44 and
    // Prettier 31 CPU-seconds one after the other, against tsc's 42).
    alongside: 'typecheck',
    budget: 45,
    run: [[bin('prettier'), '--check', '.', '--log-level', 'warn']],
  },
  {
    id: 'unit',
    title: 'unit and component',
    budget: 95,
    runner: 'vitest',
    results: json('unit'),
    run: [vitest(['unit', 'component'], json('unit'))],
  },
  {
    id: 'server',
    budget: 210,
    runner: 'vitest',
    results: json('server'),
    run: [vitest(['server'], json('server'))],
  },
  {
    id: 'catalogue',
    title: 'catalogue check',
    budget: 5,
    run: [[bin('tsx'), 'src/cli/catalogue.ts', 'check']],
  },
  {
    id: 'build',
    title: 'web build and budgets',
    budget: 15,
    run: [
      [bin('vite'), 'build', '--configLoader', 'runner'],
      [bin('tsx'), 'src/cli/bundleReport.ts'],
    ],
  },
  {
    id: 'e2e',
    title: 'end to end (matrix included)',
    budget: 510,
    runner: 'playwright',
    // Where playwright.config.ts has its JSON reporter write.
    results: json('e2e'),
    run: [[bin('playwright'), 'test']],
  },
  // Only when named (--append): CI's second run of the server tests, on PostgreSQL (DATABASE_URL).
  {
    id: 'server:pg',
    title: 'server on PostgreSQL',
    budget: 170,
    runner: 'vitest',
    optional: true,
    results: json('server-pg'),
    run: [vitest(['server'], json('server-pg'))],
  },
];

/**
 * Runs one command; resolves with its exit code. Its output goes to this terminal as it comes, or, when `sink`
 * is given, into it (a layer running beside another prints its output whole when it ends, so the two never mix).
 */
function run(command, env, sink) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      stdio: sink ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // As `npm run` would: the project's own tools first on the PATH (Playwright's web servers run `tsx`).
      env: {
        ...process.env,
        PATH: [path.join(root, 'node_modules/.bin'), process.env.PATH].filter(Boolean).join(path.delimiter),
        ...env,
      },
    });
    if (sink) {
      child.stdout.on('data', (chunk) => sink.push(chunk));
      child.stderr.on('data', (chunk) => sink.push(chunk));
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      if (sink) sink.push(Buffer.from(`${error.message}\n`));
      else process.stderr.write(`${error.message}\n`);
      resolve(1);
    });
  });
}

const heading = (layer) =>
  `\n── ${layer.title ?? layer.id} ${'─'.repeat(Math.max(0, 60 - (layer.title ?? layer.id).length))}\n`;

async function runLayer(layer, buffered) {
  const started = Date.now();
  const sink = buffered ? [] : null;
  if (!buffered) process.stdout.write(heading(layer));
  let code = 0;
  for (const command of layer.run) {
    code = await run(command, layer.env, sink);
    if (code !== 0) break;
  }
  const seconds = (Date.now() - started) / 1000;
  if (buffered) process.stdout.write(Buffer.concat([Buffer.from(heading(layer)), ...sink]));
  return { id: layer.id, seconds, ok: code === 0, code, from: started, to: Date.now() };
}

const seconds = (s) => {
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
};

/** The tests of a vitest JSON result: file › name, and its time. */
function vitestTests(file) {
  const result = JSON.parse(readFileSync(file, 'utf8'));
  return (result.testResults ?? []).flatMap((suite) =>
    (suite.assertionResults ?? []).map((t) => ({
      name: `${path.relative(root, suite.name)} › ${t.fullName ?? t.title}`,
      ms: t.duration ?? 0,
    })),
  );
}

/** The test runs of a Playwright JSON result (each try of each project): file › title [project], and its time. */
function playwrightTests(file) {
  const result = JSON.parse(readFileSync(file, 'utf8'));
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const attempt of test.results ?? [])
          found.push({
            name: `${spec.file ?? suite.file} › ${[...titles, spec.title].join(' › ')} [${test.projectName}]${attempt.retry ? ` (retry ${attempt.retry})` : ''}`,
            file: spec.file ?? suite.file,
            ms: attempt.duration ?? 0,
            status: attempt.status,
          });
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of result.suites ?? []) walk(suite, []);
  return found;
}

function report(layers) {
  const out = [];
  const line = (s = '') => out.push(s);
  line();
  line('═'.repeat(78));
  line(`Test time report (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`);
  line();
  line(`${'layer'.padEnd(32)}${'time'.padStart(10)}${'budget'.padStart(10)}   result`);
  // The run's own time: layers side by side count once (the union of their spans).
  let total = 0;
  let reach = 0;
  for (const { from, to } of [...layers].sort((a, b) => a.from - b.from)) {
    total += Math.max(0, to - Math.max(from, reach)) / 1000;
    reach = Math.max(reach, to);
  }
  for (const done of layers) {
    const layer = LAYERS.find((l) => l.id === done.id);
    const over = done.seconds > layer.budget ? '  over budget' : '';
    const beside =
      layer.alongside && layers.some((d) => d.id === layer.alongside) ? ` (beside ${layer.alongside})` : '';
    line(
      `${(layer.title ?? layer.id).padEnd(32)}${seconds(done.seconds).padStart(10)}${seconds(layer.budget).padStart(10)}   ${done.ok ? 'passed' : `FAILED (exit ${done.code})`}${over}${beside}`,
    );
    if (done.id === 'e2e' && existsSync(layer.results)) {
      const tests = playwrightTests(layer.results);
      const matrix =
        tests.filter((t) => /matrix/.test(t.file ?? '')).reduce((sum, t) => sum + t.ms, 0) / 1000;
      const all = tests.reduce((sum, t) => sum + t.ms, 0) / 1000;
      line(
        `${'  of its test time, the matrix'.padEnd(32)}${seconds(matrix).padStart(10)}${''.padStart(10)}   of ${seconds(all)} over all workers`,
      );
      const flaky = tests.filter((t) => t.name.includes('(retry'));
      if (flaky.length > 0) line(`  tests that needed a retry (bugs to chase): ${flaky.length}`);
    }
  }
  // A layer beside another takes no time of its own from the run's budget (each has its own budget above).
  const budget = layers.reduce((sum, done) => {
    const layer = LAYERS.find((l) => l.id === done.id);
    return layer.alongside && layers.some((d) => d.id === layer.alongside) ? sum : sum + layer.budget;
  }, 0);
  line(`${'total'.padEnd(32)}${seconds(total).padStart(10)}${seconds(budget).padStart(10)}`);
  const slowest = (title, tests) => {
    if (tests.length === 0) return;
    line();
    line(`The 15 slowest — ${title}:`);
    for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, 15))
      line(
        `  ${seconds(t.ms / 1000).padStart(8)}  ${t.name.length > 110 ? `${t.name.slice(0, 107)}…` : t.name}`,
      );
  };
  for (const done of layers) {
    const layer = LAYERS.find((l) => l.id === done.id);
    if (!layer.runner) continue;
    const file = layer.results;
    if (!file || !existsSync(file)) continue;
    try {
      slowest(
        `${layer.title ?? layer.id} (${layer.runner})`,
        layer.runner === 'vitest' ? vitestTests(file) : playwrightTests(file),
      );
    } catch (error) {
      line(`  (the results of ${layer.id} could not be read: ${error.message})`);
    }
  }
  line('═'.repeat(78));
  process.stdout.write(`${out.join('\n')}\n`);
}

const args = process.argv.slice(2);
const append = args[0] === '--append';
const named = append ? args.slice(1) : args;
const unknown = named.filter((id) => !LAYERS.some((l) => l.id === id));
if (unknown.length > 0) {
  process.stderr.write(
    `error: unknown layer ${unknown.join(', ')}; layers: ${LAYERS.map((l) => l.id).join(', ')}\n`,
  );
  process.exit(2);
}
const chosen =
  named.length > 0 ? LAYERS.filter((l) => named.includes(l.id)) : LAYERS.filter((l) => !l.optional);

mkdirSync(times, { recursive: true });
const record = path.join(times, 'layers.json');
let done = [];
if (append && existsSync(record)) done = JSON.parse(readFileSync(record, 'utf8'));
else for (const layer of LAYERS) if (layer.results) rmSync(layer.results, { force: true });

/** The chosen layers in turn; a layer marked `alongside` runs at the same time as the one before it, which it names. */
const batches = [];
for (const layer of chosen) {
  if (layer.alongside && batches.length > 0 && batches.at(-1)[0].id === layer.alongside)
    batches.at(-1).push(layer);
  else batches.push([layer]);
}

let failed = null;
for (const batch of batches) {
  const results = await Promise.all(batch.map((layer) => runLayer(layer, batch.length > 1)));
  for (const result of results) {
    done = [...done.filter((d) => d.id !== result.id), result];
    if (!result.ok && !failed) failed = result;
  }
  writeFileSync(record, JSON.stringify(done, null, 2));
  if (failed) break;
}
report(done);
process.exit(failed ? failed.code || 1 : 0);
