import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import { isObject } from '../../engine/core/json';
import { walkJson } from '../model';
import { finding, type Check, type Finding } from './check';

/**
 * The biggest file the catalogue takes, in characters of JSON. Our largest step schema is some 9 KB; a file a
 * hundred times that is a mistake (or an attack on the studio's publish), not a form.
 */
export const MAX_FILE_CHARS = 1_000_000;
/**
 * The deepest nesting of a file: our deepest is 11 (KYB's shareholder IDs), and every walk of a schema
 * recurses. A studio save wraps a file five levels deeper, which stays within the server's JSON depth cap (32).
 */
export const MAX_DEPTH = 24;

/** How deep a JSON value nests (a scalar: 0). */
export function depthOf(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const visit = (node: unknown, depth: number) => {
    if (depth > deepest) deepest = depth;
    if (depth > limit) return;
    if (Array.isArray(node)) node.forEach((item) => visit(item, depth + 1));
    else if (isObject(node)) Object.values(node).forEach((item) => visit(item, depth + 1));
  };
  visit(value, 0);
  return deepest;
}

/** A pattern a merchant's answer is matched against in the browser and on the server: is it safe? */
export function patternProblem(pattern: unknown): string | null {
  if (typeof pattern !== 'string') return null;
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return `"${pattern}" is not a valid regular expression: ${(error as Error).message}`;
  }
  const verdict = verdictOf(pattern);
  return verdict === 'safe'
    ? null
    : verdict === 'vulnerable'
      ? `"${pattern}" can backtrack catastrophically: one long answer would stall the server; write it without nested or overlapping repetition`
      : `"${pattern}" could not be shown safe from catastrophic backtracking in time; write it more simply`;
}

type Verdict = 'safe' | 'vulnerable' | 'unknown';

/**
 * Verdicts by pattern: in memory, and on disk under node_modules/.cache (by recheck's version), so a server
 * restart, the CLI and every test process do not judge the catalogue's few dozen patterns again (about 1.5 s).
 * The disk is only a cache: a file that cannot be read or written changes nothing but the time taken.
 */
const require = createRequire(import.meta.url);
const CACHE_FILE = fileURLToPath(
  new URL(
    `../../../node_modules/.cache/merchant-back-office/recheck-${(require('recheck/package.json') as { version: string }).version}.json`,
    import.meta.url,
  ),
);
let verdicts: Map<string, Verdict> | undefined;

function verdictOf(pattern: string): Verdict {
  verdicts ??= readVerdicts();
  let verdict = verdicts.get(pattern);
  if (verdict === undefined) {
    verdict = judge(pattern);
    remember(pattern, verdict);
  }
  return verdict;
}

/** Keeps a verdict in memory and on disk. */
function remember(pattern: string, verdict: Verdict) {
  verdicts ??= readVerdicts();
  verdicts.set(pattern, verdict);
  try {
    mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
    writeFileSync(CACHE_FILE, JSON.stringify(Object.fromEntries(verdicts)));
  } catch {
    // A read-only install: the verdicts stay in memory.
  }
}

function readVerdicts(): Map<string, Verdict> {
  try {
    const stored = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Record<string, unknown>;
    return new Map(
      Object.entries(stored).filter((entry): entry is [string, Verdict] =>
        ['safe', 'vulnerable', 'unknown'].includes(String(entry[1])),
      ),
    );
  } catch {
    return new Map();
  }
}

/**
 * recheck decides every pattern: by automata theory where it can, else by a seeded (so repeatable) fuzzer for
 * look-arounds, in tens of milliseconds. safe-regex2, which came first here, is no longer asked: it measures
 * star height only, so it passed overlapping alternation (`^(a|a)*b$`, `(\d|\d\d)+$`: exponential) as safe, and
 * it cannot refuse either — it calls safe patterns of our own catalogue (`^([0-9]{15})?$`) unsafe.
 */
function judge(pattern: string): Verdict {
  // Verdicts by counted steps, not by the clock: recheck's attack and incubation timeouts (1 s, 250 ms by
  // default) made a safe pattern "vulnerable" on a loaded machine. The overall limit only stops a runaway.
  const result = checkSync(pattern, 'u', {
    timeout: 60_000,
    randomSeed: 17,
    attackTimeout: null,
    incubationTimeout: null,
  });
  return result.status;
}

/** What the guard judges in a file: its `pattern` keywords and `patternProperties` keys (not `x-messages`). */
function eachPattern(
  content: unknown,
  visit: (pattern: string, pointer: string, where: 'pattern' | 'patternProperties') => void,
) {
  walkJson(content, (node, pointer) => {
    if (typeof node.pattern === 'string') visit(node.pattern, `${pointer}/pattern`, 'pattern');
    if (isObject(node.patternProperties))
      for (const key of Object.keys(node.patternProperties))
        visit(key, `${pointer}/patternProperties`, 'patternProperties');
  });
}

/** Every pattern of these catalogue files the guard would judge. */
export function patternsIn(files: Record<string, unknown>): string[] {
  const found = new Set<string>();
  for (const [file, content] of Object.entries(files))
    if (!file.startsWith('_meta/')) eachPattern(content, (pattern) => found.add(pattern));
  return [...found];
}

/** How long a studio save may spend judging its new patterns, all together, before the rest count as unknown. */
export const JUDGE_BUDGET_MS = 15_000;
/** Workers judging side by side. */
const JUDGE_WORKERS = 3;

/** The worker that judges patterns: recheck's checkSync, one pattern a message (CommonJS: an eval worker). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { checkSync } = require(workerData.recheck);
parentPort.on('message', (pattern) => {
  let status = 'unknown';
  try {
    status = checkSync(pattern, 'u', { timeout: 60000, randomSeed: 17, attackTimeout: null, incubationTimeout: null }).status;
  } catch {}
  parentPort.postMessage({ pattern, status });
});
`;

/**
 * Judges the patterns not judged yet on a worker thread, so the server's thread goes on serving merchants
 * meanwhile (a studio save; recheck can take a minute over one crafted pattern, e.g. `(a{1000}){1000}$`). What
 * is not judged within the budget counts as unknown — refused as "could not be shown safe in time" — for this
 * process only (a verdict decided by a clock is not written to the disk cache). The checks that follow find
 * every verdict ready and judge nothing on the server's thread.
 */
export async function judgeOffThread(patterns: string[], budgetMs = JUDGE_BUDGET_MS): Promise<void> {
  verdicts ??= readVerdicts();
  const pending = [...new Set(patterns)].filter((p) => !verdicts!.has(p) && isValidPattern(p));
  if (pending.length === 0) return;
  const deadline = Date.now() + budgetMs;
  // A few workers side by side, one pattern each at a time: one slow pattern does not hold the others back.
  const queue = [...pending];
  const workers = Array.from({ length: Math.min(JUDGE_WORKERS, queue.length) }, async () => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { recheck: require.resolve('recheck') },
    });
    try {
      for (let pattern = queue.shift(); pattern !== undefined; pattern = queue.shift()) {
        const status = await new Promise<Verdict | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
          worker.once('message', (answer: { status: Verdict }) => {
            clearTimeout(timer);
            resolve(answer.status);
          });
          worker.once('error', () => {
            clearTimeout(timer);
            resolve(null);
          });
          worker.postMessage(pattern);
        });
        if (status === null) return;
        remember(pattern, status);
      }
    } finally {
      await worker.terminate();
    }
  });
  await Promise.all(workers);
  for (const pattern of pending) if (!verdicts.has(pattern)) verdicts.set(pattern, 'unknown');
}

const isValidPattern = (pattern: string) => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
};

/**
 * What no form needs and an edit in the studio could bring: a pattern that backtracks catastrophically (ReDoS),
 * ajv's `$data` references (off: a rule must not read the answer it judges), and files too big or too deep.
 */
export const guards: Check = {
  name: 'guards',
  summary: 'no catastrophic pattern, no $data, files within size and depth limits',
  run(model) {
    const found: Finding[] = [];
    for (const [file, content] of Object.entries(model.source.files)) {
      const chars = JSON.stringify(content)?.length ?? 0;
      if (chars > MAX_FILE_CHARS) {
        found.push(finding(file, '', `the file is ${chars} characters of JSON; at most ${MAX_FILE_CHARS}`));
        continue;
      }
      if (depthOf(content, MAX_DEPTH) > MAX_DEPTH) {
        found.push(finding(file, '', `the file nests deeper than ${MAX_DEPTH} levels`));
        continue;
      }
      if (file.startsWith('_meta/')) continue;
      walkJson(content, (node, pointer) => {
        if ('$data' in node)
          found.push(finding(file, `${pointer}/$data`, '"$data" references are not allowed'));
      });
      eachPattern(content, (pattern, pointer) => {
        const problem = patternProblem(pattern);
        if (problem) found.push(finding(file, pointer, problem));
      });
    }
    return found;
  },
};
