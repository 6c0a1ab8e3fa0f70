/** The sidebar's rules that the demo personas do not show (shell spec §2.3). */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import shell from '../../locales/en/shell.json';
import common from '../../locales/en/common.json';
import { Sidebar } from '../../src/web/app/shell/Sidebar';
import { computePermissions } from '../../src/domain/permissions';
import type { ShellData } from '../../src/web/app/shell/useShell';
import { ENTRY_ICONS as ICONS_DRAWN } from '../../src/web/app/shell/icons';
import { FLOW_ENTRIES_KEY, type FlowEntryView } from '../../src/web/api/flowEntries';
import { ENTRY_ICONS } from '../../src/engine/core/types';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'common', resources: { en: { shell, common } } });

function renderSidebar(
  data: Partial<ShellData>,
  account: { email: string | null; phone: string | null },
  /** The catalogue flows' entries (GET /merchant/api/v1/catalogue/flows). */
  entries: FlowEntryView[] = [],
) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(FLOW_ENTRIES_KEY, entries);
  queryClient.setQueryData(['account'], {
    id: 'a',
    first_name: null,
    last_name: null,
    lang: 'en',
    created_at: '',
    permissions: [],
    ...account,
  });
  const shellData: ShellData = {
    permissions: computePermissions({
      flags: {},
      experiments: [],
      role: null,
      application: null,
      firstStoreProducts: null,
      merchantCountry: null,
    }),
    experiments: [],
    legalEntity: null,
    applicationStatus: null,
    ...data,
  };
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <Sidebar
          shell={shellData}
          collapsed={false}
          onToggle={() => undefined}
          onNavigate={() => undefined}
        />
      ),
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('sidebar rules', () => {
  it('shows the application item while it may be viewed (a draft, then in review), and support for an applicant', async () => {
    const contact = { email: 'a@b.co', phone: '+966501234567' };
    const { unmount } = renderSidebar({ applicationStatus: 'draft' }, contact);
    expect((await screen.findByRole('link', { name: 'Application' })).getAttribute('href')).toBe(
      '/applications',
    );
    unmount();
    // Submitted: the sidebar is not left empty (issue 32) — the application (its view) and a way to support.
    const submitted = renderSidebar({ applicationStatus: 'partially_submitted' }, contact);
    expect((await screen.findByRole('link', { name: 'Application' })).getAttribute('href')).toBe(
      '/applications',
    );
    const support = screen.getByRole('link', { name: /Support/ });
    expect(support.getAttribute('href')).toBe('/help-centre?lang=en');
    expect(support.getAttribute('target')).toBe('_blank');
    submitted.unmount();
    // Approved (merchant access): no application item; Support is the merchant's own support pages.
    renderSidebar(
      {
        applicationStatus: 'partially_submitted',
        permissions: computePermissions({
          flags: { has_merchant_access: true },
          experiments: [],
          role: 'sales_manager',
          application: null,
          firstStoreProducts: null,
          merchantCountry: 'SAU',
        }),
      },
      contact,
    );
    expect((await screen.findByRole('link', { name: /Support/ })).getAttribute('href')).toBe('/support');
    expect(screen.queryByRole('link', { name: 'Application' })).toBeNull();
  });

  it('marks the application item when a reviewer sent it back or did not approve it, and not while it waits', async () => {
    const contact = { email: 'a@b.co', phone: '+966501234567' };
    const back = renderSidebar({ applicationStatus: 'sent_back' }, contact);
    expect((await screen.findByRole('link', { name: /Application/ })).textContent).toContain(
      'Changes needed',
    );
    back.unmount();
    const rejected = renderSidebar({ applicationStatus: 'rejected' }, contact);
    expect((await screen.findByRole('link', { name: /Application/ })).textContent).toContain('Not approved');
    rejected.unmount();
    renderSidebar({ applicationStatus: 'in_review' }, contact);
    const waiting = await screen.findByRole('link', { name: /Application/ });
    expect(waiting.textContent).not.toContain('Changes needed');
    expect(waiting.textContent).not.toContain('Not approved');
  });

  it('lists a catalogue flow’s entry in its section, for members with the permission it names', async () => {
    const requests: FlowEntryView = {
      flow: 'merchant-request',
      section: 'businessProfile',
      icon: 'clipboard-list',
      permission: 'hasMerchantAccess',
      title: { en: 'Requests', ar: 'طلبات الخدمة' },
    };
    const merchant = computePermissions({
      flags: { has_merchant_access: true },
      experiments: [],
      role: 'sales_manager',
      application: null,
      firstStoreProducts: null,
      merchantCountry: 'SAU',
    });
    const contact = { email: 'a@b.co', phone: '+966501234567' };
    const shown = renderSidebar({ permissions: merchant }, contact, [requests]);
    const link = await screen.findByRole('link', { name: 'Requests' });
    expect(link.getAttribute('href')).toBe('/forms/merchant-request');
    // In its section, after the section's own items.
    const section = screen.getByRole('navigation', { name: 'Business profile' });
    expect(section.contains(link)).toBe(true);
    expect(section.textContent!.indexOf('Support')).toBeLessThan(section.textContent!.indexOf('Requests'));
    shown.unmount();
    // Without the permission (an applicant), or naming one the app does not know: not shown.
    const applicant = renderSidebar({ applicationStatus: 'draft' }, contact, [
      requests,
      { ...requests, flow: 'newer', permission: 'canDoSomethingNew', title: { en: 'Newer', ar: 'أحدث' } },
    ]);
    await screen.findByRole('link', { name: 'Application' });
    expect(screen.queryByRole('link', { name: 'Requests' })).toBeNull();
    applicant.unmount();
    renderSidebar({ permissions: merchant }, contact, [
      { ...requests, permission: 'canDoSomethingNew', title: { en: 'Newer', ar: 'أحدث' } },
    ]);
    await screen.findByRole('link', { name: /Support/ });
    expect(screen.queryByRole('link', { name: 'Newer' })).toBeNull();
  });

  it('gathers two or more form entries in one "Forms" group at the list’s end, in the sections’ order', async () => {
    const entry = (flow: string, section: FlowEntryView['section'], en: string): FlowEntryView => ({
      flow,
      section,
      icon: 'clipboard-list',
      permission: 'hasMerchantAccess',
      title: { en, ar: en },
    });
    const merchant = computePermissions({
      flags: { has_merchant_access: true },
      experiments: [],
      role: 'sales_manager',
      application: null,
      firstStoreProducts: null,
      merchantCountry: 'SAU',
    });
    renderSidebar({ permissions: merchant }, { email: 'a@b.co', phone: '+966501234567' }, [
      entry('requests', 'businessProfile', 'Requests'),
      entry('suppliers', 'general', 'Supplier details'),
    ]);
    const forms = await screen.findByRole('navigation', { name: 'Forms' });
    expect(screen.getByRole('navigation', { name: 'General' }).textContent).not.toContain('Supplier details');
    expect(screen.getByRole('navigation', { name: 'Business profile' }).textContent).not.toContain(
      'Requests',
    );
    fireEvent.click(within(forms).getByRole('button', { name: 'Forms' }));
    await waitFor(() =>
      expect(
        within(forms)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/forms/suppliers', '/forms/requests']),
    );
  });

  it('draws every icon a flow’s entry may name', () => {
    expect(Object.keys(ICONS_DRAWN).sort()).toEqual([...ENTRY_ICONS].sort());
  });

  it('marks the account item with "1" while the account has no phone', async () => {
    renderSidebar({}, { email: 'nophone@b.co', phone: null });
    expect((await screen.findByRole('link', { name: /nophone@b\.co/ })).textContent).toContain('1');
  });

  it('shows the warning for suspending like pending_info', async () => {
    renderSidebar(
      {
        legalEntity: {
          id: 'le-1',
          merchant_id: 'mer-1',
          status: 'suspending',
          country: 'ARE',
          license_expiry_date: null,
        },
      },
      { email: 'a@b.co', phone: '+966501234567' },
    );
    expect(
      await screen.findByText('Keep your account active by providing the missing information'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe(
      '/legal-entities/le-1',
    );
  });
});
