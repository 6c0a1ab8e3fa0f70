/**
 * Capital's full-revenue wizard as a catalogue flow (schemas/capital-frf, capital spec §2 Full-revenue wizard,
 * §5, §7) in a browser: the customisation creates the application; bank statements (at least one, a password
 * for a protected one, the requirements box under their list, the one confirmation); sales data through the sandbox connector's consent
 * page and back; social networks (a handle of another site refused) and location (yes opens the form, no skips
 * it) — optional, with the 30 percent note; legal info under a review of the answers; submit → the application's
 * page. In English on the desktop, in Arabic at 375 px. Each test has its own merchant.
 *
 * SHOTS_DIR=<dir> saves a screenshot of each step (for looking at the screens, not for asserting).
 */
import { expect, test, type Page } from './test';
import { capitalMerchant } from './capitalMerchant';
import { attachPdf, shot } from './helpers';

/** A new merchant with a full-revenue offer, at its customisation; the wizard's first step once saved. */
async function frfApplication(page: Page, lang: 'en' | 'ar', experiments: string[]) {
  const made = await capitalMerchant(page, {
    capital_offers: [
      { id: 'off-e2e-frf', amount: 150000, currency: 'AED', tenor: 20, tags: ['full_revenue_flow'] },
    ],
    experiments,
  });
  const offerId = made.id('off-e2e-frf');
  // §2's address of the wizard on an offer: with no application yet, the customisation creates it.
  await page.goto(
    `/finance/capital/application-full-revenue/${offerId}/${made.merchant}/customize_your_offer?lang=${lang}`,
  );
  await page.getByTestId('customise-continue').click();
  await expect(page).toHaveURL(/\/application-frf\/[0-9a-f-]+\/bank-statements$/);
  return { id: page.url().split('/').at(-2)!, offerId, merchant: made.merchant };
}

test.describe('the full-revenue wizard', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('walks from the bank statements to a submitted application, connecting a store', async ({ page }) => {
    test.setTimeout(120_000);
    const { id, offerId, merchant } = await frfApplication(page, 'en', ['capital', 'integration_form']);
    const next = page.getByRole('button', { name: 'Next', exact: true });

    // The customisation came first (the flow's lead step): done, counted, and a way back to it.
    await expect(page.getByText('Step 2 of 6').first()).toBeVisible();
    await page.getByRole('button', { name: 'Customise your offer' }).click();
    await expect(page).toHaveURL(new RegExp(`/application/${offerId}/${merchant}\\?customise$`));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/application-frf/${id}/bank-statements$`));

    // Bank statements: a protected one needs its password; the requirements box under their list. Social networks
    // waits for them (§2: locked until bank statements are complete).
    await expect(page.getByRole('button', { name: 'Social networks' })).toBeDisabled();
    await expect(page.getByText('The latest transaction is no earlier than 7 days ago')).toBeVisible();
    // The list starts with one statement to upload, which stays (no Remove on the one the list needs).
    await next.click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    const remove = page.locator('form:visible').getByRole('button', { name: 'Remove', exact: true });
    await expect(remove).toHaveCount(0);
    await page.getByRole('button', { name: 'Add another' }).click();
    await expect(remove).toHaveCount(2);
    await remove.last().click();
    await expect(remove).toHaveCount(0);
    await attachPdf(page, 'statement-may.pdf');
    await page.getByRole('checkbox', { name: 'This file is password protected' }).check();
    await page.getByRole('checkbox', { name: /checked each statement/ }).check();
    await next.click();
    await expect(page.getByText('This field is required').first()).toBeVisible(); // the password
    await page.getByRole('textbox', { name: 'File password' }).fill('may-2026');
    await shot(page, 'frf-1-statements-en');
    // The steps ahead ask nothing required, yet are not ticked before the merchant has been on them (issue 56).
    await expect(page.getByRole('button', { name: 'Sales data' })).not.toContainText('✓');
    await expect(page.getByRole('button', { name: 'Social networks' })).not.toContainText('✓');
    await expect(page.getByRole('button', { name: 'Location details' })).not.toContainText('✓');
    // The box under the requirements is the one confirmation: Next goes on, no dialog repeats the list (issue 56).
    await next.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Sales data: the sandbox connector, said so; Connect goes to its consent page and back, connected.
    await expect(page).toHaveURL(/\/sales-data$/);
    await expect(page.getByText('This is the sandbox connector')).toBeVisible();
    await page.getByRole('link', { name: 'Connect Shopify' }).click();
    await expect(page.getByTestId('sandbox-consent')).toBeVisible();
    await page.getByRole('link', { name: /approve/i }).click();
    await expect(page).toHaveURL(/\/sales-data$/); // the token is taken out of the address
    await expect(page.getByText('Your store is connected.')).toBeVisible();
    await expect(page.locator('[data-platform="shopify"]')).toContainText('Connected');
    await shot(page, 'frf-2-sales-en');
    await next.click();

    // Social networks: optional, the 30 percent note; a profile of another site is refused as the field says.
    await expect(page).toHaveURL(/\/social-networks$/);
    await expect(
      page.getByText('Optional: adding your social networks raises your chance of approval'),
    ).toBeVisible();
    const instagram = page.getByRole('textbox', { name: 'Instagram' });
    await instagram.fill('facebook.com/mirage');
    await instagram.blur();
    await expect(page.getByText('Enter an instagram.com address or a handle').first()).toBeVisible();
    await instagram.fill('@mirage.perfumes');
    await shot(page, 'frf-3-social-en');
    await next.click();

    // Location: yes opens the form, no closes it and goes on.
    await expect(page).toHaveURL(/\/location-details$/);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByRole('textbox', { name: 'Store address' })).toBeVisible();
    await shot(page, 'frf-4-location-en');
    await page.getByRole('radio', { name: 'No' }).check();
    await expect(page.getByRole('textbox', { name: 'Store address' })).toHaveCount(0);
    await next.click();

    // Legal info under the review of every answer; Submit sends the application.
    await expect(page).toHaveURL(/\/legal-info$/);
    await expect(page.getByText('statement-may.pdf').first()).toBeVisible();
    await expect(page.getByText('Shopify', { exact: true })).toBeVisible(); // the platform's name, not its code
    await expect(page.getByText('may-2026')).toHaveCount(0); // a file's password is not shown again
    await page.getByRole('textbox', { name: 'Legal name' }).fill('Mirage Perfumes LLC');
    await page.getByRole('textbox', { name: 'Licence number' }).fill('CN-2045871');
    await attachPdf(page, 'licence-mirage.pdf');
    await page.getByRole('textbox', { name: 'Legal address' }).fill('Gold Souk, Deira, Dubai');
    await page.getByRole('textbox', { name: 'Licensed activities' }).fill('Perfume trading');
    await page.getByRole('textbox', { name: 'Issue date' }).fill('01/02/2024');
    await page.getByRole('textbox', { name: 'Expiry date' }).fill('01/02/2099');
    await page.getByRole('textbox', { name: 'Expiry date' }).blur();
    await shot(page, 'frf-5-legal-en');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
    const sent = await (await page.request.get(`/merchant/api/v1/capital/application/${id}`)).json();
    expect(sent).toMatchObject({
      status: 'submitted',
      bank_statements: [{ password: 'may-2026' }],
      social_networks: { instagram: 'https://instagram.com/mirage.perfumes' },
      legal_info: { company_name: 'Mirage Perfumes LLC', cr_number: 'CN-2045871' },
    });
    // The offer's wizard address now opens the sent application's page.
    await page.goto(`/finance/capital/application-full-revenue/${offerId}/${merchant}/bank_statements`);
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
  });

  test('a missing offer or application is 404', async ({ page }) => {
    await capitalMerchant(page, {});
    await page.goto('/finance/capital/application-full-revenue/off-nobody/mer-nobody/bank_statements');
    await expect(page.getByText('404').first()).toBeVisible();
    await page.goto('/finance/capital/application-frf/capp-nobody/bank-statements');
    await expect(page.getByText('404').first()).toBeVisible();
  });
});

test.describe('the full-revenue wizard on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('in Arabic at 375 px, without sales data, the optional steps skipped', async ({ page }) => {
    test.setTimeout(120_000);
    const { id } = await frfApplication(page, 'ar', ['capital']);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('الخطوة 2 من 5').first()).toBeVisible(); // n/total on a phone, no sales data
    const next = (name = 'التالي') => page.getByRole('button', { name, exact: true }).click();
    await attachPdf(page, 'كشف-مايو.pdf');
    await page.getByRole('checkbox', { name: /راجعت كل كشف/ }).check();
    await shot(page, 'frf-1-statements-ar');
    await next();

    await expect(page).toHaveURL(/\/social-networks$/);
    await shot(page, 'frf-3-social-ar');
    await next();
    await expect(page).toHaveURL(/\/location-details$/);
    await page.getByRole('radio', { name: 'نعم' }).check();
    await page.getByRole('textbox', { name: 'رابط خرائط Google' }).fill('maps.app.goo.gl/abc');
    await page.getByRole('textbox', { name: 'عنوان المتجر' }).fill('سوق الذهب، ديرة');
    await shot(page, 'frf-4-location-ar');
    await next();

    await expect(page).toHaveURL(/\/legal-info$/);
    await page.getByRole('textbox', { name: 'الاسم القانوني' }).fill('ميراج للعطور ذ.م.م');
    await page.getByRole('textbox', { name: 'رقم الرخصة' }).fill('CN-2045871');
    await attachPdf(page, 'رخصة.pdf');
    await page.getByRole('textbox', { name: 'العنوان القانوني' }).fill('سوق الذهب، ديرة، دبي');
    await page.getByRole('textbox', { name: 'الأنشطة المرخّصة' }).fill('تجارة العطور');
    await page.getByRole('textbox', { name: 'تاريخ الإصدار' }).fill('01/02/2024');
    await page.getByRole('textbox', { name: 'تاريخ الانتهاء' }).fill('01/02/2099');
    await page.getByRole('textbox', { name: 'تاريخ الانتهاء' }).blur();
    await shot(page, 'frf-5-legal-ar');
    await next('إرسال');
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
    const sent = await (await page.request.get(`/merchant/api/v1/capital/application/${id}`)).json();
    expect(sent).toMatchObject({
      status: 'submitted',
      location_details: { google_maps_link: 'maps.app.goo.gl/abc', address: 'سوق الذهب، ديرة' },
    });
  });
});
