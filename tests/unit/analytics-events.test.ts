/**
 * The analytics event catalogue (issue 60, point 1; src/domain/analyticsEvents.ts): every entry is sent somewhere
 * in the app, with only the properties it declares, and docs/analytics-events.md lists it. (That only catalogue
 * names are sent is the type checker's: `analytics.track` takes an EventName.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE, NAMED_BUT_NOT_FIRED } from '../../src/domain/analyticsEvents';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}
const sources = files('src/web').map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const sending = sources.filter(({ text }) => /\btrack\(/.test(text));
const names = Object.keys(EVENT_CATALOGUE) as (keyof typeof EVENT_CATALOGUE)[];

/** The property keys of each `track('Name', { … })` call written with a literal name and object. */
function literalCalls() {
  const calls: { file: string; name: string; keys: string[] }[] = [];
  for (const { file, text } of sending)
    for (const match of text.matchAll(/track\(\s*'([^']+)',\s*\{([^}]*)\}/g)) {
      const keys = [...match[2]!.matchAll(/(?:^|,|\{)\s*([A-Za-z_]+)\s*(?=[:,}]|$)/g)].map((k) => k[1]!);
      calls.push({ file, name: match[1]!, keys: keys.filter((k) => k !== 'properties') });
    }
  return calls;
}

describe('the analytics event catalogue', () => {
  it.each(names)('"%s" is sent somewhere in the app', (name) => {
    expect(sending.some(({ text }) => text.includes(`'${name}'`))).toBe(true);
  });

  it('names no event that nothing sends, but says which the spec names that nothing fires yet', () => {
    expect(NAMED_BUT_NOT_FIRED).toEqual(['Scheduled Call']);
    for (const name of NAMED_BUT_NOT_FIRED) expect(names).not.toContain(name);
  });

  it('every call with a literal name sends only the properties its entry declares', () => {
    const calls = literalCalls();
    expect(calls.length).toBeGreaterThan(20);
    for (const call of calls) {
      const declared: readonly string[] =
        EVENT_CATALOGUE[call.name as keyof typeof EVENT_CATALOGUE].properties;
      for (const key of call.keys) expect(declared, `${call.file}: ${call.name}.${key}`).toContain(key);
    }
  });

  it('is listed, entry by entry, in docs/analytics-events.md', () => {
    const doc = readFileSync('docs/analytics-events.md', 'utf8');
    for (const name of names) expect(doc, name).toContain(`\`${name}\``);
  });
});
