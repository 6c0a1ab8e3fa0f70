/**
 * The merchant wallet and the card as a merchant uses them (issue 35; docs/wallet.md): a transfer to the bank
 * confirmed with the code sent to the member's phone (English, 1280 px); the card frozen — the network's payment
 * declined — unfrozen and its details shown after a code (Arabic, 375 px); and the card's application in the money
 * area, opened in the app's webview with its one-time token and refused to a browser without one.
 */
import { expect, test, type Page } from './test';
import { shot, signInAs } from './helpers';
import { codeFor } from './signInSteps';
import { uniqueDigits } from './uniqueNumber';

/** A figure shown as "SAR 1,234.56" (or "1,234.56 SAR") in minor units. */
const minorOf = async (page: Page, testId: string) =>
  Math.round(Number((await page.getByTestId(testId).innerText()).replace(/[^\d.]/g, '')) * 100);

test.describe('the merchant wallet', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('moves money to the bank with the code sent to the member’s phone', async ({ page }) => {
    const who = await signInAs(page, 'acc-admin');
    await page.goto('/finance/merchant-wallet');
    await expect(page.getByRole('heading', { name: 'Merchant wallet', level: 1 })).toBeVisible();
    await expect(
      page.getByTestId('payout-destination').getByRole('radio', { name: 'This wallet' }),
    ).toBeChecked();
    const before = await minorOf(page, 'balance-available');
    expect(before).toBeGreaterThan(15000);

    await page.getByRole('button', { name: 'Move to bank' }).click();
    const amount = page.getByRole('textbox', { name: 'Amount' });
    await amount.fill('5');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Move at least SAR 10.00.')).toBeVisible();
    await amount.fill('150');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('transfer-summary')).toContainText('SAR 150.00 to SA••');
    await page.getByRole('dialog').locator('input').first().click();
    // The last digit typed moves the money (the amount and account were confirmed a step before).
    await page.keyboard.type(await codeFor(page.request, who.phone));
    await expect(page.getByText('SAR 150.00 is on its way to your bank.')).toBeVisible();

    expect(await minorOf(page, 'balance-available')).toBe(before - 15000);
    expect(await minorOf(page, 'balance-in-transit')).toBe(15000);
    const top = page.getByTestId('movements').locator('tbody tr').first();
    await expect(top).toContainText('Transfer to bank');
    await expect(top).toContainText('On its way');
    await expect(top).toContainText('−SAR 150.00');
    await shot(page, 'wallet-en-1280');

    // Filters in the address: only transfers.
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Transfer to bank' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/kind=transfer/);
    await expect(page.getByTestId('movements').locator('tbody')).not.toContainText('Payout');
  });
});

test.describe('the card', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: the phone project, in Arabic');

  test('is frozen — a payment declined — unfrozen, and shows its details after a code', async ({ page }) => {
    const who = await signInAs(page, 'acc-admin');
    await page.goto('/finance/card?lang=ar');
    await expect(page.getByRole('heading', { name: 'البطاقة', level: 1 })).toBeVisible();
    await expect(page.getByTestId('card-status')).toHaveText('فعّالة');
    await page.getByRole('button', { name: 'تجميد البطاقة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تجميد البطاقة' }).click();
    await expect(page.getByTestId('card-status')).toHaveText('مجمّدة');
    await expect(page.getByTestId('card-frozen-notice')).toBeVisible();
    await shot(page, 'card-frozen-ar-375');

    const pay = () =>
      page.request.post('/dev/cards/card-riyadh-style/payments', { data: { amount: '12', payee: 'Careem' } });
    expect(await (await pay()).json()).toMatchObject({ approved: false, decline: 'card_frozen' });

    await page.getByRole('button', { name: 'إلغاء تجميد البطاقة' }).click();
    await expect(page.getByTestId('card-status')).toHaveText('فعّالة');
    expect(await (await pay()).json()).toMatchObject({ approved: true });

    await page.getByRole('button', { name: 'عرض التفاصيل' }).click();
    await page.getByRole('dialog').locator('input').first().click();
    // The last digit typed spends the code (the same dialog in Arabic, at 375 px).
    await page.keyboard.type(await codeFor(page.request, who.phone));
    await expect(page.getByTestId('card-number')).toHaveText(/^4000 00\d\d \d{4} \d{4}$/);
    await expect(page.getByTestId('card-cvc')).toHaveText(/^\d{3}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'card-ar-375');
  });

  test('draws once its wallet has answered: nothing arriving later moves the card’s payments', async ({
    page,
  }) => {
    await signInAs(page, 'acc-admin');
    // The wallet's answer held back, as a phone's network delays the second call.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/merchant/api/v1/wallets/*', async (route) => {
      await held;
      await route.continue();
    });
    const cards = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/merchant/api/v1/cards',
    );
    await page.goto('/finance/card?lang=ar');
    await cards;
    await page.waitForTimeout(300);
    await expect(page.getByTestId('card-loading')).toBeVisible();
    const payments = page.getByRole('heading', { name: 'آخر مدفوعات البطاقة' });
    await expect(payments).toHaveCount(0);
    release();
    await expect(page.getByTestId('payout-destination')).toBeVisible();
    const drawn = await payments.boundingBox();
    await page.waitForTimeout(500);
    expect(await payments.boundingBox()).toEqual(drawn);
    await expect(page.getByTestId('card-loading')).toHaveCount(0);
  });

  test('is applied for in the money area of the app’s webview, and the area refuses a browser', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A Kuwaiti merchant of its own with virtual cards and no card yet.
    const id = `e2e-card-${uniqueDigits(8)}`;
    const phone = `+96555${uniqueDigits(6)}`;
    const fixture = {
      accounts: [{ id, email: `${id}@e2e.example`, phone }],
      merchants: [{ id: `mer-${id}`, name: 'Souq Cards', country: 'KWT' }],
      permissions: [
        {
          account_id: id,
          merchant_id: `mer-${id}`,
          role: 'workspace_admin',
          flags: { has_merchant_access: true, is_payouts_allowed: true, is_virtual_cards_enabled: true },
        },
      ],
      // The money area is the app's money tab (its experiment).
      experiments: [{ account_id: id, name: 'mobile_money_tab', value: 'enabled' }],
    };
    expect((await page.request.post('/dev/fixtures', { data: fixture })).ok()).toBe(true);
    expect((await page.request.post('/dev/sessions', { data: { email: `${id}@e2e.example` } })).ok()).toBe(
      true,
    );
    const asked = await page.request.post('/merchant/api/v1/webview/tokens', {
      data: { path: '/money/card-application/landing' },
      headers: { 'x-mbo-client': 'e2e' },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const entry = new URL(((await asked.json()) as { url: string }).url);

    const webview = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      isMobile: true,
    });
    const money = await webview.newPage();
    await money.goto(`${entry.pathname}${entry.search}`);
    await expect(money.getByRole('heading', { name: 'Your business card', level: 1 })).toBeVisible();
    await money.getByRole('link', { name: 'Get started' }).click();
    await expect(
      money.getByRole('heading', { name: 'What changes for your payouts', level: 1 }),
    ).toBeVisible();
    await money.getByRole('link', { name: 'Continue' }).click();
    await expect(money).toHaveURL(/\/money\/card-application\/payout-options$/);
    await money.getByRole('button', { name: 'Get my card' }).click();
    await expect(money.getByText('Accept the terms to get the card.')).toBeVisible();
    await money.getByRole('textbox', { name: 'Name on card' }).fill('Huda Al-Sabah');
    await money.getByRole('checkbox').check();
    await money.getByRole('button', { name: 'Get my card' }).click();
    await expect(money.getByTestId('money-card-ready')).toContainText('Your card is ready');
    await expect(money.getByTestId('card-face')).toContainText('HUDA AL-SABAH');
    await shot(money, 'money-card-issued-en-375');
    await webview.close();

    // A browser without the token (signed out): the money area is root's.
    const plain = await browser.newContext({ baseURL });
    const visitor = await plain.newPage();
    await visitor.goto('/money/card-application/landing');
    await expect(visitor).not.toHaveURL(/\/money\//);
    await plain.close();
  });
});
