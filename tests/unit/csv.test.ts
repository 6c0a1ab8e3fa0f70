/**
 * The CSV the exports write (src/domain/csv.ts): `csvLine`, the orders export's fast path, writes exactly what
 * csv-stringify writes with the exports' options — every cell quoted, quotes doubled, formulas neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_OPTIONS, csvLine } from '../../src/domain/csv';

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
