/**
 * Which failures mean "the database is unavailable" (src/server/db/errors.ts): answered 503 "try again" instead
 * of a 500 per request while PostgreSQL restarts (issue 37, docs/scaling.md) — however deep drizzle wraps them —,
 * and which stay what they are (a unique violation, a bug).
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '../../src/server/db/errors';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('a database that cannot be reached', () => {
  it.each([
    [
      'the server shutting down (57P01)',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['starting up (57P03)', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception (08006)', { code: '08006', message: 'connection failure' }],
    ['too many connections (53300)', { code: '53300', message: 'sorry, too many clients already' }],
    ['a refused socket', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['a reset socket', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['the driver losing its connection', new Error('Connection terminated unexpectedly')],
    ['the pool giving up', new Error('timeout exceeded when trying to connect')],
  ])('%s is unavailable, bare or wrapped', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(wrapped(error)))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key' }],
    ['a syntax error', { code: '42601', message: 'syntax error' }],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('tells a unique violation apart', () => {
    expect(isUniqueViolation(wrapped({ code: '23505' }))).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '57P01' }))).toBe(false);
  });
});
