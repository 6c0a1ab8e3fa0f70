/**
 * The analytics arithmetic (src/domain/analytics.ts; docs/analytics.md) as tables: AOV = GMV ÷ orders, refunds
 * netted in the period they were made, periods (ISO weeks from Monday, months) and the previous period beside the
 * current, and the merchant's day at the boundaries of its time zone.
 */
import { describe, expect, it } from 'vitest';
import {
  daysIn,
  aov,
  change,
  figuresOf,
  localDay,
  localMidnight,
  periodsOf,
  periodStart,
  previousRange,
  series,
  total,
  type DayRow,
} from '../../src/domain/analytics';

describe('AOV = GMV ÷ orders', () => {
  it.each([
    [30000, 3, 10000],
    [10000, 3, 3333], // 3333.33 → 3333
    [20000, 3, 6667], // 6666.67 → 6667
    [5, 2, 3], // 2.5 → 3: half up
    [12345, 0, 0], // no orders: 0, never a division by zero
  ])('GMV %i over %i orders is %i', (gmv, orders, value) => {
    expect(aov(gmv, orders)).toBe(value);
  });

  it('nets refunds out of net sales, not out of GMV or AOV', () => {
    expect(figuresOf(4, 40000, 15000)).toEqual({
      orders: 4,
      gmv: 40000,
      refunds: 15000,
      net_sales: 25000,
      aov: 10000,
    });
  });
});

describe('periods', () => {
  it.each([
    ['2026-11-25', 'day', '2026-11-25'],
    ['2026-11-25', 'week', '2026-11-23'], // a Wednesday's week starts on Monday
    ['2026-11-23', 'week', '2026-11-23'],
    ['2026-11-29', 'week', '2026-11-23'], // Sunday closes the ISO week
    ['2026-11-25', 'month', '2026-11-01'],
  ] as const)('%s belongs to the %s starting %s', (day, granularity, start) => {
    expect(periodStart(day, granularity)).toBe(start);
  });

  it('covers a range, the first period starting where it starts', () => {
    expect(periodsOf('2026-11-25', '2026-12-08', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(periodsOf('2026-11-15', '2027-02-01', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(periodsOf('2026-02-27', '2026-03-01', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('puts the previous period of the same length just before', () => {
    expect(previousRange('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousRange('2026-11-25', '2026-11-25')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
  });

  it('says the change in percent, and nothing from zero', () => {
    expect(change(150, 100)).toBe(50);
    expect(change(50, 200)).toBe(-75);
    expect(change(10, 0)).toBeNull();
  });
});

describe('a series with the previous period beside it', () => {
  const rows: DayRow[] = [
    { day: '2026-11-16', orders: 2, gmv: 20000, refunds: 0 }, // previous week
    { day: '2026-11-18', orders: 1, gmv: 5000, refunds: 2000 },
    { day: '2026-11-23', orders: 3, gmv: 30000, refunds: 0 }, // this week
    { day: '2026-11-25', orders: 1, gmv: 10000, refunds: 5000 },
    { day: '2026-11-30', orders: 9, gmv: 90000, refunds: 0 }, // after the range
  ];

  it('sums each day, and the week beside the week before', () => {
    const days = series(rows, { from: '2026-11-23', to: '2026-11-29' }, 'day');
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({
      start: '2026-11-23',
      from: '2026-11-23',
      to: '2026-11-23',
      partial: false,
      current: figuresOf(3, 30000, 0),
      previous: figuresOf(2, 20000, 0),
      previous_from: '2026-11-16',
      previous_to: '2026-11-16',
    });
    expect(days[2]!.current).toEqual(figuresOf(1, 10000, 5000));
    expect(days[2]!.previous).toEqual(figuresOf(1, 5000, 2000));

    const week = series(rows, { from: '2026-11-23', to: '2026-11-29' }, 'week');
    expect(week).toEqual([
      {
        start: '2026-11-23',
        from: '2026-11-23',
        to: '2026-11-29',
        partial: false,
        current: figuresOf(4, 40000, 5000),
        previous: figuresOf(3, 25000, 2000),
        previous_from: '2026-11-16',
        previous_to: '2026-11-22',
      },
    ]);
  });

  it('says which periods are cut by the range, and compares each with as many days one range-length before (issue 56)', () => {
    // "Last 90 days" ending on 30 November, by month: September is cut (from the 2nd), November is whole.
    const months = series(rows, { from: '2026-09-02', to: '2026-11-30' }, 'month');
    expect(months.map((m) => [m.start, m.from, m.to, m.partial])).toEqual([
      ['2026-09-01', '2026-09-02', '2026-09-30', true],
      ['2026-10-01', '2026-10-01', '2026-10-31', false],
      ['2026-11-01', '2026-11-01', '2026-11-30', false],
    ]);
    // Ending on 1 December: a "month" of one day, beside one day 90 days before — not a whole month.
    const cut = series(rows, { from: '2026-09-03', to: '2026-12-01' }, 'month');
    expect(cut.at(-1)).toMatchObject({
      start: '2026-12-01',
      from: '2026-12-01',
      to: '2026-12-01',
      partial: true,
      previous_from: '2026-09-02',
      previous_to: '2026-09-02',
    });
    // The previous periods' days are the previous range, each day once.
    const previousDays = cut.reduce((n, p) => n + daysIn(p.previous_from, p.previous_to), 0);
    expect(previousDays).toBe(daysIn('2026-09-03', '2026-12-01'));
    expect(cut[0]!.previous_from).toBe(previousRange('2026-09-03', '2026-12-01').from);
    // The week before the week compared: 30 November's week beside its own 7 days before.
    const week = series(rows, { from: '2026-11-23', to: '2026-11-30' }, 'week');
    expect(week.map((w) => w.partial)).toEqual([false, true]);
    expect(week[1]!.current).toEqual(figuresOf(9, 90000, 0));
  });

  it('totals only the days in the range', () => {
    expect(total(rows, '2026-11-23', '2026-11-29')).toEqual(figuresOf(4, 40000, 5000));
  });
});

describe('the merchant’s day', () => {
  it.each([
    ['2026-11-24T20:59:59Z', 180, '2026-11-24'], // Riyadh, a second before midnight
    ['2026-11-24T21:00:00Z', 180, '2026-11-25'], // Riyadh, midnight
    ['2026-11-24T19:59:59Z', 240, '2026-11-24'], // Dubai
    ['2026-11-24T20:00:00Z', 240, '2026-11-25'],
    ['2026-11-25T00:30:00Z', 0, '2026-11-25'],
  ])('%s at %i minutes east is %s', (at, offset, day) => {
    expect(localDay(at, offset)).toBe(day);
  });

  it('starts at local midnight', () => {
    expect(localMidnight('2026-11-25', 180).toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(localMidnight('2026-11-25', 240).toISOString()).toBe('2026-11-24T20:00:00.000Z');
  });
});
