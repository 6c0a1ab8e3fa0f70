import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    verdicts.set(pattern, verdict);
    try {
      mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
      writeFileSync(CACHE_FILE, JSON.stringify(Object.fromEntries(verdicts)));
    } catch {
      // A read-only install: the verdicts stay in memory.
    }
  }
  return verdict;
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
        const problem = patternProblem(node.pattern);
        if (problem && !isObject(node.pattern)) found.push(finding(file, `${pointer}/pattern`, problem));
        if (isObject(node.patternProperties))
          for (const key of Object.keys(node.patternProperties)) {
            const p = patternProblem(key);
            if (p) found.push(finding(file, `${pointer}/patternProperties`, p));
          }
      });
    }
    return found;
  },
};
