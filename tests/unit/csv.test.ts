/**
 * The CSV the exports write (src/domain/csv.ts): `csvLine`, the orders export's fast path, writes exactly what
 * csv-stringify writes with the exports' options — every cell quoted, quotes doubled, formulas neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_OPTIONS, csvLine, isTimeZone, spreadsheetPhone, spreadsheetTime } from '../../src/domain/csv';

describe('csvLine', () => {
  it('writes a line as csv-stringify does with the exports’ options', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom(
              '=HYPERLINK("x")',
              '+1',
              '-12.50',
              '@x',
              '\tx',
              'a"b',
              'a,b',
              'line\nbreak',
              '',
              'نورة',
            ),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        (cells) => {
          expect(csvLine(cells)).toBe(stringify([cells], { ...CSV_OPTIONS }));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('neutralises a formula and keeps a plain number', () => {
    expect(csvLine(['=1+1', '-12.50', null])).toBe(`"'=1+1","-12.50",""\n`);
  });
});

describe('for a merchant’s spreadsheet', () => {
  it('writes a phone as text behind an invisible mark, and anything else that is not a phone neutralised', () => {
    expect(spreadsheetPhone('+966501234567')).toBe('\u200E+966501234567');
    expect(csvLine([spreadsheetPhone('+966501234567')])).toBe('"\u200E+966501234567"\n');
    expect(spreadsheetPhone('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(spreadsheetPhone(null)).toBe('');
  });

  it('writes a time as yyyy-mm-dd hh:mm in the zone asked, and knows a zone’s name from a made-up one', () => {
    const at = new Date('2026-11-28T22:05:09.000Z');
    expect(spreadsheetTime(at, 'UTC')).toBe('2026-11-28 22:05');
    expect(spreadsheetTime(at, 'Asia/Riyadh')).toBe('2026-11-29 01:05');
    expect(spreadsheetTime(new Date('2026-11-28T00:30:00.000Z'), 'Asia/Dubai')).toBe('2026-11-28 04:30');
    expect(isTimeZone('Asia/Riyadh')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
