/**
 * The text a PDF draws in its standard fonts, for tests: every stream inflated, the strings of its `Tj` operators (hex or literal)
 * joined by spaces. Enough to find a name or a hash in a stamped contract; not a PDF reader.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const parts: string[] = [];
  const stream = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = stream.exec(text))) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const raw = bytes.subarray(start, end);
    let body: string;
    try {
      body = /FlateDecode/.test(match[1]!) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    } catch {
      continue;
    }
    // pdf-lib writes standard-font text as hex strings (`<48656C6C6F> Tj`); others write literals (`(Hello) Tj`).
    for (const m of body.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      parts.push(m[1] !== undefined ? Buffer.from(m[1], 'hex').toString('latin1') : m[2]!);
  }
  return parts.join(' ');
}
