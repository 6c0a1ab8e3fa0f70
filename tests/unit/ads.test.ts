/**
 * Ads' rules (src/domain/ads.ts; docs/ads.md) as tables: budget bounds per currency (merchant and ads ops), names,
 * who may move a campaign where, the ended days a running campaign is counted for, and the simulated network's
 * day: the same figures for the same day, never above the budget, clicks ≤ impressions and orders ≤ clicks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetBounds,
  budgetProblem,
  daysToDeliver,
  deliver,
  nameProblem,
  totals,
  transitionProblem,
  type CampaignState,
} from '../../src/domain/ads';

describe('daily budgets', () => {
  it.each([
    ['SAR', false, 2_000, 500_000],
    ['SAR', true, 2_000, 5_000_000],
    ['KWD', false, 2_000, 400_000],
    ['BHD', true, 2_000, 5_000_000],
    ['EGP', false, 20_000, 10_000_000],
  ])('%s (ads ops: %s) goes from %i to %i minor units', (currency, ops, min, max) => {
    expect(budgetBounds(currency, ops)).toEqual({ min, max });
  });
  it.each([
    [1_999, 'SAR', false, 'error.budgetMin'],
    [2_000, 'SAR', false, undefined],
    [500_000, 'SAR', false, undefined],
    [500_001, 'SAR', false, 'error.budgetMax'],
    [500_001, 'SAR', true, undefined],
    [5_000_001, 'SAR', true, 'error.budgetMaxOps'],
    [0, 'SAR', false, 'error.budget'],
    [1.5, 'SAR', false, 'error.budget'],
  ])('%d %s (ops %s) → %s', (amount, currency, ops, key) => {
    expect(budgetProblem(amount, currency, ops)?.key).toBe(key);
  });
});

describe('names', () => {
  it.each([
    ['x', 'error.name'],
    ['  x  ', 'error.name'],
    ['Ramadan', undefined],
    ['a'.repeat(80), undefined],
    ['a'.repeat(81), 'error.name'],
  ])('%j → %s', (name, key) => expect(nameProblem(name)?.key).toBe(key));
});

describe('who moves a campaign where', () => {
  const rows: [CampaignState, CampaignState, boolean, string | undefined][] = [
    ['active', 'paused', false, undefined],
    ['paused', 'active', false, undefined],
    ['active', 'stopped', false, 'only ads ops stop a campaign'],
    ['active', 'stopped', true, undefined],
    ['stopped', 'active', false, 'the campaign was stopped by ads ops'],
    ['stopped', 'paused', false, 'the campaign was stopped by ads ops'],
    ['stopped', 'active', true, undefined],
    ['paused', 'paused', false, undefined],
  ];
  it.each(rows)('%s → %s (ops %s): %s', (from, to, ops, refusal) => {
    expect(transitionProblem(from, to, ops)).toBe(refusal);
  });
});

describe('the days a running campaign is counted for', () => {
  it.each([
    ['2026-03-10', null, '2026-03-10', []],
    ['2026-03-10', null, '2026-03-12', ['2026-03-10', '2026-03-11']],
    ['2026-03-10', '2026-03-10', '2026-03-12', ['2026-03-11']],
    // Started again after a pause: from the new start, not the day after the last counted.
    ['2026-03-16', '2026-03-13', '2026-03-17', ['2026-03-16']],
    ['2026-02-27', null, '2026-03-02', ['2026-02-27', '2026-02-28', '2026-03-01']],
  ])('since %s, counted through %s, today %s', (since, through, today, days) => {
    expect(daysToDeliver(since, through, today)).toEqual(days);
  });
});

describe('the simulated network', () => {
  it('gives the same day the same figures, within the budget, each funnel step at most the one before', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.constantFrom('SAR', 'AED', 'KWD', 'BHD', 'EGP'),
        (id, offset, budget, currency) => {
          const day = new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
          const a = deliver(id, day, budget, currency);
          expect(deliver(id, day, budget, currency)).toEqual(a);
          expect(a.spend).toBeLessThanOrEqual(budget);
          expect(a.spend).toBeGreaterThanOrEqual(Math.floor(budget * 0.55));
          expect(a.clicks).toBeLessThanOrEqual(a.impressions);
          expect(a.orders).toBeLessThanOrEqual(a.clicks);
        },
      ),
    );
  });
  it('sums days, with the click rate and cost per order only where they mean something', () => {
    expect(totals([])).toEqual({
      impressions: 0,
      clicks: 0,
      orders: 0,
      spend: 0,
      ctr: null,
      cost_per_order: null,
    });
    expect(
      totals([
        { impressions: 1000, clicks: 20, orders: 1, spend: 10_000 },
        { impressions: 3000, clicks: 20, orders: 2, spend: 10_001 },
      ]),
    ).toEqual({ impressions: 4000, clicks: 40, orders: 3, spend: 20_001, ctr: 0.01, cost_per_order: 6_667 });
    expect(totals([{ impressions: 10, clicks: 0, orders: 0, spend: 5 }]).cost_per_order).toBeNull();
  });
});
