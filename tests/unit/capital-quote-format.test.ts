/** Capital rules: the quote and the approved summary's terms (§5, §7, §9), dates and amounts (§9). */
import { describe, expect, it } from 'vitest';
import { exampleSchedule, quote } from '../../src/domain/capital/quote';
import { capitalDate, currencyDecimals, money } from '../../src/domain/capital/format';

describe('quote (our formula, documented in quote.ts)', () => {
  it("gives the spec's sample loan: 5 weeks (20450 start, 4090 weekly, AED)", () => {
    expect(quote({ amount: 20_000, tenor: 5, currency: 'AED' })).toEqual({
      amount: 20_000,
      tenor: 5,
      fee_percent: 2.25,
      fee_amount: 450,
      total_amount: 20_450,
      min_repayment_amount: 4_090,
      weekly_fee_amount: 90,
    });
  });

  it.each([
    [
      'rounds the weekly minimum up to the currency’s smallest unit',
      10_000,
      28,
      'AED',
      undefined,
      402.15,
      45,
    ],
    ['uses three decimals for KWD', 10_000, 28, 'KWD', undefined, 402.143, 45],
    ['uses whole units for KRW', 10_000, 28, 'KRW', undefined, 403, 45],
    ['takes the offer’s own weekly fee', 100_000, 20, 'AED', 0.3, 5_300, 300],
  ])('%s', (_, amount, tenor, currency, weeklyFeePercent, minimum, weeklyFee) => {
    const q = quote({ amount, tenor, currency, weeklyFeePercent });
    expect(q.min_repayment_amount).toBe(minimum);
    expect(q.weekly_fee_amount).toBe(weeklyFee);
    // The weeks repay at least what is owed, and not a whole week more.
    expect(q.min_repayment_amount * tenor).toBeGreaterThanOrEqual(q.total_amount);
    expect(q.min_repayment_amount * (tenor - 1)).toBeLessThan(q.total_amount);
  });

  it('a 5-week illustrative example table (week 0 to 5, repayment, left to pay; in AED: 20450 at start, 4090 weekly)', () => {
    expect(exampleSchedule()).toEqual([
      { week: 0, repayment: 0, left: 20_450 },
      { week: 1, repayment: 4_090, left: 16_360 },
      { week: 2, repayment: 4_090, left: 12_270 },
      { week: 3, repayment: 4_090, left: 8_180 },
      { week: 4, repayment: 4_090, left: 4_090 },
      { week: 5, repayment: 4_090, left: 0 },
    ]);
  });
});

describe('dates (§9): dates in the current year show day and month only; otherwise dd/MM/yy', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it.each([
    ['2026-03-05', 'en', '5 Mar'],
    ['2026-12-31T23:30:00Z', 'en', '31 Dec'],
    ['2025-03-05', 'en', '05/03/25'],
    ['2027-01-09', 'ar', '09/01/27'],
    ['not a date', 'en', 'not a date'],
  ] as const)('%s in %s is %s', (value, lang, text) => expect(capitalDate(value, now, lang)).toBe(text));

  it('shows the month in Arabic with Latin digits', () => {
    expect(capitalDate('2026-03-05', now, 'ar')).toBe('5 مارس');
  });
});

describe('amounts (§9): offer display amounts are rounded to whole units; currencies with their decimals', () => {
  it.each([
    ['AED', 2],
    ['SAR', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['OMR', 3],
    ['KRW', 0],
    ['CNH', 2],
  ])('%s has %d decimals', (currency, decimals) => expect(currencyDecimals(currency)).toBe(decimals));

  it.each([
    [12_345.678, 'AED', 'en', {}, 'AED 12,345.68'],
    [12_345.678, 'KWD', 'en', {}, 'KWD 12,345.678'],
    [12_345.678, 'AED', 'en', { whole: true }, 'AED 12,346'],
    [100_000, 'SAR', 'ar', { whole: true }, '\u200f100,000 SAR'],
    // A negative amount with the minus sign the signs beside amounts use (issue 56).
    [-10, 'SAR', 'en', {}, '\u2212SAR 10.00'],
    [-10, 'SAR', 'ar', {}, '\u200f\u200e\u221210.00 SAR'],
  ] as const)('%d %s in %s %j is %s', (amount, currency, lang, options, text) => {
    // Intl puts a no-break space between the code and the number.
    expect(money(amount, currency, lang, options).replaceAll('\u00a0', ' ')).toBe(text);
  });
});
