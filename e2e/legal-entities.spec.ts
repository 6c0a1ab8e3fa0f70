/**
 * Legal entities as a workspace admin uses them (onboarding spec §2 "Other areas", §4; docs/legal-entities.md):
 * the list filtered by status (kept in the address), the expiry modal for a licence that expires soon (once per
 * session), an entity with its legal info, bank details and owners; in Arabic at 375 px. Each test makes a
 * merchant of its own.
 */
import { expect, test, type Page } from './test';
import { shot, signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

async function merchantWithEntities(page: Page) {
  const tag = `${Date.now().toString(36)}${uniqueDigits(4)}`;
  const merchant = `mer-e2e-le-${tag}`;
  const account = `acc-e2e-le-${tag}`;
  const who = { email: `${account}@e2e.example`, phone: `+96658${uniqueDigits(7)}` };
  const res = await page.request.post('/dev/fixtures', {
    data: {
      accounts: [{ id: account, ...who }],
      merchants: [{ id: merchant, name: `Entities ${tag}`, country: 'SAU' }],
      stores: [{ id: `sto-e2e-le-${tag}`, merchant_id: merchant, name: 'Main store', country: 'SAU' }],
      legal_entities: [
        {
          id: `le-${tag}-sa`,
          merchant_id: merchant,
          status: 'active',
          country: 'SAU',
          legal_company_name: 'Najd Home Trading Co.',
          iban: 'SA0380000000608010167519',
          bank_name: 'Al Rajhi Bank',
          license_expiry_date: 'today+12d',
          legal_info: {
            business_license_type: 'commercial_registration',
            commercial_registration_number: '1010654321',
          },
          owners: [
            {
              id: 'o1',
              name: 'Huda Al-Otaibi',
              kind: 'individual',
              nationality: 'SAU',
              share: 75,
              roles: ['shareholder', 'authorized_signatory'],
            },
            {
              id: 'o2',
              name: 'Najd Holding',
              kind: 'company',
              nationality: 'SAU',
              share: 25,
              roles: ['shareholder'],
            },
          ],
        },
        {
          id: `le-${tag}-ae`,
          merchant_id: merchant,
          status: 'pending_info',
          country: 'ARE',
          legal_company_name: 'Najd Home FZ-LLC',
          license_expiry_date: 'today+200d',
        },
      ],
      permissions: [
        {
          account_id: account,
          merchant_id: merchant,
          role: 'workspace_admin',
          flags: { has_merchant_access: true, has_store_access: true, is_account_edit_allowed: true },
        },
      ],
      experiments: [{ account_id: account, name: 'store_management', value: 'enabled' }],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await signInWith(page.request, who);
  return { tag };
}

test.describe('legal entities', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('the list, its filter, the expiry modal once, and an entity with its owners', async ({ page }) => {
    const { tag } = await merchantWithEntities(page);
    await page.goto('/legal-entities?lang=en');
    const modal = page.getByRole('dialog', { name: 'Renew your licence' });
    // The name is isolated (U+2068 … U+2069) so it keeps its own direction inside either language's sentence.
    await expect(modal).toContainText(
      /The licence of \u2068Najd Home Trading Co\.\u2069 expires in 12 days\./,
    );
    await expect(modal).toContainText('Send us the renewed licence before');
    await modal.getByRole('button', { name: 'Later' }).click();
    await expect(modal).toHaveCount(0);
    const cards = page.getByTestId('legal-entities-cards').locator('[data-row]');
    await expect(cards).toHaveCount(2);
    // The sidebar's alert is about the UAE entity that needs information.
    await expect(page.getByText('keep your account active', { exact: false }).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Information needed' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=pending_info/);
    await expect(cards).toHaveCount(1);
    await shot(page, 'legal-entities-list-en');
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0); // dismissed for this session

    await page.goto(`/legal-entities/le-${tag}-sa?lang=en`);
    await expect(page.getByRole('heading', { name: 'Najd Home Trading Co.' })).toBeVisible();
    await expect(page.getByText('SA03 8000 0000 6080 1016 7519')).toBeVisible();
    await expect(page.getByText('1010654321')).toBeVisible();
    const owners = page.getByTestId('owners').locator('tbody tr');
    await expect(owners).toHaveCount(2);
    await expect(owners.first()).toContainText('Huda Al-Otaibi');
    await expect(owners.first()).toContainText('75 %');
    await expect(owners.first()).toContainText('Authorised signatory');
    await shot(page, 'legal-entity-en');
  });
});

test.describe('sending the renewed licence', () => {
  /** A day `days` from today as the date field takes it (dd/mm/yyyy). */
  const typed = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  };

  test('from the expiry modal: the file with its progress, each problem beside its field, then received', async ({
    page,
    isMobile,
  }) => {
    const { tag } = await merchantWithEntities(page);
    const lang = isMobile ? 'ar' : 'en';
    await page.goto(`/legal-entities/le-${tag}-sa?lang=${lang}`);
    const send = isMobile ? 'أرسل الرخصة المجدَّدة' : 'Send the renewed licence';
    await page.getByRole('dialog').getByRole('button', { name: send }).click();
    const dialog = page.getByRole('dialog', { name: send });
    await expect(dialog).toBeVisible();
    if (isMobile) {
      await shot(page, 'legal-entity-renew-ar-375');
      return;
    }
    // Nothing chosen: both needed fields say so.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Choose the renewed licence’s file')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'licence-2027.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect(dialog.getByTestId('renew-file')).toContainText('licence-2027.pdf');
    // Too soon an expiry: the server's rule, beside the date, and what was typed stays.
    await dialog.getByLabel('New expiry date').fill(typed(5));
    await dialog.getByLabel('Registration number, if it changed').fill('1010777888');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('The licence must expire at least two weeks from now')).toBeVisible();
    await expect(dialog.getByLabel('Registration number, if it changed')).toHaveValue('1010777888');
    await shot(page, 'legal-entity-renew-en');
    await dialog.getByLabel('New expiry date').fill(typed(365));
    await dialog.getByLabel('New expiry date').blur();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('licence-renewal')).toContainText('Renewed licence received');
    await expect(page.getByRole('button', { name: send })).toHaveCount(0);
  });
});

test.describe('legal entities in Arabic on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('the list and an entity read right to left', async ({ page }) => {
    const { tag } = await merchantWithEntities(page);
    await page.goto('/legal-entities?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const modal = page.getByRole('dialog', { name: 'جدّد رخصتك' });
    await expect(modal).toBeVisible();
    await shot(page, 'legal-entities-expiry-ar-375');
    await modal.getByRole('button', { name: 'لاحقًا' }).click();
    await expect(page.getByTestId('legal-entities-cards').locator('[data-row]')).toHaveCount(2);
    await shot(page, 'legal-entities-list-ar-375');
    await page.goto(`/legal-entities/le-${tag}-sa?lang=ar`);
    await expect(page.getByRole('heading', { name: 'المالكون' })).toBeVisible();
    const owners = page.getByTestId('owner-cards');
    await expect(owners.getByText('Huda Al-Otaibi')).toBeVisible();
    await expect(owners.getByText('المفوّض بالتوقيع')).toBeVisible();
    await shot(page, 'legal-entity-ar-375');
  });
});
