/** The sidebar's rules that the demo personas do not show (shell spec §2.3). */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderSidebar } from './setup/renderSidebar';
import { computePermissions } from '../../src/domain/permissions';
import { ENTRY_ICONS as ICONS_DRAWN } from '../../src/web/app/shell/icons';
import type { FlowEntryView } from '../../src/web/api/flowEntries';
import { ENTRY_ICONS } from '../../src/engine/core/types';

// The deployment's site links, the payments survey among them (SURVEY_URL; sidebar-survey-off.test.tsx: unset).
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: unknown) =>
    String(input).includes('/merchant/api/v1/site-links')
      ? Response.json({ survey: 'https://survey.provider.test/{lang}/payments' })
      : new Response(null, { status: 404 }),
  ),
);

describe('sidebar rules', () => {
  it('opens the survey in a frame of the configured page, in the page’s language, and offers to go back to it', async () => {
    const { unmount } = renderSidebar(
      { experiments: ['acquiring_survey'] },
      { email: 'a@b.co', phone: '+966501234567' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Take the survey' }));
    const frame = await screen.findByTitle('The payments survey');
    expect(frame.getAttribute('src')).toBe('https://survey.provider.test/en/payments');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(localStorage.getItem('tby:md:survey-visited')).toBe('1');
    expect(screen.getByRole('button', { name: 'Back to the survey' })).toBeTruthy();
    unmount();
    localStorage.clear();
  });

  it('shows the survey card only with the acquiring_survey experiment (§2.3 AcquiringSurvey), and closing it keeps it closed', async () => {
    const contact = { email: 'a@b.co', phone: '+966501234567' };
    const without = renderSidebar({}, contact);
    await screen.findAllByRole('link');
    expect(screen.queryByText('A two-minute survey helps us build what you need.')).toBeNull();
    without.unmount();
    const { unmount } = renderSidebar({ experiments: ['acquiring_survey'] }, contact);
    expect(await screen.findByText('A two-minute survey helps us build what you need.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the survey card' }));
    await waitFor(() =>
      expect(screen.queryByText('A two-minute survey helps us build what you need.')).toBeNull(),
    );
    unmount();
    renderSidebar({ experiments: ['acquiring_survey'] }, contact);
    await screen.findAllByRole('link');
    expect(screen.queryByText('A two-minute survey helps us build what you need.')).toBeNull();
    localStorage.clear();
  });

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

  it('bounces the legal-entity alert for 0.4 s when the collapse button is clicked (§2.3)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderSidebar(
        {
          legalEntity: {
            id: 'le-1',
            merchant_id: 'mer-1',
            status: 'pending_info',
            country: 'ARE',
            license_expiry_date: null,
          },
        },
        { email: 'a@b.co', phone: '+966501234567' },
      );
      const alert = (
        await screen.findByText('Keep your account active by providing the missing information')
      ).closest('.mantine-Alert-root')!;
      expect(alert.className).not.toMatch(/bounce/);
      fireEvent.click(screen.getByRole('button', { name: 'Collapse the sidebar' }));
      await waitFor(() => expect(alert.className).toMatch(/bounce/));
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(alert.className).not.toMatch(/bounce/);
    } finally {
      vi.useRealTimers();
    }
  });
});
