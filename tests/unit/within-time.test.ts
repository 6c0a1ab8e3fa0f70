/** The chunk loading timeout (shell spec §9, onboarding §9: 120 s). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, LoadTimeout, withinTime } from '../../src/engine/core/withinTime';

afterEach(() => vi.useRealTimers());

describe('withinTime', () => {
  it('is the spec’s 120 seconds', () => expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000));

  it('fails a load still pending after the time, naming what did not load', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const loading = withinTime(never, CHUNK_LOAD_TIMEOUT_MS, 'a screen');
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(LoadTimeout);
    expect((error as Error).message).toBe('a screen did not load within 120 s');
  });

  it('passes a load that arrives in time (its value or its own failure) and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(withinTime(Promise.resolve('code'), 1000, 'x')).resolves.toBe('code');
    await expect(withinTime(Promise.reject(new Error('404')), 1000, 'x')).rejects.toThrow('404');
    expect(vi.getTimerCount()).toBe(0);
  });
});
