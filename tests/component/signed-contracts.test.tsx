/**
 * The provider's copies of signed contracts (ops, `/ops/contracts`; docs/contracts.md): the list as the server pages
 * it, each row's download of the stamped PDF, the search carried to the server, the empty state, and the page refused
 * to an account that is not product ops.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { showStaffPage } from './setup/showPage';
import common from '../../locales/en/common.json';
import contracts from '../../locales/en/contracts.json';
import lists from '../../locales/en/lists.json';
import { SignedContractsPage } from '../../src/web/features/contracts-console/routes/SignedContractsPage';
import type { SignedContracts } from '../../src/contract/contracts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'common', resources: { en: { common, contracts, lists } } });

const PAGE: SignedContracts = {
  contracts: [
    {
      id: 'ctr-1',
      kind: 'capital_loan',
      subject_id: 'app-1',
      merchant_name: 'Falasi Trading',
      language: 'ar',
      signer_name: 'Noura Saeed',
      signed_at: '2026-11-30T09:15:00.000Z',
    },
    {
      id: 'ctr-2',
      kind: 'store',
      subject_id: 'store-1',
      merchant_name: 'Gulf Sweets',
      language: 'en',
      signer_name: 'Omar Khalid',
      signed_at: '2026-11-29T12:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  page_size: 20,
};

const show = (role: string | null = 'ops') =>
  showStaffPage({ i18n, path: '/ops/contracts', element: <SignedContractsPage />, role });

afterEach(() => vi.unstubAllGlobals());

describe('the signed contracts page', () => {
  it('lists the signed contracts, each with its download of the provider’s copy', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(PAGE)));
    show();
    // (jsdom draws the table and the phone's cards both.)
    const [download] = await screen.findAllByRole('link', {
      name: 'Download the signed contract of Falasi Trading',
    });
    expect(download!.getAttribute('href')).toBe('/merchant/api/v1/provider/contracts/ctr-1/signed.pdf');
    expect(download!.hasAttribute('download')).toBe(true);
    expect(screen.getAllByText('Capital advance').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Store agreement').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Noura Saeed').length).toBeGreaterThan(0);
    expect(screen.getByText('1–2 of 2 contracts')).toBeTruthy();
    // In the staff frame, a way to the other ops pages.
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Signed contracts' }).getAttribute('href')).toBe(
      '/ops/contracts',
    );
  });

  it('carries the search to the server and the address, and says when nothing matches', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json(PAGE))
      .mockResolvedValue(Response.json({ ...PAGE, contracts: [], total: 0 }));
    vi.stubGlobal('fetch', fetch);
    const router = show();
    await screen.findAllByRole('link', { name: 'Download the signed contract of Falasi Trading' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'nobody{Enter}');
    expect(await screen.findByText('No signed contract matches')).toBeTruthy();
    expect(String(fetch.mock.calls.at(-1)![0])).toContain('q=nobody');
    expect(router.state.location.search).toBe('?q=nobody');
  });

  it('is refused to an account that is not product ops', async () => {
    const fetch = vi.fn().mockResolvedValue(Response.json(PAGE));
    vi.stubGlobal('fetch', fetch);
    show('onboarding_reviewer');
    expect(await screen.findByText('This page is for the provider’s product ops')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
