/**
 * The browser's error reports (shell spec §8; src/web/errorReporting.ts): nothing loaded without a DSN; with one,
 * the SDK starts with every session sampled, the errors of the page's first moments are sent once it is there, the
 * resize-observer noise is dropped, a network failure is a warning and an API error names the server's request id.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportingSdk } from '../../src/web/errorReporting';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh copy of the module (it keeps its SDK), the server answering `config`, and an SDK that records. */
async function start(config: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(config)),
  );
  const { startErrorReporting, reportError } = await import('../../src/web/errorReporting');
  const captured: unknown[] = [];
  const init = vi.fn();
  const sdk: ReportingSdk = { init, captureException: (error) => captured.push(error) };
  const load = vi.fn(async () => sdk);
  let idle = () => undefined as void;
  const started = startErrorReporting(load, (run) => (idle = run));
  return { started, idle: () => idle(), load, init, captured, reportError };
}

describe('error reports', () => {
  it('load nothing without a DSN (the default)', async () => {
    const run = await start({ dsn: null, environment: 'production' });
    run.idle();
    await run.started;
    expect(run.load).not.toHaveBeenCalled();
  });

  it('start the SDK with the DSN, every session sampled, and send what happened before it was there', async () => {
    const run = await start({ dsn: 'https://key@errors.provider.example/7', environment: 'staging' });
    const early = new Error('broke while loading');
    window.dispatchEvent(new ErrorEvent('error', { error: early, message: early.message }));
    run.idle();
    await run.started;
    expect(run.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@errors.provider.example/7',
        environment: 'staging',
        sampleRate: 1,
      }),
    );
    expect(run.captured).toEqual([early]);
    const later = new Error('caught by the render-error page');
    run.reportError(later);
    expect(run.captured).toEqual([early, later]);
  });

  it('drop the resize-observer noise, warn of a network failure, and name the server’s request id', async () => {
    // The module and its ApiError from one copy (the tests above load fresh copies).
    const { shapeReport } = await import('../../src/web/errorReportRules');
    const { ApiError } = await import('../../src/web/api/client');
    expect(shapeReport({}, new Error('ResizeObserver loop limit exceeded'))).toBeNull();
    expect(shapeReport({}, new ApiError(0, 'network error'))).toMatchObject({ level: 'warning' });
    expect(
      shapeReport({}, new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toMatchObject({
      level: 'warning',
    });
    expect(shapeReport({ tags: { page: 'orders' } }, new ApiError(500, 'unknown', {}, {}, 'req-42'))).toEqual(
      {
        level: 'error',
        tags: { page: 'orders', request_id: 'req-42' },
      },
    );
  });
});
