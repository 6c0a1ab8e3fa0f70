/**
 * The design's promise for capital's forms (issue 16): a form is files under `schemas/`, run by the one engine —
 * no form-specific React outside `src/engine` beyond the screen that hosts it. This counts that React:
 * - a capital flow's id appears in the web app only as the `flowId` of a `<FlowForm>` (or in the generic forms
 *   route's table of flows that have their own screen): no code branches on a flow;
 * - each host is a thin screen — a header, the FlowForm, where to go after submit — of at most HOST_LINES lines,
 *   with no field of its own (no input components);
 * - every catalogue flow named `capital-*` has a host, so a capital form is never a hand-written screen beside
 *   its catalogue files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The longest a host screen may be: the reset fix's (header, redirect when not on hold, FlowForm, toast). */
const HOST_LINES = 60;
/** Mantine's and rjsf's field components: a host that renders one is asking a question the flow should ask. */
const INPUTS =
  /<(TextInput|NumberInput|Textarea|Checkbox|Radio|Select|MultiSelect|PinInput|FileInput|Switch|Slider|DateInput|PasswordInput|Form)\b/;

const capitalFlows = readdirSync('schemas', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('capital-'))
  .map((entry) => entry.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
const web = sourceFiles('src/web').map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** Code without comments (a doc comment may name the flow it describes). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The top-level function around `index`: from its `function` line to the `}` that closes it at column 0. */
function enclosingFunction(text: string, index: number) {
  const start = text.lastIndexOf('\nexport function ', index);
  const plain = text.lastIndexOf('\nfunction ', index);
  const from = Math.max(start, plain) + 1;
  const to = text.indexOf('\n}\n', index);
  return text.slice(from, to + 2);
}

describe('React written for capital forms', () => {
  it('finds the capital flows of the catalogue', () => {
    expect(capitalFlows).toEqual(
      expect.arrayContaining(['capital-reset', 'capital-simple', 'capital-waitlist']),
    );
  });

  for (const flow of capitalFlows) {
    describe(flow, () => {
      const mentions = web.flatMap(({ file, text }) => {
        const body = code(text);
        return [...body.matchAll(new RegExp(`['"\`]${flow}['"\`]`, 'g'))].map((m) => ({
          file,
          body,
          index: m.index,
          line: body.slice(body.lastIndexOf('\n', m.index) + 1, body.indexOf('\n', m.index)).trim(),
        }));
      });

      it('is named only as a FlowForm flowId, or as a flow with its own screen', () => {
        expect(mentions.length).toBeGreaterThan(0);
        for (const mention of mentions)
          expect(mention.line, `${mention.file}: ${mention.line}`).toMatch(
            new RegExp(`^(flowId="${flow}"|'${flow}': '/finance/capital/[a-z/-]+',)$`),
          );
      });

      it(`is hosted by one thin screen (at most ${HOST_LINES} lines, no field of its own)`, () => {
        const hosts = mentions.filter((m) => m.line.startsWith('flowId='));
        expect(hosts).toHaveLength(1);
        const host = enclosingFunction(hosts[0]!.body, hosts[0]!.index);
        expect(host).toMatch(/<FlowForm\b/);
        expect(host.split('\n').length).toBeLessThanOrEqual(HOST_LINES);
        expect(host).not.toMatch(INPUTS);
      });
    });
  }

  it('measures: a host with a field of its own, or a branch on a flow id, is caught', () => {
    const branch = `if (flowId === 'capital-simple') return <Custom />;`;
    expect(branch.trim()).not.toMatch(
      /^(flowId="capital-simple"|'capital-simple': '\/finance\/capital\/[a-z/-]+',)$/,
    );
    const host = `export function Host() {\n  return <><TextInput label="x" /><FlowForm flowId="capital-simple" /></>;\n}\n`;
    expect(enclosingFunction(host, host.indexOf('flowId'))).toMatch(INPUTS);
  });
});
