/**
 * Payouts as a merchant reads them (issue 35; docs/payouts.md): the completed list, a payout whose breakdown adds
 * up to its net and lists its orders (each opening its payment), an order's payouts, the upcoming payout with the
 * capital repayment of a running advance, how reports work, and the home's payout tile — in English at 1280 px
 * and in Arabic at 375 px. The demo's merchants' payouts are settled from their generated orders.
 */
import { expect, test, type Locator, type Page } from './test';
import { shot, signInAs } from './helpers';

/** A breakdown's lines as minor units by their key (deductions negative). */
async function breakdownOf(table: Locator) {
  await expect(table.locator('tr[data-line="net"]')).toBeVisible();
  const lines: Record<string, number> = {};
  for (const row of await table.locator('tr[data-line]').all()) {
    const key = (await row.getAttribute('data-line'))!;
    const text = (await row.locator('td').last().innerText()).replace(/[^\d.−-]/g, '');
    const value = Math.round(Number(text.replace(/[−-]/g, '')) * 100);
    lines[key] = /[−-]/.test(text) ? -value : value;
  }
  return lines;
}

async function openFirstPayout(page: Page) {
  const first = page.getByTestId('payouts').locator('tbody tr').first();
  await expect(first).toBeVisible();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/finance\/payouts\/completed\/po-/);
}

test.describe('payouts', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('a payout’s breakdown adds up to its net and lists its orders, each opening its payment', async ({
    page,
  }) => {
    await signInAs(page, 'acc-admin');
    await page.goto('/finance/payouts');
    await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
    await expect(page.getByTestId('payout-totals')).toContainText('Net paid');
    await shot(page, 'payouts-list-en-1280');

    // Filter to one store: the address keeps it, every row is that store's.
    await page.getByRole('combobox', { name: 'Store' }).click();
    await page.getByRole('option', { name: 'Riyadh Style Online' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/store=sto-riyadh-style-online/);
    await expect(page.getByTestId('payouts').locator('tbody tr').first()).toContainText(
      'Riyadh Style Online',
    );
    await expect(page.getByTestId('payouts').locator('tbody')).not.toContainText('Riyadh Style Outlet');

    await openFirstPayout(page);
    const lines = await breakdownOf(page.getByTestId('payout-breakdown'));
    const { net, ...rest } = lines;
    expect(Object.values(rest).reduce((sum, v) => sum + v, 0)).toBe(net);
    const shown = await page.getByTestId('payout-net').innerText();
    expect(Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100)).toBe(net);
    // The demo admin's payouts go to its merchant wallet for the last four weeks (docs/wallet.md); older ones to
    // the bank account, its IBAN's digits hidden (checked at the end).
    await expect(page.getByTestId('payout-bank')).toContainText('Your merchant wallet');
    // Its title says where the money went (issue 56: "Payout to <store>" for money sent to the wallet).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^Riyadh Style Online payout to your wallet$/,
    );
    // Every line is an order's capture or refund, and the lines' nets add up to gross − refunds − commissions.
    const rows = page.getByTestId('payout-lines').locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    await shot(page, 'payout-detail-en-1280');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download transactions' }).first().click();
    const csv = await (await download).path();
    expect(csv).toBeTruthy();

    const order = rows.first().getByRole('link');
    const reference = (await order.innerText()).trim();
    await order.click();
    await expect(page.getByRole('heading', { name: reference, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Payouts of this order' }).click();
    await expect(page).toHaveURL(/\/payments\/[^/]+\/payouts$/);
    await expect(page.locator('[data-payout]').first()).toBeVisible();
    await shot(page, 'payment-payouts-en-1280');

    const fiveWeeksAgo = new Date(Date.now() - 35 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/finance/payouts?to=${fiveWeeksAgo}`);
    await openFirstPayout(page);
    await expect(page.getByTestId('payout-bank')).toContainText('Al Rajhi Bank');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/payout to your bank account$/);
    await expect(page.getByTestId('payout-bank')).toContainText('SA••');
  });

  test('the upcoming payout shows the capital repayment of a running advance', async ({ page }) => {
    await signInAs(page, 'acc-capital-paying');
    await page.goto('/finance/payouts/upcoming');
    await expect(page.getByTestId('upcoming-capital')).toContainText('22%');
    const store = page.getByTestId('upcoming-store').first();
    await expect(store).toContainText('every Monday');
    // With payouts planned, what they do not hold is said only when there is some (issue 56: "Waiting: SAR 0.00").
    await expect(store.getByTestId('upcoming-planned')).toBeVisible();
    const waiting = store.getByTestId('upcoming-waiting');
    if ((await waiting.count()) > 0) await expect(waiting).not.toContainText(/SAR 0\.00$/);
    await expect(store).not.toContainText('Waiting:');
    // The first planned payout on or after the loan's next repayment date carries it (one a week) — unless this
    // week's was taken today (a payout day, Monday: its payout is sent and no planned one is due a repayment
    // yet); then today's payout shows it.
    const carrying = store.locator('[data-day]').filter({ has: page.locator('[data-capital]') });
    if ((await carrying.count()) === 0) {
      await page.goto('/finance/payouts');
      await openFirstPayout(page);
      await expect(page.getByTestId('payout-breakdown')).toContainText('Capital repayment');
      return;
    }
    const withCapital = carrying.first();
    const control = withCapital.getByRole('button').first();
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
    const lines = await breakdownOf(withCapital.getByTestId('upcoming-breakdown'));
    expect(lines.capital).toBeLessThan(0);
    const { net, ...rest } = lines;
    expect(Object.values(rest).reduce((sum, v) => sum + v, 0)).toBe(net);
    await shot(page, 'payouts-upcoming-en-1280');

    await page.getByRole('tab', { name: 'How reports work' }).click();
    await expect(page).toHaveURL(/how-reports-work$/);
    await expect(page.getByTestId('payouts-faq')).toContainText('AED 25');
  });

  test('the home shows the next and the last payout', async ({ page }) => {
    await signInAs(page, 'acc-capital-paying');
    await page.goto('/dashboard');
    const tile = page.getByTestId('tile-payouts');
    await expect(tile.getByTestId('payouts-next')).toContainText('AED');
    await expect(tile.getByTestId('payouts-last')).toContainText('AED');
    await tile.getByTestId('payouts-last').getByRole('link').click();
    await expect(page).toHaveURL(/\/finance\/payouts\/completed\/po-/);
    await expect(page.getByTestId('payout-breakdown')).toBeVisible();
  });

  test('in Arabic on a desktop: the list and a payout read right to left', async ({ page }) => {
    await signInAs(page, 'acc-admin');
    await page.goto('/finance/payouts?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('payout-totals')).toContainText('الصافي المدفوع');
    await shot(page, 'payouts-list-ar-1280');
    await openFirstPayout(page);
    await expect(page.getByTestId('payout-breakdown')).toContainText('صافي الدفعة');
    // The title says where the money went (the demo admin's recent payouts go to its wallet).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^دفعة .+ إلى محفظتك$/);
    await shot(page, 'payout-detail-ar-1280');
  });
});

test.describe('payouts on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('the list, a payout and the upcoming payouts read right to left', async ({ page }) => {
    await signInAs(page, 'acc-capital-paying');
    await page.goto('/finance/payouts?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'الدفعات', level: 1 })).toBeVisible();
    // A paid one (on a payout day the day's own payout is still in transit: "قيد التحويل").
    const card = page.getByTestId('payouts-cards').locator('[data-row]', { hasText: 'مدفوعة' }).first();
    await expect(card).toBeVisible();
    await shot(page, 'payouts-list-ar-375');
    await card.click();
    await expect(page.getByTestId('payout-breakdown')).toContainText('صافي الدفعة');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^دفعة .+ إلى (محفظتك|حسابك البنكي)$/);
    await expect(page.getByTestId('payout-lines-cards').locator('[data-row]').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shot(page, 'payout-detail-ar-375');
    await page.goto('/finance/payouts/upcoming?lang=ar');
    await expect(page.getByTestId('upcoming-capital')).toContainText('22٪');
    await shot(page, 'payouts-upcoming-ar-375');
  });
});

test.describe('the money area in the mobile app’s webview', () => {
  test.skip(({ isMobile }) => !isMobile, 'the app’s webview is a phone');

  test('opens with the app’s one-time token, and sends a browser without one to root', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The signed-in app (its session, here the page's) asks for a token for the landing page.
    await signInAs(page, 'acc-capital-paying');
    const asked = await page.request.post('/merchant/api/v1/webview/tokens', {
      data: { path: '/money/landing' },
      headers: { 'x-mbo-client': 'e2e' },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const { url } = (await asked.json()) as { url: string };

    // The webview: a browser of its own, nothing but the token in its address.
    const webview = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      isMobile: true,
    });
    const money = await webview.newPage();
    const entry = new URL(url);
    await money.goto(`${entry.pathname}${entry.search}`);
    await expect(money).toHaveURL(/\/money\/landing$/);
    await expect(money.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible();
    await expect(money.getByTestId('money-next')).toContainText('AED');
    await expect(money.getByRole('navigation', { name: 'Finance' })).toHaveCount(0);
    await shot(money, 'money-landing-en-375');
    await money.getByRole('link', { name: 'All payouts' }).click();
    await money.getByTestId('money-payouts-cards').locator('[data-row]').first().click();
    await expect(money).toHaveURL(/\/money\/transaction-detail\/po-/);
    await expect(money.getByTestId('money-breakdown')).toContainText('Net payout');
    await shot(money, 'money-transaction-en-375');
    // The webview pages (spec §2.6) are the webview's too: the disputes FAQ without the back office's way back.
    await money.goto('/webview/disputes-faq');
    await expect(
      money.getByRole('heading', { name: 'Disputes: questions and answers', level: 1 }),
    ).toBeVisible();
    await expect(money.getByRole('link', { name: /disputes/i })).toHaveCount(0);
    // The token was good once: the same address again goes to root.
    await money.goto(`${entry.pathname}${entry.search}`);
    await expect(money).not.toHaveURL(/\/money\//);
    await webview.close();

    // The back office in a browser, signed in but not a webview: the money area and the webview pages are root.
    await page.goto('/money/landing');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/webview/disputes-faq');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
