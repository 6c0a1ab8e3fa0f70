/** The error reports' rules (shell spec §8 "Error-reporting") and the DSN setting's check. */
import { describe, expect, it } from 'vitest';
import { dsnProblem, reportLevel, REPORT_SAMPLE_RATE } from '../../src/domain/errorReports';

describe('what an unexpected error is reported as', () => {
  it.each([
    [{ message: 'ResizeObserver loop limit exceeded' }, 'drop'],
    [{ message: 'ResizeObserver loop completed with undelivered notifications.' }, 'drop'],
    [
      {
        name: 'TypeError',
        message: 'Failed to fetch dynamically imported module: https://x/assets/Orders-1.js',
      },
      'warning',
    ],
    [{ name: 'TypeError', message: 'error loading dynamically imported module' }, 'warning'],
    [{ name: 'TypeError', message: 'Importing a module script failed.' }, 'warning'],
    [{ name: 'ChunkLoadError', message: 'Loading chunk 42 failed.' }, 'warning'],
    [{ name: 'LoadTimeout', message: 'a screen did not load within 120 s' }, 'warning'],
    [{ name: 'CatalogueLoadError', message: 'could not load /flows/x/step.js: boom' }, 'warning'],
    [{ name: 'TypeError', message: 'Failed to fetch' }, 'warning'],
    [{ name: 'TypeError', message: 'NetworkError when attempting to fetch resource.' }, 'warning'],
    [{ name: 'TypeError', message: 'Load failed' }, 'warning'],
    [{ name: 'ApiError', message: 'network error', status: 0 }, 'warning'],
    [{ name: 'ApiError', message: 'unknown', status: 500 }, 'error'],
    [{ name: 'TypeError', message: "Cannot read properties of undefined (reading 'id')" }, 'error'],
    [{}, 'error'],
  ])('%j → %s', (facts, level) => expect(reportLevel(facts)).toBe(level));

  it('samples every session', () => expect(REPORT_SAMPLE_RATE).toBe(1));
});

describe('the DSN setting', () => {
  it.each([
    ['https://3f2a9c@o12.ingest.sentry.io/4506', null],
    ['https://key@glitchtip.provider.example/7', null],
    ['https://key@errors.provider.example/sentry/12', null],
    ['not a url', 'is not an address'],
    ['ftp://key@host/1', 'must be an https address'],
    ['https://host/1', 'must hold the public key before the host (https://<key>@host/<project>)'],
    ['https://key@host/', 'must end with the project id (https://<key>@host/<project>)'],
  ])('%s → %s', (dsn, problem) => expect(dsnProblem(dsn)).toBe(problem));
});
