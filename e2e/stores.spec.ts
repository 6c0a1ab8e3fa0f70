/**
 * Stores as a workspace admin uses them (docs/stores.md): the list with products and contract state, a store's
 * tabs in the address (commissions in the merchant's currency, products, payout schedules), and a contract signed
 * from its tab; in Arabic at 375 px the list and a store read right to left. Each test acts on a copy of the
 * Riyadh Style admin, whose second store's contract is not signed yet.
 */
import { expect, test } from './test';
import { shot, signInAs } from './helpers';

test.describe('stores', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('the list, a store’s tabs, and its contract signed', async ({ page }) => {
    test.slow(); // the demo data is shared: the outlet's contract may be signed already by an earlier run
    const who = await signInAs(page, 'acc-admin');
    await page.goto('/business-profile/stores?lang=en');
    const rows = page.getByTestId('stores').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Riyadh Style Online');
    await expect(rows.first()).toContainText('Pay later');
    await expect(rows.first().locator('[data-contract="signed"]')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill('outlet');
    await expect(page).toHaveURL(/q=outlet/);
    await expect(rows).toHaveCount(1);
    await shot(page, 'stores-list-en');

    await page.getByRole('link', { name: 'Riyadh Style Outlet' }).click();
    await expect(page).toHaveURL(/\/business-profile\/stores\/sto-riyadh-style-outlet\/commissions$/);
    await expect(page.getByRole('heading', { name: 'Riyadh Style Outlet' })).toBeVisible();
    await expect(page.getByTestId('commissions')).toContainText('4.49%');
    await expect(page.getByTestId('commissions')).toContainText('SAR');

    await page.getByRole('tab', { name: 'Payout schedules' }).click();
    await expect(page).toHaveURL(/\/schedules$/);
    await expect(page.getByTestId('schedules')).toContainText('Every day');
    await expect(page.getByTestId('schedules')).toContainText('1 day');
    await page.getByRole('tab', { name: 'Available products' }).click();
    await expect(page.getByTestId('products')).toContainText('Pay later');

    await page.getByRole('tab', { name: 'Contract' }).click();
    await expect(page).toHaveURL(/\/contract$/);
    // The admin has `embedded_contract`: the contract is read and signed inside the product (docs/contracts.md).
    const signed = page.getByTestId('contract-signed');
    const signing = page.getByTestId('contract-signing');
    await expect(signed.or(signing)).toBeVisible();
    if (await signing.isVisible()) {
      await expect(page.getByTestId('contract-text')).toContainText('Merchant services agreement');
      await expect(page.getByTestId('contract-text')).toContainText('Riyadh Style Outlet');
      await page.getByRole('button', { name: 'Send the code' }).click();
      await page.getByRole('textbox', { name: 'Your full name' }).fill('Riyadh Admin');
      const pad = (await page.getByTestId('signature-pad').boundingBox())!;
      await page.mouse.move(pad.x + 30, pad.y + 100);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(pad.x + 30 + i * 25, pad.y + 100 - 30 * Math.sin(i));
      await page.mouse.up();
      const outbox = (await (await page.request.get('/dev/outbox')).json()) as {
        to: string;
        code?: string;
      }[];
      // The code goes to the signing administrator's own phone.
      const code = outbox.find((m) => m.to === who.phone && m.code)!.code!;
      await signing.locator('input[inputmode="numeric"]').first().click();
      await page.keyboard.type(code);
      await shot(page, 'store-contract-en');
      await page.getByTestId('sign-contract').click();
    }
    await expect(signed).toContainText('The contract is signed');
    await page.reload();
    await expect(signed).toBeVisible();
    await page.getByRole('link', { name: 'Stores' }).first().click();
    await expect(
      page.getByTestId('stores').locator('[data-row="sto-riyadh-style-outlet"] [data-contract]'),
    ).toHaveAttribute('data-contract', 'signed');
  });

  test('an unknown store is not found', async ({ page }) => {
    await signInAs(page, 'acc-admin');
    await page.goto('/business-profile/stores/sto-nope/commissions?lang=en');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('stores in Arabic on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('the list and a store read right to left', async ({ page }) => {
    await signInAs(page, 'acc-admin');
    await page.goto('/business-profile/stores?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'المتاجر' })).toBeVisible();
    await expect(page.getByTestId('stores-cards').locator('[data-row]')).toHaveCount(2);
    await shot(page, 'stores-list-ar-375');
    await page.goto('/business-profile/stores/sto-riyadh-style-online/schedules?lang=ar');
    await expect(page.getByTestId('schedules-cards')).toContainText('كل الاثنين');
    await expect(page.getByTestId('schedules')).toBeHidden();
    await shot(page, 'store-schedules-ar-375');
  });
});
