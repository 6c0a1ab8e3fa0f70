/** Capital rules: the entry redirect (§2) and offers (§1, §2, §5, §9), table by table in the spec's words. */
import { describe, expect, it } from 'vitest';
import { entryTarget, fakeDoorOpen, sendsPageOpened, type Loaded } from '../../src/domain/capital/entry';
import {
  bestOffer,
  headlineAmount,
  quoteAllowed,
  readOfferInput,
  selectorOptions,
} from '../../src/domain/capital/offers';
import type { Offer } from '../../src/domain/capital/types';

const offer = (id: string, amount: number, tenor: number, tags: string[] = []): Offer => ({
  id,
  merchant_id: 'm1',
  store_id: 's1',
  merchant_name: 'Shop',
  amount,
  currency: 'AED',
  tenor,
  repayment_rate: 22,
  tags,
});
const done = <T>(items: T[]): Loaded<T> => ({ state: 'done', items });
const failed = { state: 'failed' } as const;
const loading = { state: 'loading' } as const;
const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}` }));

describe('the fake door and the waitlist (§2, §6: flags gate the fake door and the waitlist)', () => {
  it.each([
    [['capital_fake_door', 'capital_waitlist'], true],
    [['capital_fake_door'], false],
    [['capital_waitlist', 'capital'], false],
    [[], false],
  ])('%j → the fake door leads to the waitlist: %s', (experiments, open) => {
    expect(fakeDoorOpen(experiments)).toBe(open);
  });
});

describe('entry redirect (§2 "Entry redirect rules")', () => {
  it.each([
    [
      'A fake-door experiment flag sends the user to the waitlist.',
      { fakeDoor: true, loans: done(ids(2, 'l')), offers: done([]), applications: done([]) },
      { to: 'waitlist' },
    ],
    [
      'Loans, offers and applications all empty: completed payouts page',
      { fakeDoor: false, loans: done([]), offers: done([]), applications: done([]) },
      { to: 'payouts' },
    ],
    [
      'No loans, no offers, exactly one application: that application page.',
      { fakeDoor: false, loans: done([]), offers: done([]), applications: done(ids(1, 'a')) },
      { to: 'application', id: 'a1' },
    ],
    [
      'Exactly one loan, no offers, no applications: that loan page.',
      { fakeDoor: false, loans: done(ids(1, 'l')), offers: done([]), applications: done([]) },
      { to: 'loan', id: 'l1' },
    ],
    [
      'No loans, no applications, offers only: an offer page (choice rule in point 9).',
      {
        fakeDoor: false,
        loans: done([]),
        offers: done([offer('small', 20_000, 8), offer('big', 50_000, 8)]),
        applications: done([]),
      },
      { to: 'offer', id: 'big' },
    ],
    [
      'More than one loan: the loans list',
      { fakeDoor: false, loans: done(ids(2, 'l')), offers: done([]), applications: done([]) },
      { to: 'loans' },
    ],
    [
      'any offers (with a loan): the loans list',
      {
        fakeDoor: false,
        loans: done(ids(1, 'l')),
        offers: done([offer('o', 20_000, 8)]),
        applications: done([]),
      },
      { to: 'loans' },
    ],
    [
      'any applications (with a loan): the loans list',
      { fakeDoor: false, loans: done(ids(1, 'l')), offers: done([]), applications: done(ids(1, 'a')) },
      { to: 'loans' },
    ],
    [
      'two applications: the loans list',
      { fakeDoor: false, loans: done([]), offers: done([]), applications: done(ids(2, 'a')) },
      { to: 'loans' },
    ],
    [
      'an application and offers: the loans list',
      {
        fakeDoor: false,
        loans: done([]),
        offers: done([offer('o', 20_000, 8)]),
        applications: done(ids(1, 'a')),
      },
      { to: 'loans' },
    ],
    [
      'While loading: blank page.',
      { fakeDoor: false, loans: loading, offers: done([]), applications: done([]) },
      { to: 'blank' },
    ],
    [
      'If all three requests fail: 404.',
      { fakeDoor: false, loans: failed, offers: failed, applications: failed },
      { to: 'not_found' },
    ],
    [
      'one request failing (our decision): the loans list, never a guess from the others',
      { fakeDoor: false, loans: failed, offers: done([offer('o', 20_000, 8)]), applications: done([]) },
      { to: 'loans' },
    ],
  ] as const)('%s', (_, input, expected) => {
    expect(entryTarget(input as Parameters<typeof entryTarget>[0])).toEqual(expected);
  });

  it('A page-opened analytics event fires when none of the three requests errored.', () => {
    expect(sendsPageOpened([done([]), done([]), done([])])).toBe(true);
    expect(sendsPageOpened([done([]), failed, done([])])).toBe(false);
    expect(sendsPageOpened([done([]), loading, done([])])).toBe(false);
  });
});

describe('best offer (§9)', () => {
  it.each([
    [
      'the offer with tag full_revenue_flow and the highest amount wins',
      [
        offer('a', 900_000, 28),
        offer('frf1', 100_000, 8, ['full_revenue_flow']),
        offer('frf2', 200_000, 4, ['full_revenue_flow']),
      ],
      'frf2',
    ],
    [
      'Otherwise, among untagged offers take those with the highest amount and prefer an early_payoff one',
      [offer('a', 50_000, 28), offer('b', 50_000, 8, ['early_payoff']), offer('c', 40_000, 28)],
      'b',
    ],
    [
      'the highest amount comes before the tenor',
      [offer('a', 50_000, 12), offer('b', 50_000, 24), offer('c', 60_000, 4)],
      'c',
    ],
    ['if none (same amount), take the longest tenor', [offer('a', 50_000, 12), offer('b', 50_000, 24)], 'b'],
    [
      'a tie left after all that goes to the first listed',
      [offer('a', 50_000, 12), offer('b', 50_000, 12)],
      'a',
    ],
  ])('%s', (_, offers, id) => {
    expect(bestOffer(offers)?.id).toBe(id);
  });

  it('there is no best offer without offers', () => expect(bestOffer([])).toBeNull());
});

describe('offer selector (§2): sorted by amount descending then tenor descending; the first is marked best', () => {
  it('orders and marks', () => {
    const options = selectorOptions([offer('a', 20_000, 8), offer('b', 50_000, 4), offer('c', 50_000, 12)]);
    expect(options.map((o) => [o.offer.id, o.best])).toEqual([
      ['c', true],
      ['b', false],
      ['a', false],
    ]);
  });
});

describe('offer banner: up to what this merchant can take on the offer, full-revenue or not (issue 32)', () => {
  it.each([
    [offer('a', 250_000, 8, ['full_revenue_flow']), 250_000],
    [offer('b', 120_000, 8, ['early_payoff']), 120_000],
    // Never more than any offer may lend.
    [offer('c', 2_000_000, 8, ['full_revenue_flow']), 1_000_000],
  ])('%#', (o, amount) => expect(headlineAmount(o)).toBe(amount));
});

describe('offer inputs (§5): amount min 10000 max 1000000, tenor 4–28, required, strings converted, capped at the max', () => {
  it.each([
    ['50000', '12', { amount: 50_000, tenor: 12, errors: {} }],
    [50_000, 12, { amount: 50_000, tenor: 12, errors: {} }],
    ['1,000,000', '28', { amount: 1_000_000, tenor: 28, errors: {} }],
    ['2000000', '40', { amount: 1_000_000, tenor: 28, errors: {} }],
    ['٥٠٠٠٠', '٨', { amount: 50_000, tenor: 8, errors: {} }],
    ['5000', '2', { amount: 5_000, tenor: 2, errors: { amount: 'amount_min', tenor: 'tenor_min' } }],
    ['', null, { amount: null, tenor: null, errors: { amount: 'required', tenor: 'required' } }],
    ['12abc', '8', { amount: null, tenor: 8, errors: { amount: 'not_a_number' } }],
  ])('%j, %j', (amount, tenor, expected) => {
    expect(readOfferInput(amount, tenor)).toEqual(expected);
  });

  it.each([
    [10_000, 4, true],
    [1_000_000, 28, true],
    [9_999, 4, false],
    [10_000, 3, false],
    [10_000, 29, false],
    [null, 8, false],
  ])('A quote is requested only when both are in range: %j, %j → %j', (amount, tenor, allowed) => {
    expect(quoteAllowed(amount, tenor)).toBe(allowed);
  });
});
