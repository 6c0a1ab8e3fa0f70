/**
 * Disputes' pure rules (src/domain/disputes.ts) and the list's filters in the address
 * (src/web/features/disputes/filters.ts): days are whole days in the merchant's time zone, amounts keep the
 * currency's decimals, and a hand-edited address never sends a malformed filter.
 */
import { describe, expect, it } from 'vitest';
import { canActOn, dayBounds, isDay, minorToDecimal } from '../../src/domain/disputes';
import { apiQuery, filtersFrom, hasFilters, paramsOf } from '../../src/web/features/disputes/filters';

describe('domain', () => {
  it.each([
    ['2025-02-28', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['25-01-01', false],
    ['2025-01-01T00:00:00Z', false],
  ])('isDay(%s) is %s', (value, expected) => expect(isDay(value)).toBe(expected));

  it('a day runs from its first to its last millisecond, in the given time zone', () => {
    expect(dayBounds('2025-03-11', false)).toBe('2025-03-11T00:00:00.000Z');
    expect(dayBounds('2025-03-11', true)).toBe('2025-03-11T23:59:59.999Z');
    // Riyadh (UTC+3): the 11th starts at 21:00 UTC on the 10th.
    expect(dayBounds('2025-03-11', false, 180)).toBe('2025-03-10T21:00:00.000Z');
    expect(dayBounds('2025-03-11', true, 180)).toBe('2025-03-11T20:59:59.999Z');
  });

  it.each([
    [45900, 'SAR', '459.00'],
    [18750, 'BHD', '18.750'],
    [5, 'KWD', '0.005'],
    [7, 'AED', '0.07'],
    [-1250, 'SAR', '-12.50'],
  ])('minorToDecimal(%i, %s) is %s', (minor, currency, text) =>
    expect(minorToDecimal(minor, currency)).toBe(text),
  );

  it('only a pending dispute can be refunded or challenged', () => {
    expect(['pending', 'arbitration', 'approved', 'declined', 'cancelled'].filter(canActOn)).toEqual([
      'pending',
    ]);
  });
});

describe('filters in the address', () => {
  it('reads statuses, days and the search, dropping what is not one', () => {
    const params = new URLSearchParams(
      'status=pending,lost,arbitration&from=2025-02-30&to=2025-03-01&q=Noura',
    );
    expect(filtersFrom(params)).toEqual({
      statuses: ['pending', 'arbitration'],
      from: null,
      to: '2025-03-01',
      q: 'Noura',
    });
    expect(filtersFrom(new URLSearchParams(''))).toEqual({ statuses: [], from: null, to: null, q: '' });
    expect(hasFilters(filtersFrom(new URLSearchParams('')))).toBe(false);
  });

  it('writes them back, leaving empty ones out, and as the API asks', () => {
    const filters = { statuses: ['pending' as const], from: '2025-03-01', to: null, q: '  ORD-1 ' };
    expect(paramsOf(filters).toString()).toBe('status=pending&from=2025-03-01&q=ORD-1');
    expect(filtersFrom(paramsOf(filters))).toEqual({ ...filters, q: 'ORD-1' });
    expect(apiQuery(filters, 180)).toEqual({
      tz_offset: '180',
      statuses: 'pending',
      created_at_gte: '2025-03-01',
      query: 'ORD-1',
    });
  });
});
