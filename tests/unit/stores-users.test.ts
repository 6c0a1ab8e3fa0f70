/**
 * The pure rules behind the stores and users pages: the next payout day of a schedule, the merchant's currency,
 * a team member matched by a search, and the users list's filters in the address.
 */
import { describe, expect, it } from 'vitest';
import { currencyOfCountry, isStoreTab, nextPayoutDay, type PayoutSchedule } from '../../src/domain/stores';
import { matchesUserQuery } from '../../src/domain/users';
import { apiQuery, filtersFrom, paramsOf } from '../../src/web/features/users/filters';

const schedule = (more: Partial<PayoutSchedule>): PayoutSchedule => ({
  product: 'pay_later',
  frequency: 'daily',
  delay_days: 1,
  minimum_minor: 0,
  ...more,
});

describe('nextPayoutDay', () => {
  // 2026-11-25 is a Wednesday.
  it('is today for a daily schedule', () => {
    expect(nextPayoutDay(schedule({}), '2026-11-25')).toBe('2026-11-25');
  });
  it('is the schedule’s weekday on or after today', () => {
    expect(nextPayoutDay(schedule({ frequency: 'weekly', weekday: 0 }), '2026-11-25')).toBe('2026-11-29');
    expect(nextPayoutDay(schedule({ frequency: 'weekly', weekday: 3 }), '2026-11-25')).toBe('2026-11-25');
    expect(nextPayoutDay(schedule({ frequency: 'weekly', weekday: 2 }), '2026-11-25')).toBe('2026-12-01');
  });
  it('is the schedule’s day of the month, across a month and a year end', () => {
    expect(nextPayoutDay(schedule({ frequency: 'monthly', day_of_month: 1 }), '2026-11-25')).toBe(
      '2026-12-01',
    );
    expect(nextPayoutDay(schedule({ frequency: 'monthly', day_of_month: 28 }), '2026-11-25')).toBe(
      '2026-11-28',
    );
    expect(nextPayoutDay(schedule({ frequency: 'monthly', day_of_month: 5 }), '2026-12-20')).toBe(
      '2027-01-05',
    );
  });
});

describe('stores', () => {
  it('pays in the merchant’s currency by country', () => {
    expect(['SAU', 'ARE', 'BHR', 'KWT', 'QAT'].map(currencyOfCountry)).toEqual([
      'SAR',
      'AED',
      'BHD',
      'KWD',
      'QAR',
    ]);
  });
  it('knows its tabs', () => {
    expect(isStoreTab('schedules')).toBe(true);
    expect(isStoreTab('payouts')).toBe(false);
  });
});

describe('matchesUserQuery', () => {
  const sara = {
    email: 'Sara@Example.com',
    phone: '+966501234567',
    first_name: 'Sara',
    last_name: 'Al-Harbi',
  };
  it('finds a part of the name or e-mail, whatever the case', () => {
    expect(matchesUserQuery(sara, 'al-har')).toBe(true);
    expect(matchesUserQuery(sara, 'SARA AL')).toBe(true);
    expect(matchesUserQuery(sara, 'example.com')).toBe(true);
    expect(matchesUserQuery(sara, 'omar')).toBe(false);
  });
  it('finds phone digits typed with spaces or a +', () => {
    expect(matchesUserQuery(sara, '+966 50 123')).toBe(true);
    expect(matchesUserQuery(sara, '4567')).toBe(true);
    expect(matchesUserQuery({ ...sara, phone: null }, '4567')).toBe(false);
  });
  it('lets an empty search find everybody', () => {
    expect(matchesUserQuery(sara, '  ')).toBe(true);
  });
});

describe('the users list’s address', () => {
  it('keeps known roles, the search and the page; drops the rest', () => {
    const filters = filtersFrom(new URLSearchParams('role=supervisor,owner&q=sara&page=2'));
    expect(filters).toEqual({ roles: ['supervisor'], query: 'sara', page: 2 });
    expect(paramsOf(filters).toString()).toBe('role=supervisor&q=sara&page=2');
    expect(apiQuery(filters)).toEqual({ limit: '20', offset: '20', roles: 'supervisor', query: 'sara' });
    expect(filtersFrom(new URLSearchParams('page=-3')).page).toBe(1);
  });
});
