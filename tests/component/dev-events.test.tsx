/**
 * /dev/events (issue 60, point 1): the catalogue beside what fired — how many entries have fired, each entry's
 * state, a carried property the entry does not declare marked, an event outside the catalogue named, and the
 * entries not fired yet on their own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import devEn from '../../locales/en/dev.json';
import devAr from '../../locales/ar/dev.json';
import { EventsPage } from '../../src/web/features/dev/routes/EventsPage';
import { EVENT_CATALOGUE } from '../../src/domain/analyticsEvents';
import { showPage } from './setup/showPage';

async function texts(lang: 'en' | 'ar') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, defaultNS: 'dev', resources: { en: { dev: devEn }, ar: { dev: devAr } } });
  return i18n;
}

function fired(answer: object | 'fail') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/dev/events/fired') && answer !== 'fail'
        ? Response.json(answer)
        : Response.json({ message: 'unknown' }, { status: 500 }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

const total = Object.keys(EVENT_CATALOGUE).length;

describe('the events page', () => {
  it('counts what fired, marks a property the entry does not declare, and names an event outside the catalogue', async () => {
    fired([
      { event: 'Home Tile Opened', properties: ['tile'] },
      { event: 'Payouts Filtered', properties: ['filters', 'iban_hint'] },
      { event: 'Mystery Event', properties: [] },
    ]);
    showPage({ i18n: await texts('en'), path: '/dev/events', element: <EventsPage /> });
    expect((await screen.findByTestId('events-summary')).textContent).toBe(
      `2 of ${total} catalogue events have fired`,
    );
    const tile = document.querySelector('[data-event="Home Tile Opened"]') as HTMLElement;
    expect(within(tile).getByTestId('event-state').textContent).toBe('Fired');
    const payouts = document.querySelector('[data-event="Payouts Filtered"]') as HTMLElement;
    expect(within(payouts).getByTitle('Not declared by the catalogue').textContent).toBe('iban_hint');
    expect(within(screen.getByTestId('events-strangers')).getByText('Mystery Event')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Only those not fired yet' }));
    expect(document.querySelector('[data-event="Home Tile Opened"]')).toBeNull();
    expect(document.querySelectorAll('[data-event]')).toHaveLength(total - 2);
  });

  it('says in Arabic when what fired cannot be read, and reads again on Refresh', async () => {
    fired('fail');
    showPage({ i18n: await texts('ar'), path: '/dev/events', element: <EventsPage /> });
    expect((await screen.findByRole('alert')).textContent).toContain(devAr.events.failedTitle);
    fired([]);
    fireEvent.click(screen.getByRole('button', { name: devAr.events.refresh }));
    expect((await screen.findByTestId('events-summary')).textContent).toBe(
      `أُطلق 0 من ${total} حدثًا في الفهرس`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
