/**
 * A list's CSV export as a stream (orders, disputes): its header line, then every row a batch at a time, keyset
 * page after page, with back-pressure (a batch is read only once the reader has taken the last), each batch one
 * string (domain/csv `csvLine`: every cell quoted, no text read as a formula).
 *
 * The first batch is read before the stream is handed back, so whatever fails then — the database, a filter it
 * refuses — is the call's own error answer (issue 53, finding 7: the orders export answered 200, then cut the
 * stream after its header). A failure after the first batch can only cut the stream: its 200 is already sent.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '../../domain/csv';

export async function csvExport<Row, Cursor>(options: {
  columns: readonly string[];
  /** A byte-order mark first (a file for a spreadsheet: Excel then reads it as UTF-8). */
  bom?: boolean;
  /** Rows in the export's order from after `cursor` (from the first without one), at most `size`. */
  batch: (cursor: Cursor | undefined) => Promise<Row[]>;
  size: number;
  /** A row's cells, in the columns' order. */
  cells: (row: Row) => readonly unknown[];
  /** Where the next batch starts: after this last row. */
  after: (last: Row) => Cursor;
}): Promise<Readable> {
  const first = await options.batch(undefined);
  const out = new PassThrough();
  const text = (rows: Row[]) => rows.map((row) => csvLine(options.cells(row))).join('');
  const pump = async () => {
    let rows = first;
    if (!out.write((options.bom ? CSV_BOM : '') + csvLine(options.columns) + text(rows)))
      await once(out, 'drain');
    while (rows.length === options.size) {
      rows = await options.batch(options.after(rows.at(-1)!));
      // Back-pressure: wait while the reader is behind.
      if (rows.length > 0 && !out.write(text(rows))) await once(out, 'drain');
    }
    out.end();
  };
  pump().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
