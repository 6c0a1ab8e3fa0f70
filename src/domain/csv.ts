/**
 * CSV the product writes (the disputes export, the catalogue CLI's matrix): safe to open in a spreadsheet in
 * any locale. Pure: no I/O.
 *
 * - **Every cell is quoted.** A spreadsheet whose list separator is `;` (most of Europe) splits an unquoted
 *   `x;=HYPERLINK(…)` into two cells, the second a formula; quoted, it is one cell of text whatever the separator.
 * - **Every text cell is neutralised** (OWASP's CSV injection advice): text starting with `=`, `+`, `-`, `@`, a
 *   tab or a carriage return is read as a formula, so it gets a leading `'`, which spreadsheets show as text.
 *   Plain numbers (`-12.50`) are left as they are: a number is not a formula.
 * - **For a merchant's spreadsheet** (the orders export, issue 56): a byte-order mark first, so Excel reads
 *   UTF-8 (Arabic names) rather than the system's code page; a phone number as text without a visible `'`
 *   (`spreadsheetPhone`); times in the merchant's own zone, as `yyyy-mm-dd hh:mm` a spreadsheet reads as a date
 *   (`spreadsheetTime`), the zone named in the column's heading.
 */

/** The byte-order mark Excel needs to read a CSV file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * A phone number (`+` and digits) as a spreadsheet's text: behind an invisible left-to-right mark, so it is
 * neither a formula (`+…`) nor a number (which would lose the `+` and show as 9.66501E+11), reads left to right
 * beside Arabic, and shows no `'`. Anything else is neutralised as any text is.
 */
export function spreadsheetPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\+\d{4,15}$/.test(phone) ? `\u200E${phone}` : spreadsheetSafe(phone);
}

/** Whether a time zone's name is one this runtime knows (`Asia/Riyadh`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An instant as `yyyy-mm-dd hh:mm` (24-hour) in a time zone: what a spreadsheet in any locale reads as a date. */
export function spreadsheetTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

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
