import safeRegex from 'safe-regex2';
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
  let verdict = verdicts.get(pattern);
  if (verdict === undefined) {
    verdict = judge(pattern);
    verdicts.set(pattern, verdict);
  }
  return verdict === 'safe'
    ? null
    : verdict === 'vulnerable'
      ? `"${pattern}" can backtrack catastrophically: one long answer would stall the server; write it without nested or overlapping repetition`
      : `"${pattern}" could not be shown safe from catastrophic backtracking in time; write it more simply`;
}

/** Patterns judged in this process (the same few dozen at every start and every publish). */
const verdicts = new Map<string, 'safe' | 'vulnerable' | 'unknown'>();

/**
 * safe-regex2 first: it is instant and passes most patterns, but it counts any repetition inside another (even
 * `([0-9]{15})?`) as a risk. What it doubts goes to recheck, which decides by automata theory (or a seeded,
 * so repeatable, fuzzer for look-arounds) in tens of milliseconds: recheck alone would take a second or so
 * for our catalogue, at every start.
 */
function judge(pattern: string): 'safe' | 'vulnerable' | 'unknown' {
  if (safeRegex(pattern)) return 'safe';
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
