/** Notifications (spec §2.8), the error pages (§2.5) and the render-error page, in jsdom. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import common from '../../locales/en/common.json';
import { NotificationArea } from '../../src/web/components/NotificationArea';
import { AUTO_HIDE_MS, notify, useNotifications } from '../../src/web/components/notificationStore';
import { ErrorPage, FailedPage } from '../../src/web/components/ErrorPage';
import { ApiError } from '../../src/web/api/client';
import { RenderErrorPage } from '../../src/web/components/RenderErrorPage';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', ns: ['common'], defaultNS: 'common', resources: { en: { common } } });

function wrap(children: React.ReactNode) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">{children}</MantineProvider>
    </I18nextProvider>
  );
}

afterEach(() => {
  useNotifications.getState().clear();
  vi.useRealTimers();
});

describe('notifications', () => {
  it.each(['error', 'info', 'success', 'warning', 'iris'] as const)(
    'shows the %s variant with its title and message',
    (variant) => {
      render(wrap(<NotificationArea />));
      act(() => notify({ variant, title: `Title ${variant}`, message: `Message ${variant}` }));
      expect(screen.getByText(`Title ${variant}`)).toBeTruthy();
      expect(screen.getByText(`Message ${variant}`)).toBeTruthy();
      expect(document.querySelector(`[data-variant="${variant}"]`)).not.toBeNull();
    },
  );

  it('hides one with autoHide after 5 seconds; one without stays until closed', async () => {
    vi.useFakeTimers();
    render(wrap(<NotificationArea />));
    act(() => {
      notify({ variant: 'info', title: 'Goes', message: 'by itself' });
      notify({ variant: 'warning', title: 'Stays', message: 'until closed', autoHide: false });
    });
    act(() => vi.advanceTimersByTime(AUTO_HIDE_MS - 100));
    expect(screen.queryByText('Goes')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Goes')).toBeNull();
    expect(screen.queryByText('Stays')).not.toBeNull();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Stays')).toBeNull();
  });
});

describe('error pages', () => {
  const inRouter = (element: React.ReactNode) =>
    wrap(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);

  it.each([
    [403, "You don't have access to this page"],
    [404, 'Page not found'],
    [500, 'Something went wrong on our side'],
    [502, 'Something went wrong on our side'],
  ])('%i has its own text', async (status, title) => {
    render(inRouter(<ErrorPage status={status} />));
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  });

  it('a question the network did not carry is no server error: no 500, a way to try again, and it tries by itself once back online', async () => {
    const retry = vi.fn();
    render(inRouter(<ErrorPage status={0} onRetry={retry} />));
    expect(await screen.findByRole('heading', { name: 'No connection to the back office' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong on our side')).toBeNull();
    expect(screen.queryByText('500')).toBeNull();
    // Offline the start page cannot load either: trying again is the one way offered.
    expect(screen.queryByRole('link', { name: 'Go to the start page' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('a failed question draws the network page for a network failure and the server page for anything else', async () => {
    const { unmount } = render(
      inRouter(<FailedPage error={new ApiError(0, 'network error')} onRetry={() => undefined} />),
    );
    expect(await screen.findByRole('heading', { name: 'No connection to the back office' })).toBeTruthy();
    unmount();
    const retry = vi.fn();
    render(inRouter(<FailedPage error={new ApiError(503, 'unavailable')} onRetry={retry} />));
    expect(await screen.findByRole('heading', { name: 'Something went wrong on our side' })).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    // A server error's page does not try again on its own when the browser says it is online.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(retry).not.toHaveBeenCalled();
  });

  it('an unexpected render error shows refresh and where to write: the support page, no mailbox being set', async () => {
    const Boom = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      wrap(
        <RouterProvider
          router={createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RenderErrorPage /> }])}
        />,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Oops, something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Support' })).getAttribute('href')).toBe('/support');
    expect(document.body.textContent).not.toContain('example.com');
  });
});
