/**
 * The wallet's rules (src/domain/wallet.ts; docs/wallet.md) as tables: when a movement is pending, in transit or
 * completed, the balance as the sum of the ledger, the transfer limits and the order they are checked in, the
 * card's authorisation, and card numbers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authorise,
  balanceOf,
  cardDailyLimit,
  checkTransfer,
  luhnDigit,
  luhnValid,
  maskCardNumber,
  movementStatus,
  transferLimits,
  walletCurrency,
  type CardStatus,
  type Movement,
} from '../../src/domain/wallet';
import { newCardNumber } from '../../src/server/services/cards';

const TODAY = '2026-11-25';

describe('a movement’s status', () => {
  it.each<[string, Movement, string]>([
    ['a payout credited today waits for tomorrow', { kind: 'payout', amount: 92400, day: TODAY }, 'pending'],
    ['a payout of yesterday is available', { kind: 'payout', amount: 92400, day: '2026-11-24' }, 'completed'],
    ['a transfer of today is on its way', { kind: 'transfer', amount: -50000, day: TODAY }, 'in_transit'],
    [
      'a transfer of yesterday has arrived',
      { kind: 'transfer', amount: -50000, day: '2026-11-24' },
      'completed',
    ],
    ['a card payment is taken at once', { kind: 'card', amount: -2400, day: TODAY }, 'completed'],
  ])('%s', (_, movement, status) => {
    expect(movementStatus(movement, TODAY)).toBe(status);
  });
});

describe('the balance', () => {
  it('counts money out at once and money in once it is available', () => {
    expect(
      balanceOf(
        [
          { kind: 'payout', amount: 100000, day: '2026-11-23' },
          { kind: 'payout', amount: 30000, day: TODAY },
          { kind: 'transfer', amount: -40000, day: '2026-11-24' },
          { kind: 'transfer', amount: -10000, day: TODAY },
          { kind: 'card', amount: -2500, day: TODAY },
        ],
        TODAY,
      ),
    ).toEqual({ available: 47500, pending: 30000, in_transit: 10000 });
  });

  it('is the sum of the ledger: available plus pending is every movement added up', () => {
    const movement = fc.record({
      kind: fc.constantFrom('payout' as const, 'transfer' as const, 'card' as const),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      day: fc.constantFrom('2026-11-20', '2026-11-24', TODAY),
    });
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 30 }), (raw) => {
        const movements = raw.map((m) => ({ ...m, amount: m.kind === 'payout' ? m.amount : -m.amount }));
        const b = balanceOf(movements, TODAY);
        expect(b.available + b.pending).toBe(movements.reduce((s, m) => s + m.amount, 0));
        expect(b.in_transit).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('a transfer to the bank', () => {
  const base = {
    amount: 50000,
    currency: 'AED',
    available: 100000,
    today: { total: 0, count: 0 },
    hasBankAccount: true,
  };
  it.each<[string, Partial<typeof base>, string | null]>([
    ['goes within the limits and the balance', {}, null],
    ['needs a bank account on file', { hasBankAccount: false }, 'no_bank_account'],
    ['moves at least AED 10', { amount: 999 }, 'below_minimum'],
    ['moves AED 10 exactly', { amount: 1000 }, null],
    ['moves at most AED 50,000 at once', { amount: 5_000_001, available: 10_000_000 }, 'above_maximum'],
    ['five a day', { today: { total: 1000, count: 5 } }, 'daily_count'],
    ['AED 100,000 a day in all', { today: { total: 9_960_000, count: 2 } }, 'daily_limit'],
    ['not more than is available', { amount: 100001 }, 'insufficient_funds'],
  ])('%s', (_, change, refusal) => {
    expect(checkTransfer({ ...base, ...change })).toBe(refusal);
  });

  it('has its limits in each currency’s minor units', () => {
    expect(transferLimits('SAR')).toMatchObject({ min_minor: 1000, max_minor: 5_000_000, daily_count: 5 });
    expect(transferLimits('KWD')).toMatchObject({ min_minor: 1000, max_minor: 4_000_000 });
    expect(transferLimits('XYZ').min_minor).toBe(1000);
  });

  it('is in the merchant’s currency', () => {
    expect([walletCurrency('SAU'), walletCurrency('ARE'), walletCurrency('KWT')]).toEqual([
      'SAR',
      'AED',
      'KWD',
    ]);
  });
});

describe('the card’s authorisation', () => {
  const base = {
    status: 'active' as CardStatus,
    amount: 2400,
    currency: 'SAR',
    available: 10000,
    spentToday: 0,
  };
  it.each<[string, Partial<typeof base>, string | null]>([
    ['pays from the available balance', {}, null],
    ['is declined while the card is frozen', { status: 'frozen' }, 'card_frozen'],
    ['is declined over the balance', { amount: 10001 }, 'insufficient_funds'],
    [
      'is declined over the day’s limit',
      { spentToday: cardDailyLimit('SAR') - 100, available: 10 ** 9 },
      'daily_limit',
    ],
    ['refuses a zero amount', { amount: 0 }, 'bad_amount'],
  ])('%s', (_, change, decline) => {
    expect(authorise({ ...base, ...change })).toBe(decline);
  });
});

describe('card numbers', () => {
  it('checks a Luhn digit (ISO/IEC 7812)', () => {
    expect(luhnDigit('7992739871')).toBe(3);
    expect(luhnValid('79927398713')).toBe(false); // too short for a card
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('issues valid numbers in the test range, and shows only the last four', () => {
    for (let i = 0; i < 50; i++) {
      const number = newCardNumber();
      expect(number).toMatch(/^400000\d{10}$/);
      expect(luhnValid(number)).toBe(true);
    }
    expect(maskCardNumber('4000001234567899')).toBe('•••• •••• •••• 7899');
  });
});
