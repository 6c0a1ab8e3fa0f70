/**
 * The regular-expression engine the server's catalogue validators run patterns with (ajv's `code.regExp`;
 * src/catalogue/runtime.ts). The catalogue's guard refuses patterns that backtrack catastrophically
 * (checks/guards.ts), but a guard can miss one, and one such pattern with a 30-character answer held the whole
 * server for 50 s. So no pattern a merchant's answer is matched against may run unbounded on the event loop:
 *
 * - **Linear time** where it can: the pattern runs on RE2JS (re2js on npm, a pure-JavaScript port of RE2, no
 *   native build), whose time grows with the answer's length and nothing else — no pattern, however written,
 *   can backtrack there. JavaScript and RE2 read a few classes differently; those are rewritten first into what
 *   JavaScript means (`\s` and `\S` are JavaScript's 25 white-space characters, `.` excludes its four line
 *   terminators), so the server and the merchant's browser (which runs the same pattern natively) agree —
 *   tests/unit/bounded-regexp.test.ts checks that on generated answers for every pattern of the catalogue.
 * - **Under a time budget** where it cannot: RE2 has no look-arounds or back-references (the catalogue's website
 *   pattern uses a negative look-ahead). Those patterns run natively inside `node:vm` with a timeout of
 *   BUDGET_MS per answer; an answer that has not been decided by then is treated as not matching (the
 *   merchant sees the field's format message) and the pattern is logged, once, for ops to rewrite.
 */
import vm from 'node:vm';
import { RE2JS } from 're2js';

/** How long a pattern RE2 cannot run may take on one answer before the answer is refused. */
export const BUDGET_MS = 100;

/** JavaScript's white space and line terminators: what `\s` means there (RE2's `\s` is ASCII only). */
const JS_SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** What `.` matches in JavaScript without the `s` flag: anything but a line terminator. */
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * The pattern in RE2's syntax with JavaScript's meanings, or null when RE2 cannot say the same thing (a
 * look-around, a back-reference, `\S` inside a class, or anything RE2's parser refuses).
 */
export function toLinear(source: string): RE2JS | null {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i]!;
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined) return null;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S') {
        if (inClass) return null;
        out += `[^${JS_SPACE}]`;
      } else if (/[1-9k]/.test(next))
        return null; // a back-reference
      else {
        out += ch + next;
        i += 1;
        continue;
      }
      i += 1;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
      // A `]` first in a class is a literal in RE2 but ends an empty class in JavaScript: not the same pattern.
      if (source[i + 1] === ']' || (source[i + 1] === '^' && source[i + 2] === ']')) return null;
    } else if (ch === '(' && source[i + 1] === '?' && /[=!<]/.test(source[i + 2] ?? '')) {
      // `(?=`, `(?!`, `(?<=`, `(?<!` look around; `(?<name>` is a named group, which RE2 reads as `(?P<name>`.
      if (source[i + 2] === '<' && /[A-Za-z_$]/.test(source[i + 3] ?? '')) {
        out += '(?P<';
        i += 2;
      } else return null;
    } else if (ch === '.') out += JS_DOT;
    else out += ch;
  }
  try {
    return RE2JS.compile(RE2JS.translateRegExp(out));
  } catch {
    return null;
  }
}

const budgetContext = vm.createContext(Object.create(null) as object);
const budgetScript = new vm.Script('pattern.test(answer)');
/** Patterns already logged as having run out of time (each once per process). */
const overBudget = new Set<string>();

/** `pattern.test(answer)` natively, given BUDGET_MS; false (and a log line, once) when it has not finished. */
function testWithinBudget(
  pattern: RegExp,
  answer: string,
  log: (message: string) => void,
  budgetMs: number,
): boolean {
  Object.assign(budgetContext, { pattern, answer });
  try {
    return budgetScript.runInContext(budgetContext, { timeout: budgetMs }) === true;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    if (!overBudget.has(pattern.source)) {
      overBudget.add(pattern.source);
      log(
        `the pattern ${JSON.stringify(pattern.source)} took over ${budgetMs} ms on an answer of ${answer.length} characters; such answers are refused — rewrite the pattern without look-arounds or back-references so it runs in linear time`,
      );
    }
    return false;
  } finally {
    Object.assign(budgetContext, { pattern: undefined, answer: undefined });
  }
}

export interface BoundedRegExp {
  test(answer: string): boolean;
  /** Which engine runs it: RE2JS in linear time, or native under the time budget. */
  readonly engine: 'linear' | 'budget';
  toString(): string;
}

/**
 * An ajv `code.regExp` engine: `(source, flags) => { test }`.
 * @param options - where a pattern that ran out of time is reported, and the budget (tests shorten it)
 */
export function boundedRegExpEngine(options: { log?: (message: string) => void; budgetMs?: number } = {}) {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const budgetMs = options.budgetMs ?? BUDGET_MS;
  const engine = (source: string, flags: string): BoundedRegExp => {
    // Invalid patterns throw here, as ajv expects (the catalogue's checks refuse them before).
    const native = new RegExp(source, flags);
    const linear = flags.replace('u', '') === '' ? toLinear(source) : null;
    return {
      engine: linear ? 'linear' : 'budget',
      test: linear
        ? (answer) => linear.test(answer)
        : (answer) => testWithinBudget(native, answer, log, budgetMs),
      // ajv keys the patterns it has compiled by this: it must name the pattern.
      toString: () => native.toString(),
    };
  };
  // ajv writes this into generated code only for standalone output, which the server's validators are not.
  return Object.assign(engine, { code: 'boundedRegExp' });
}
