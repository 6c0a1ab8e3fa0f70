/**
 * The payout arithmetic (src/domain/payouts.ts; capital spec §9; docs/payouts.md) as tables: cycles, the fee's
 * threshold, commissions, the capital deduction, money held under a minimum, and a refund after a payout.
 */
import { describe, expect, it } from 'vitest';
import {
  breakdown,
  capitalDeduction,
  commissionOf,
  feeRule,
  payoutDays,
  payoutFee,
  payoutStatus,
  planSettlement,
  type PendingCapture,
  type PendingRefund,
  type SettlementStore,
} from '../../src/domain/payouts';
import { nextPayoutDay as nextPayDay } from '../../src/domain/stores';

const MONDAY = { frequency: 'weekly' as const, weekday: 1 };

describe('the fixed cycle: weekly on Monday', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-24', '2026-11-30'],
    ['2026-11-29', '2026-11-30'], // a Sunday
  ])('the first payout day on or after %s is %s', (from, day) => {
    expect(nextPayDay(MONDAY, from)).toBe(day);
  });

  it('lists the Mondays of a range, and every day of a daily schedule, and the day of a month', () => {
    expect(payoutDays(MONDAY, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(payoutDays({ frequency: 'daily' }, '2026-11-28', '2026-12-01')).toHaveLength(4);
    expect(payoutDays({ frequency: 'monthly', day_of_month: 1 }, '2026-10-15', '2026-12-31')).toEqual([
      '2026-11-01',
      '2026-12-01',
    ]);
  });

  it('is in transit on its day and paid after', () => {
    expect(payoutStatus('2026-11-23', '2026-11-23')).toBe('in_transit');
    expect(payoutStatus('2026-11-23', '2026-11-24')).toBe('paid');
  });
});

describe('"settlements under AED 2500 carry a fee of AED 25; above AED 2500 a fee of AED 6"', () => {
  it.each([
    ['AED', 100, 2500],
    ['AED', 249_999, 2500],
    ['AED', 250_000, 600],
    ['AED', 1_000_000, 600],
    ['SAR', 249_999, 2500],
    ['BHD', 249_999, 2500], // BHD 249.999: under BHD 250, a fee of BHD 2.500 (3 decimals)
    ['BHD', 250_000, 600],
    ['KWD', 200_000, 500],
  ])('%s %i (minor units) carries %i', (currency, amount, fee) => {
    expect(payoutFee(currency, amount)).toBe(fee);
  });

  it('states the rule in each currency’s minor units', () => {
    expect(feeRule('AED')).toEqual({
      currency: 'AED',
      threshold_minor: 250_000,
      below_minor: 2500,
      above_minor: 600,
    });
    expect(feeRule('KWD')).toMatchObject({ threshold_minor: 200_000, below_minor: 2000, above_minor: 500 });
  });
});

describe('commissions and the capital deduction', () => {
  it('takes the product’s rate of a capture, and its fixed fee on the order’s first capture only', () => {
    const terms = { rate_percent: 4.99, fixed_fee_minor: 100 };
    expect(commissionOf(100_000, terms, true)).toBe(4990 + 100);
    expect(commissionOf(100_000, terms, false)).toBe(4990);
    expect(commissionOf(333, terms, false)).toBe(17); // 16.6 rounds to 17
    expect(commissionOf(100_000, undefined, true)).toBe(0);
  });

  it.each([
    [1_000_000, 22, 5_000_000, 220_000], // "22 percent of weekly sales payout is deducted"
    [1_000_000, 22, 100_000, 100_000], // never more than is owed
    [0, 22, 100_000, 0],
    [1_000_000, 22, 0, 0],
  ])('from %i at %i%% with %i owed takes %i', (before, rate, owed, taken) => {
    expect(capitalDeduction(before, rate, owed)).toBe(taken);
  });

  it('adds the breakdown up: gross − refunds − disputes − commissions − fee − capital = net', () => {
    const b = breakdown(
      'AED',
      [
        { kind: 'capture', amount: 300_000, commission: 15_000 },
        { kind: 'refund', amount: 20_000, commission: 0, reason: 'returned' },
        { kind: 'refund', amount: 10_000, commission: 0, reason: 'dispute' },
      ],
      { rate_percent: 22, outstanding: 1_000_000 },
    )!;
    expect(b).toEqual({
      gross: 300_000,
      refunds: 20_000,
      disputes: 10_000,
      commissions: 15_000,
      fee: 600, // 255,000 is from AED 2,500
      capital: Math.round(254_400 * 0.22),
      net: 254_400 - Math.round(254_400 * 0.22),
    });
    expect(b.gross - b.refunds - b.disputes - b.commissions - b.fee - b.capital).toBe(b.net);
  });

  it('pays nothing when the fee would take it all', () => {
    expect(breakdown('AED', [{ kind: 'capture', amount: 2500, commission: 0 }])).toBeNull();
    expect(breakdown('AED', [{ kind: 'capture', amount: 2501, commission: 0 }])?.net).toBe(1);
  });
});

const STORE: SettlementStore = {
  id: 's1',
  currency: 'AED',
  schedules: [{ product: 'pay_later', ...MONDAY, delay_days: 2, minimum_minor: 10_000 }],
  commissions: [{ product: 'pay_later', rate_percent: 5, fixed_fee_minor: 100 }],
};
const capture = (id: string, day: string, amount: number): PendingCapture => ({
  id,
  store_id: 's1',
  product: 'pay_later',
  amount,
  day,
  first: true,
});
const refund = (id: string, day: string, amount: number): PendingRefund => ({
  id,
  store_id: 's1',
  product: 'pay_later',
  amount,
  reason: 'returned',
  day,
});

describe('settling payout days', () => {
  it('pays a capture on the first Monday its delay has passed by', () => {
    // Captured Saturday the 21st, due Monday the 23rd: paid that day. Captured Sunday: due Tuesday, paid the 30th.
    const plan = planSettlement({
      through: '2026-11-30',
      stores: [STORE],
      captures: [capture('a', '2026-11-21', 50_000), capture('b', '2026-11-22', 50_000)],
      refunds: [],
    });
    expect(plan.map((p) => [p.day, p.captures.map((c) => c.id)])).toEqual([
      ['2026-11-23', ['a']],
      ['2026-11-30', ['b']],
    ]);
  });

  it('holds money under the minimum until a later day brings enough', () => {
    const plan = planSettlement({
      through: '2026-11-30',
      stores: [STORE],
      captures: [capture('a', '2026-11-16', 6000), capture('b', '2026-11-24', 6000)],
      refunds: [],
    });
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({ day: '2026-11-30', captures: [{ id: 'a' }, { id: 'b' }] });
  });

  it('takes a refund made after a payout from the next one, even when it owes', () => {
    const plan = planSettlement({
      through: '2026-11-30',
      stores: [STORE],
      captures: [capture('a', '2026-11-16', 100_000), capture('b', '2026-11-25', 50_000)],
      refunds: [refund('r', '2026-11-24', 20_000)],
    });
    expect(plan.map((p) => [p.day, p.refunds, p.breakdown.refunds])).toEqual([
      ['2026-11-23', [], 0],
      ['2026-11-30', ['r'], 20_000],
    ]);
  });

  it('takes a running advance’s rate from one payout a week, and shows recorded history as it was', () => {
    const daily: SettlementStore = {
      ...STORE,
      schedules: [{ product: 'pay_later', frequency: 'daily', delay_days: 0, minimum_minor: 0 }],
    };
    const plan = planSettlement({
      through: '2026-11-25',
      stores: [daily],
      captures: ['19', '20', '21', '22', '23', '24', '25'].map((d) => capture(d, `2026-11-${d}`, 100_000)),
      refunds: [],
      loan: {
        id: 'loan',
        rate_percent: 22,
        outstanding: 1_000_000,
        since: '2026-11-01',
        repayments: [{ date: '2026-11-20', amount: 5000 }],
      },
    });
    const capitalByDay = Object.fromEntries(plan.map((p) => [p.day, [p.breakdown.capital, p.loan]]));
    // The 20th is history (the repayment recorded then); the next is due a week after it, on the 27th: none yet.
    expect(capitalByDay['2026-11-19']).toEqual([0, null]);
    expect(capitalByDay['2026-11-20']).toEqual([5000, { id: 'loan', recorded: true }]);
    expect(capitalByDay['2026-11-21']).toEqual([0, null]);
    expect(capitalByDay['2026-11-25']).toEqual([0, null]);
    const later = planSettlement({
      through: '2026-11-28',
      stores: [daily],
      captures: ['27', '28'].map((d) => capture(d, `2026-11-${d}`, 100_000)),
      refunds: [],
      loan: {
        id: 'loan',
        rate_percent: 22,
        outstanding: 1_000_000,
        since: '2026-11-01',
        repayments: [{ date: '2026-11-20', amount: 5000 }],
      },
    });
    expect(later.map((p) => [p.day, p.breakdown.capital > 0, p.loan?.recorded ?? null])).toEqual([
      ['2026-11-27', true, false],
      ['2026-11-28', false, null],
    ]);
  });
  it('waits for the loan’s next repayment date when it has one', () => {
    const daily: SettlementStore = {
      ...STORE,
      schedules: [{ product: 'pay_later', frequency: 'daily', delay_days: 0, minimum_minor: 0 }],
    };
    const plan = planSettlement({
      through: '2026-12-08',
      stores: [daily],
      captures: ['26', '27', '28', '29', '30']
        .map((d) => capture(d, `2026-11-${d}`, 100_000))
        .concat(['01', '07', '08'].map((d) => capture(`12-${d}`, `2026-12-${d}`, 100_000))),
      refunds: [],
      loan: {
        id: 'loan',
        rate_percent: 22,
        outstanding: 1_000_000,
        since: '2026-11-01',
        repayments: [{ date: '2026-11-20', amount: 5000 }],
        next_due: '2026-11-30',
      },
    });
    expect(plan.filter((p) => p.breakdown.capital > 0).map((p) => p.day)).toEqual([
      '2026-11-30',
      '2026-12-07',
    ]);
  });
});
