/**
 * Support tickets as a merchant uses them (onboarding spec §2 "Other areas", §4, §7; docs/support.md): the list
 * filtered (kept in the address, opened finding hold and escalated) and paged; a ticket opened with a photo; a
 * resolved ticket rated; in English on the desktop, in Arabic at 375 px. Each test acts on a merchant of its own.
 */
import { expect, test, type Page } from './test';
import { PNG, shot, signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

/** A merchant with an admin (signed in on the page) and tickets: `extra` new ones and one of each other status. */
async function merchantWithTickets(page: Page, extra = 0) {
  const tag = `${Date.now().toString(36)}${uniqueDigits(4)}`;
  const merchant = `mer-e2e-sup-${tag}`;
  const account = `acc-e2e-sup-${tag}`;
  const who = { email: `${account}@e2e.example`, phone: `+96657${uniqueDigits(7)}` };
  const ticket = (i: number, status: string, more: Record<string, unknown> = {}) => ({
    id: `tck-${tag}-${i}`,
    merchant_id: merchant,
    account_id: account,
    topic: ['tech_issue', 'finances', 'other'][i % 3],
    status,
    created_at: `today-${i + 1}d`,
    messages: [
      { author: 'merchant', name: who.email, body: `Question ${i}\nThe details of question ${i}.` },
      { author: 'agent', name: 'Aisha', body: `Answer ${i}` },
    ],
    ...more,
  });
  const tickets = [
    ticket(0, 'resolved', { csat: 'requested' }),
    ticket(1, 'opened'),
    ticket(2, 'hold'),
    ticket(3, 'escalated'),
    ticket(4, 'closed', { csat: 'positive', csat_note: 'Great' }),
    ticket(5, 'pending'),
    ...Array.from({ length: extra }, (_, i) => ticket(6 + i, 'new')),
  ];
  const res = await page.request.post('/dev/fixtures', {
    data: {
      accounts: [{ id: account, ...who }],
      merchants: [{ id: merchant, name: `Support ${tag}`, country: 'SAU' }],
      permissions: [
        {
          account_id: account,
          merchant_id: merchant,
          role: 'workspace_admin',
          flags: { has_merchant_access: true, has_store_access: true, is_account_edit_allowed: true },
        },
      ],
      support_tickets: tickets,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await signInWith(page.request, who);
  return { tag, ids: tickets.map((t) => t.id) };
}

test.describe('support tickets', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('filter and page the list; the filters stay in the address', async ({ page }) => {
    await merchantWithTickets(page, 20);
    await page.goto('/support?lang=en');
    const rows = page.getByTestId('tickets').locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('1–20 of 26 tickets')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(rows).toHaveCount(6);
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('21–26 of 26 tickets')).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: /^Open/ }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=opened/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('tickets').locator('[data-status]')).toHaveText([
      'Open',
      'On hold',
      'Escalated',
    ]);
    await shot(page, 'support-list-en');
    await page.reload();
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(20);
  });

  test('open a ticket with a photo, then rate a resolved one', async ({ page }) => {
    const { ids } = await merchantWithTickets(page);
    await page.goto('/support?lang=en');
    await page.getByRole('button', { name: 'New ticket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New support ticket' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Choose a topic').last()).toBeVisible();
    await expect(dialog.getByText('Tell us what happened')).toBeVisible();
    await expect(dialog.getByText('Give your ticket a subject')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Finances' }).click();
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Payout of Sunday is missing');
    await dialog.getByRole('textbox', { name: 'What happened?' }).fill('Short');
    await expect(dialog.getByText('Write at least 10 characters')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'What happened?' })
      .fill('The payout of Sunday 12 has not reached our bank account.\nOur bank confirmed nothing arrived.');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Add a photo' }).click();
    await (await chooser).setFiles([{ name: 'statement.png', mimeType: 'image/png', buffer: PNG }]);
    await expect(dialog.getByTestId('photo')).toHaveCount(1);
    await shot(page, 'support-form-en');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Your ticket is open. We will answer here.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payout of Sunday is missing' })).toBeVisible();
    await expect(page.locator('[data-status="new"]')).toBeVisible();
    await expect(page.getByTestId('conversation')).toContainText('Our bank confirmed nothing arrived.');
    await expect(page.getByRole('img', { name: 'statement.png' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to tickets' }).click();
    await expect(page.getByTestId('tickets').locator('tbody tr').first()).toContainText(
      'Payout of Sunday is missing',
    );

    await page.goto(`/support/${ids[0]}?lang=en`);
    await expect(page.getByTestId('conversation').locator('[data-author]')).toHaveCount(2);
    await page.getByRole('button', { name: 'Not helpful' }).click();
    await page
      .getByRole('textbox', { name: 'What could we have done better? (optional)' })
      .fill('Took a week.');
    await page.getByRole('button', { name: 'Send rating' }).click();
    await expect(page.getByText('Thank you for your rating.')).toBeVisible();
    await expect(page.getByTestId('csat')).toContainText('You found this not helpful');
    await expect(page.getByTestId('csat')).toContainText('Took a week.');
    await page.reload();
    await expect(page.getByTestId('csat')).toContainText('You found this not helpful');
    await expect(page.getByRole('button', { name: 'Helpful' })).toHaveCount(0);
  });
});

test.describe('support in Arabic on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('the list and a ticket read right to left', async ({ page }) => {
    const { ids } = await merchantWithTickets(page);
    await page.goto('/support?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'الدعم' })).toBeVisible();
    await expect(page.getByTestId('tickets-cards').locator('[data-row]')).toHaveCount(6);
    await expect(page.getByTestId('tickets-cards').getByText('معلّقة')).toBeVisible();
    await shot(page, 'support-list-ar-375');
    await page.goto(`/support/${ids[0]}?lang=ar`);
    await expect(page.getByText('كيف كانت خدمتنا؟')).toBeVisible();
    await shot(page, 'support-detail-ar-375');
  });
});
