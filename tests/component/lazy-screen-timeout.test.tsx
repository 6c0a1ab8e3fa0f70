/**
 * A screen whose code never arrives (a stalled mobile connection) is not a spinner forever: after the spec's 120 s
 * the render-error page says something went wrong and offers a refresh (shell spec §2.5, §9).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { lazyScreen } from '../../src/web/app/lazyScreen';
import { RenderErrorBoundary } from '../../src/web/components/RenderErrorPage';

afterEach(() => vi.useRealTimers());

/** A lazy screen whose code comes from `load`, under the render-error boundary, "loading" while it comes. */
function show(load: () => Promise<ComponentType>) {
  const lazy = lazyScreen(load);
  render(
    <MemoryRouter>
      <MantineProvider env="test">
        <RenderErrorBoundary pathname="/orders">
          <Suspense fallback={<p>loading</p>}>{lazy.element}</Suspense>
        </RenderErrorBoundary>
      </MantineProvider>
    </MemoryRouter>,
  );
}

describe('a lazy screen', () => {
  it('shows the render-error page once its chunk has not loaded for 120 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(() => new Promise<ComponentType>(() => undefined));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('button', { name: /refresh/i })).toBeTruthy();
    // The error the boundary caught names the timeout (what a report would carry).
    expect(
      String((console.error as unknown as { mock: { calls: unknown[][] } }).mock.calls.flat().join(' ')),
    ).toContain('did not load within 120 s');
  });
});

describe('a lazy screen whose code the network did not carry', () => {
  it('says there is no connection, not "oops", and loads the page again once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, reload } });
    try {
      show(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/OrdersPages.js')),
      );
      expect(await screen.findByText(/error\.network\.title|No connection/)).toBeTruthy();
      expect(screen.queryByText(/error\.render\.title|Oops/)).toBeNull();
      expect(reload).not.toHaveBeenCalled();
      act(() => void window.dispatchEvent(new Event('online')));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });

  it('keeps "oops" for a screen that broke for any other reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(() => Promise.reject(new Error('a bug of ours')));
    expect(await screen.findByText(/error\.render\.title|Oops/)).toBeTruthy();
    expect(screen.queryByText(/error\.network\.title|No connection/)).toBeNull();
  });
});
