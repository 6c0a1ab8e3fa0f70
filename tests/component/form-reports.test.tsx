/**
 * The wizard's form events on their way (src/web/api/formReports.ts; issue 61): held a few seconds and sent
 * together per flow and draft, at most 50 a call; sent at once with keepalive as the page goes away; a failed
 * report is dropped without a word to the merchant.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.fn<(method: string, url: string, body: unknown, options: unknown) => Promise<unknown>>();
vi.mock('../../src/web/api/client', () => ({ api: (...args: Parameters<typeof api>) => api(...args) }));
const { flushFormReports, reportFormEvents } = await import('../../src/web/api/formReports');

const shown = (step: string) => ({ kind: 'step_shown' as const, step });

describe('form reports', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    api.mockReset();
    api.mockResolvedValue(undefined);
  });
  afterEach(() => {
    flushFormReports();
    vi.useRealTimers();
  });

  it('waits three seconds, then sends each draft’s events in one call', () => {
    reportFormEvents({ flow: 'demo-request', draft: 'd1' }, [shown('contact')]);
    reportFormEvents({ flow: 'onboarding' }, [shown('basic-info')]);
    reportFormEvents({ flow: 'demo-request', draft: 'd1' }, [shown('shop')]);
    vi.advanceTimersByTime(2999);
    expect(api).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(api.mock.calls).toEqual([
      [
        'POST',
        '/merchant/api/v1/flows/demo-request/events',
        { draft: 'd1', events: [shown('contact'), shown('shop')] },
        { keepalive: false, quiet401: true },
      ],
      [
        'POST',
        '/merchant/api/v1/flows/onboarding/events',
        { events: [shown('basic-info')] },
        { keepalive: false, quiet401: true },
      ],
    ]);
  });

  it('sends at once at 50, and in calls of at most 50', () => {
    reportFormEvents(
      { flow: 'demo-request', draft: 'd2' },
      Array.from({ length: 120 }, () => shown('contact')),
    );
    expect(api.mock.calls.map((c) => (c[2] as { events: unknown[] }).events.length)).toEqual([50, 50, 20]);
  });

  it('sends what waits with keepalive as the page goes away, and a failure says nothing', async () => {
    api.mockRejectedValue(new Error('offline'));
    reportFormEvents({ flow: 'demo-request', draft: 'd3' }, [shown('contact')]);
    window.dispatchEvent(new Event('pagehide'));
    expect(api).toHaveBeenCalledTimes(1);
    expect(api.mock.calls[0]![3]).toEqual({ keepalive: true, quiet401: true });
    await vi.runAllTimersAsync();
    // Nothing left to send, nothing sent twice.
    expect(api).toHaveBeenCalledTimes(1);
  });
});
