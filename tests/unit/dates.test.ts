/** Dates as merchants type them and as the forms show them (spec: yyyy-mm-dd and dd/MM/yyyy). */
import { describe, expect, it } from 'vitest';
import { parseDate, showDate } from '../../src/engine/core/formats';

describe('parseDate', () => {
  it.each([
    ['30/06/2030', '2030-06-30'],
    ['1/7/2031', '2031-07-01'],
    ['01-07-2031', '2031-07-01'],
    ['01.07.2031', '2031-07-01'],
    [' 2031-02-28 ', '2031-02-28'],
    ['٣٠/٠٦/٢٠٣٠', '2030-06-30'],
    ['۳۰/۰۶/۲۰۳۰', '2030-06-30'],
    ['29/02/2028', '2028-02-29'],
  ])('reads %s as %s', (text, iso) => expect(parseDate(text)).toBe(iso));

  it.each(['31/02/2031', '29/02/2027', '06/30/2030', '2030-6-30', '30/06/30', '', 'tomorrow', '00/01/2030'])(
    'refuses %j',
    (text) => expect(parseDate(text)).toBeNull(),
  );
});

describe('showDate', () => {
  it('shows a stored date day first, and anything else as it is', () => {
    expect(showDate('2030-06-30')).toBe('30/06/2030');
    expect(showDate('31/02/2031')).toBe('31/02/2031');
    expect(showDate('')).toBe('');
  });
});
