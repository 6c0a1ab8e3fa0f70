/**
 * `pipedrive/{applicationId}` (shell spec §2; docs/configuration.md CRM_APPLICATION_URL): the page asks where the
 * application is in the CRM and goes on there (a link too, should the browser not follow); without a CRM set up it
 * says so, with the way back; in Arabic as in English.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import shellEn from '../../locales/en/shell.json';
import shellAr from '../../locales/ar/shell.json';
import { CrmRedirect } from '../../src/web/features/crm/routes/CrmPages';
import { showPage } from './setup/showPage';

async function show(lang: 'en' | 'ar') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, resources: { en: { shell: shellEn }, ar: { shell: shellAr } } });
  showPage({ i18n, route: '/pipedrive/:applicationId', path: '/pipedrive/app-42', element: <CrmRedirect /> });
}

afterEach(() => vi.unstubAllGlobals());

describe('the CRM redirect', () => {
  it('asks for the application’s page in the CRM and goes there', async () => {
    const fetch = vi.fn().mockResolvedValue(Response.json({ url: 'https://acme.pipedrive.com/deal/app-42' }));
    vi.stubGlobal('fetch', fetch);
    await show('en');
    expect(String(fetch.mock.calls[0]![0])).toContain('/merchant/api/v1/crm/applications/app-42');
    const link = await screen.findByRole('link', { name: 'Open it in the CRM' });
    expect(link.getAttribute('href')).toBe('https://acme.pipedrive.com/deal/app-42');
    expect(screen.getByText('Opening application app-42 in the CRM…')).toBeTruthy();
  });

  it('without a CRM set up, says so in the page’s language with the way back', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          Response.json({ status: 404, message: 'no CRM is set up (CRM_APPLICATION_URL)' }, { status: 404 }),
        ),
    );
    await show('ar');
    expect(await screen.findByText('لم يُضبط نظام لإدارة العملاء')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'الذهاب إلى لوحة التحكم' }).getAttribute('href')).toBe('/');
  });
});
