/**
 * What a merchant reads under a field or in a notice is a sentence: it starts with a capital letter (issue 32 — the
 * website field said "please enter a valid website link…"). Checked for every message namespace in English (Arabic
 * has no capitals); labels, placeholders and the studio's short reasons ("too long now") are not messages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/en/${file}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

/** Every string under a node, with its key path. */
function strings(node: unknown, at: string): [string, string][] {
  if (typeof node === 'string') return [[at, node]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => strings(value, at ? `${at}.${key}` : key));
  return [];
}

const MESSAGES: [file: string, path: string[]][] = [
  ['validation', []],
  ['onboarding', ['errors']],
  ['widgets', ['upload']],
  ['chat', ['error']],
  ['review', ['errors']],
  ['reasons', []],
];

describe('English messages', () => {
  it.each(MESSAGES)('%s %j: each starts with a capital letter', (file, path) => {
    const node = path.reduce<unknown>((n, key) => (n as Record<string, unknown>)[key], read(file));
    const lower = strings(node, path.join('.')).filter(([, text]) => /^\p{Ll}/u.test(text));
    expect(lower).toEqual([]);
  });
});
