/**
 * Ops' status-message page (issue 56, point 9): inside the staff frame — a header naming it, the other staff pages
 * one click away — and a shown message without a text is refused as it stands, each empty field named, before
 * anything is sent; typing a text clears its own message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { showStaffPage } from './setup/showPage';
import common from '../../locales/en/common.json';
import ops from '../../locales/en/ops.json';
import validation from '../../locales/en/validation.json';
import { StatusMessagePage } from '../../src/web/features/ops-status/routes/StatusMessagePage';
import type { StatusMessage } from '../../src/contract/remoteConfig';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'common', resources: { en: { common, ops, validation } } });

const CURRENT: StatusMessage = {
  is_active: false,
  variant: 'info',
  title: { en: '', ar: '' },
  message: { en: '', ar: '' },
  updated_at: null,
  updated_by: null,
};

const show = () => showStaffPage({ i18n, path: '/ops/status-message', element: <StatusMessagePage /> });

afterEach(() => vi.unstubAllGlobals());

describe('the status-message page', () => {
  it('sits in the staff frame with a way to the studio, its audit log and the support chat', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ web_status_message: CURRENT })));
    show();
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Status message' }).getAttribute('href')).toBe(
      '/ops/status-message',
    );
    for (const [name, href] of [
      ['Form studio', '/studio'],
      ['Audit log', '/studio/audit'],
      ['Support chat', '/ops/chat'],
    ])
      expect(within(header).getByRole('link', { name }).getAttribute('href')).toBe(href);
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('names each empty text of a shown message before sending, and a typed text clears its own message', async () => {
    const fetch = vi.fn().mockResolvedValue(Response.json({ web_status_message: CURRENT }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('switch', { name: /Show it on every merchant/ }));
    const [titleEn] = screen.getAllByLabelText(/^Title/);
    await user.type(titleEn!, 'Eid holiday');
    await user.type(screen.getAllByLabelText(/^Message/)[0]!, 'Payouts resume on Sunday.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The Arabic title and message are named; nothing was sent (the one call is the page's read).
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(
      fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT'),
    ).toEqual([]);
    await user.type(screen.getAllByLabelText(/^Title/)[1]!, 'عطلة العيد');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });
});
