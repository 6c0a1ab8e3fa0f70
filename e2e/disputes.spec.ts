/**
 * Disputes as a merchant uses them (onboarding spec §2 "Other areas", §4, §7; docs/disputes.md): the list filtered
 * (kept in the address), searched and paged; a dispute opened; a refund; a challenge with a photo; the export;
 * the sidebar's count; a member without the disputes flag told so. In English on the desktop, in Arabic at
 * 375 px. Each test acts on a merchant of its own (a fixture), so no other test's list changes.
 */
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from './test';
import { personaCopy, PNG, shot, signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

/** A merchant with an admin (signed in on the page) and disputes: pending ones and one of each other status. */
async function merchantWithDisputes(page: Page, pending = 3) {
  const tag = `${Date.now().toString(36)}${uniqueDigits(4)}`;
  const merchant = `mer-e2e-dsp-${tag}`;
  const account = `acc-e2e-dsp-${tag}`;
  const who = { email: `${account}@e2e.example`, phone: `+96656${uniqueDigits(7)}` };
  const dispute = (i: number, status: string, extra: Record<string, unknown> = {}) => ({
    id: `dsp-${tag}-${i}`,
    merchant_id: merchant,
    order_id: `ORD-${tag}-${i}`,
    status,
    type: ['not_delivered', 'product_issue', 'unreceived_refund', 'identity_theft'][i % 4],
    amount: 100 + i * 10,
    currency: 'SAR',
    customer_name: `Customer ${i}`,
    created_at: `today-${i + 1}d`,
    customer_note: 'The parcel never came.',
    order: { items: [{ name: `Item ${i}`, quantity: 1, amount: 100 + i * 10 }] },
    ...extra,
  });
  const disputes = [
    ...Array.from({ length: pending }, (_, i) => dispute(i, 'pending')),
    dispute(pending, 'approved'),
    dispute(pending + 1, 'declined', { challenge: { reason: 'order_on_its_way' } }),
    dispute(pending + 2, 'cancelled'),
    dispute(pending + 3, 'arbitration', { customer_name: 'Noura Al-Qahtani' }),
  ];
  const res = await page.request.post('/dev/fixtures', {
    data: {
      accounts: [{ id: account, ...who }],
      merchants: [{ id: merchant, name: `Disputes ${tag}`, country: 'SAU' }],
      permissions: [
        {
          account_id: account,
          merchant_id: merchant,
          role: 'workspace_admin',
          flags: {
            has_merchant_access: true,
            has_store_access: true,
            is_disputes_allowed: true,
            is_dispute_refund_allowed: true,
            is_account_edit_allowed: true,
          },
        },
      ],
      disputes,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await signInWith(page.request, who);
  return { tag, ids: disputes.map((d) => d.id), orders: disputes.map((d) => d.order_id) };
}

test.describe('disputes', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('filter, search and page the list; the filters stay in the address', async ({ page }) => {
    const { tag, orders } = await merchantWithDisputes(page, 23);
    await page.goto('/disputes?lang=en');
    const rows = page.getByTestId('disputes').locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('20 disputes shown')).toBeVisible();
    // The sidebar counts the open ones: 23 pending and 1 in arbitration.
    await expect(page.getByRole('link', { name: /Disputes/ }).first()).toContainText('24');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(rows).toHaveCount(27);
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Refunded' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.keyboard.press('Escape');
    await expect(rows).toHaveCount(2);
    await expect(page).toHaveURL(/status=approved%2Ccancelled|status=approved,cancelled/);
    await page.reload();
    await expect(rows).toHaveCount(2);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill('noura');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(orders.at(-1)!);
    await expect(page).toHaveURL(/q=noura/);
    await page.getByRole('textbox', { name: 'Search' }).fill(`nobody-${tag}`);
    await expect(page.getByTestId('disputes-empty')).toContainText('No disputes match these filters.');

    // A day range: the second and third day back are the disputes opened then (local days).
    await page.getByRole('button', { name: 'Clear filters' }).click();
    const day = (back: number) => {
      const d = new Date(Date.now() - back * 86_400_000);
      return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    };
    await page.getByRole('textbox', { name: 'From' }).fill(day(3));
    await page.getByRole('textbox', { name: 'To' }).fill(day(2));
    await page.getByRole('textbox', { name: 'To' }).press('Enter');
    await expect(rows).toHaveCount(2);
    await page.getByRole('textbox', { name: 'From' }).fill('31/02/2025');
    await page.getByRole('textbox', { name: 'From' }).blur();
    await expect(page.getByText('Write the date as dd/mm/yyyy')).toBeVisible();
    await shot(page, 'disputes-list-en');
  });

  test('refund a dispute; challenge another with a photo; export the list', async ({ page }) => {
    const { ids, orders } = await merchantWithDisputes(page, 2);
    await page.goto('/disputes?lang=en');
    // The tutorial's first step, then its second on the users item.
    await expect(page.getByTestId('tutorial')).toContainText('Disputes, in one place');
    await page.getByTestId('tutorial').getByRole('button', { name: 'Next' }).click();
    const second = page.getByRole('dialog', { name: 'Add people to handle disputes' });
    await expect(second).toBeVisible();
    await second.getByRole('button', { name: 'Close the tutorial' }).click();
    await expect(second).toHaveCount(0);

    await page.getByRole('link', { name: orders[0]! }).click();
    await expect(page).toHaveURL(new RegExp(`/disputes/${ids[0]}$`));
    await expect(page.getByText('The parcel never came.')).toBeVisible();
    await expect(page.getByText('The customer opened the dispute')).toBeVisible();
    await page.getByRole('button', { name: 'Refund the customer' }).click();
    await expect(page.getByRole('dialog')).toContainText('SAR 100.00');
    await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText('The customer is refunded.')).toBeVisible();
    await expect(page.locator('[data-status="approved"]')).toBeVisible();
    await expect(page.getByText('The customer was refunded')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refund the customer' })).toHaveCount(0);

    await page.goto(`/disputes/${ids[1]}?lang=en`);
    await page.getByRole('button', { name: 'Challenge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Challenge the dispute' });
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await dialog.getByRole('button', { name: 'Send the challenge' }).click();
    await expect(dialog.getByText('Tell us why, in a few words')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Tell us more' })
      .fill('Delivered on the 3rd; signed for at the door.');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Add a photo' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'receipt.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.pdf', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    await expect(dialog.getByText('This is not a JPEG or PNG photo')).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove notes.pdf' }).click();
    await expect(dialog.getByTestId('photo')).toHaveCount(1);
    await shot(page, 'disputes-challenge-en');
    await dialog.getByRole('button', { name: 'Send the challenge' }).click();
    await expect(page.getByText('Your challenge is sent. We will tell you the decision.')).toBeVisible();
    await expect(page.locator('[data-status="arbitration"]')).toBeVisible();
    await expect(page.getByRole('img', { name: 'receipt.png' })).toBeVisible();

    await page.goto('/disputes?lang=en&status=pending,arbitration');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const [header, ...rows] = parse(readFileSync(file, 'utf8')) as string[][];
    expect(header!.slice(0, 3)).toEqual(['id', 'created_at', 'status']);
    expect(rows.map((r) => r[2]).sort()).toEqual(['arbitration', 'arbitration']);
  });

  test('a member without the disputes flag is told so', async ({ page }) => {
    await signInWith(page.request, await personaCopy(page.request, 'acc-staff'));
    await page.goto('/disputes?lang=en');
    await expect(page.getByText('You can’t see disputes')).toBeVisible();
  });
});

test.describe('in Arabic on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('the list and a dispute read right to left; the FAQ answers', async ({ page }) => {
    const { ids } = await merchantWithDisputes(page, 2);
    await page.goto('/disputes?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'النزاعات' })).toBeVisible();
    await expect(page.getByTestId('disputes-cards').locator('[data-row]')).toHaveCount(6);
    await expect(page.getByTestId('disputes-cards').getByText('بانتظارك').first()).toBeVisible();
    await shot(page, 'disputes-list-ar-375');
    await page.goto(`/disputes/${ids[0]}?lang=ar`);
    await expect(page.getByRole('button', { name: 'إعادة المبلغ إلى العميل' })).toBeVisible();
    await expect(page.getByText('فتح العميل النزاع')).toBeVisible();
    await shot(page, 'disputes-detail-ar-375');
    await page.goto('/disputes-faq?lang=ar');
    await expect(page.getByRole('button', { name: 'ما هو النزاع؟' })).toBeVisible();
  });
});
