/**
 * CSV the product writes (the disputes export, the catalogue CLI's matrix): safe to open in a spreadsheet in
 * any locale. Pure: no I/O.
 *
 * - **Every cell is quoted.** A spreadsheet whose list separator is `;` (most of Europe) splits an unquoted
 *   `x;=HYPERLINK(…)` into two cells, the second a formula; quoted, it is one cell of text whatever the separator.
 * - **Every text cell is neutralised** (OWASP's CSV injection advice): text starting with `=`, `+`, `-`, `@`, a
 *   tab or a carriage return is read as a formula, so it gets a leading `'`, which spreadsheets show as text.
 *   Plain numbers (`-12.50`) are left as they are: a number is not a formula.
 */

/** csv-stringify's options for every export: every cell quoted, text neutralised. */
export const CSV_OPTIONS = {
  quoted: true,
  quoted_empty: true,
  cast: { string: (value: string) => spreadsheetSafe(value) },
} as const;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell's text as a spreadsheet will read it as text, never as a formula. */
export function spreadsheetSafe(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (PLAIN_NUMBER.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * One CSV line as csv-stringify writes it with CSV_OPTIONS (every cell quoted, quotes doubled, text neutralised),
 * for exports that write thousands of rows a batch (the orders export: one string per batch instead of a stream
 * write per row). `tests/unit/csv.test.ts` holds it equal to csv-stringify's output.
 */
export function csvLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i += 1) {
    if (i > 0) line += ',';
    line += `"${spreadsheetSafe(values[i]).replaceAll('"', '""')}"`;
  }
  return `${line}\n`;
}
