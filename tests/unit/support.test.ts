/**
 * Support tickets' pure rules (src/domain/support.ts) and the list's filters in the address
 * (src/web/features/support/filters.ts): opened stands for hold and escalated, a rating is asked only of a
 * resolved or closed ticket, a title is the first line, and a hand-edited address gives the nearest sound list.
 */
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_TICKET_STATUSES,
  canRate,
  expandTicketStatuses,
  filterStatusOf,
  ticketTitle,
} from '../../src/domain/support';
import { apiQuery, filtersFrom, hasFilters, paramsOf } from '../../src/web/features/support/filters';

describe('ticket statuses', () => {
  it('opened also means hold and escalated; unknown values are dropped, duplicates once', () => {
    expect(expandTicketStatuses(['opened'])).toEqual(['opened', 'hold', 'escalated']);
    expect(expandTicketStatuses(['new', 'hold', 'opened', 'nope'])).toEqual([
      'new',
      'hold',
      'opened',
      'escalated',
    ]);
    expect(expandTicketStatuses([])).toEqual([]);
    expect(filterStatusOf('hold')).toBe('opened');
    expect(filterStatusOf('escalated')).toBe('opened');
    expect(filterStatusOf('pending')).toBe('pending');
  });

  it('every status but closed is active', () => {
    expect(ACTIVE_TICKET_STATUSES).toEqual(['new', 'pending', 'opened', 'resolved', 'hold', 'escalated']);
  });

  it.each([
    ['resolved', 'requested', true],
    ['closed', 'requested', true],
    ['resolved', 'positive', false],
    ['resolved', 'none', false],
    ['opened', 'requested', false],
  ])('a %s ticket whose rating is %s can be rated: %s', (status, csat, expected) => {
    expect(canRate(status, csat)).toBe(expected);
  });

  it('titles a ticket by its first line, at most 80 characters', () => {
    expect(ticketTitle('  Payout missing \nmore words')).toBe('Payout missing');
    const long = ticketTitle('x'.repeat(120));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('cuts a long first line after a whole word, not inside one (issue 32)', () => {
    const title = ticketTitle(
      'Our checkout page shows the wrong instalment amount for every basket over 2,000 SAR. Screenshot attached.',
    );
    expect(title).toBe('Our checkout page shows the wrong instalment amount for every basket over 2,000…');
    expect(title.length).toBeLessThanOrEqual(80);
  });
});

describe('the list’s address', () => {
  it('reads statuses, topics, days and the page, and drops what it does not know', () => {
    const filters = filtersFrom(
      new URLSearchParams(
        'status=opened,bogus,closed&topic=finances,nope&from=2025-02-30&to=2025-03-11&page=3',
      ),
    );
    expect(filters).toEqual({
      statuses: ['opened', 'closed'],
      topics: ['finances'],
      from: null,
      to: '2025-03-11',
      page: 3,
    });
    expect(filtersFrom(new URLSearchParams('page=-2')).page).toBe(1);
    expect(filtersFrom(new URLSearchParams('page=abc')).page).toBe(1);
    expect(filtersFrom(new URLSearchParams('status=hold')).statuses).toEqual([]);
  });

  it('writes back what it read, page 1 and empty filters left out', () => {
    const params = 'status=opened%2Cclosed&topic=finances&to=2025-03-11&page=3';
    expect(paramsOf(filtersFrom(new URLSearchParams(params))).toString()).toBe(params);
    expect(paramsOf(filtersFrom(new URLSearchParams('page=1'))).toString()).toBe('');
    expect(hasFilters(filtersFrom(new URLSearchParams('page=4')))).toBe(false);
    expect(hasFilters(filtersFrom(new URLSearchParams('topic=other')))).toBe(true);
  });

  it('asks the API for the page’s offset in the merchant’s time zone', () => {
    expect(apiQuery(filtersFrom(new URLSearchParams('status=opened&from=2025-03-01&page=2')), 180)).toEqual({
      tz_offset: '180',
      limit: '20',
      offset: '20',
      statuses: 'opened',
      created_at_gte: '2025-03-01',
    });
  });
});
