/**
 * Analytics as a merchant reads it (issue 36; docs/analytics.md): the chart with its table and the previous period
 * beside it, a figure chosen and the periods by week — the table's periods adding up to the figure's total — and
 * the CSV (English, 1280 px); the same right to left in Arabic at 375 px, time running right to left.
 */
import { expect, test } from './test';
import { shot, signInAs } from './helpers';

test.describe('analytics', () => {
  test('a chart with its table and the previous period; a figure by week adds up to its total', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await signInAs(page, 'acc-admin');
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByTestId('analytics-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('analytics-chart')).toContainText('Previous period');
    // Thirty days, a row each, with the previous period's value beside it.
    await expect(page.getByTestId('analytics-table').locator('tbody tr')).toHaveCount(30);
    await expect(page.getByTestId('analytics-table').locator('thead')).toContainText('Previous period');
    await shot(page, 'analytics-en-1280');

    await page.getByTestId('metric-orders').click();
    await expect(page).toHaveURL(/\/analytics\/SAU\/orders$/);
    // The page has drawn the figure chosen before the period is changed, as a merchant sees it: a filter changed
    // before the page re-renders writes its search onto the address the page last drew (the metric before).
    await expect(page.getByTestId('metric-orders')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Orders placed, cancelled ones left out')).toBeVisible();
    await page.getByText('Week', { exact: true }).click();
    await expect(page).toHaveURL(/\/analytics\/SAU\/orders\?.*by=week/);
    const rows = page.getByTestId('analytics-table').locator('tbody tr');
    // Thirty days touch five weeks, or six when they start on a Sunday (on a Monday, say).
    await expect.poll(async () => [5, 6].includes(await rows.count())).toBe(true);
    const total = Number(
      (await page.getByTestId('metric-orders').locator('p').nth(1).innerText()).replace(/\D/g, ''),
    );
    let sum = 0;
    for (const row of await rows.all())
      sum += Number((await row.locator('td').nth(1).innerText()).replace(/\D/g, ''));
    expect(sum).toBe(total);
    await expect(page.getByTestId('analytics-by-store')).toContainText('Riyadh Style Online');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await (await download).path();
    expect(csv).toBeTruthy();

    // By month over 90 days (issue 56): a month cut by the range says how many days it holds, each row says the
    // days it is compared with, and the page says both periods' days.
    await page.goto('/analytics/SAU/gmv?range=last90&by=month');
    const months = page.getByTestId('analytics-table').locator('tbody tr');
    await expect(months.first()).toBeVisible();
    await expect(page.getByTestId('analytics-table').locator('[data-partial]').first()).toContainText(
      /only \d+ days?/,
    );
    await expect(months.locator('[data-previous-days]')).toHaveCount(await months.count());
    await expect(page.getByTestId('analytics-periods')).toContainText('compared with');
    await shot(page, 'analytics-months-en-1280');
  });

  test('reads right to left in Arabic on a phone', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'layout: the phone project');
    await signInAs(page, 'acc-admin');
    await page.goto('/analytics/SAU/gmv?lang=ar&by=week&range=last90');
    await expect(page.getByRole('heading', { name: 'التحليلات', level: 1 })).toBeVisible();
    await expect(page.getByTestId('analytics-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('analytics-table').locator('thead')).toContainText('الفترة السابقة');
    // Time runs right to left: the first week's tick stands to the right of the last one's.
    const xs = await page
      .getByTestId('analytics-chart')
      .locator('.recharts-xAxis-tick-labels text.recharts-cartesian-axis-tick-value')
      .evaluateAll((texts) => texts.filter((t) => t.textContent).map((t) => t.getBoundingClientRect().x));
    expect(xs.length).toBeGreaterThan(1);
    expect(xs[0]).toBeGreaterThan(xs.at(-1)!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The split by store and by product as cards, every figure in sight (issue 56: half the columns were off).
    const stores = page.getByTestId('analytics-by-store-cards').locator('[data-row]');
    await expect(stores.first()).toBeVisible();
    await expect(page.getByTestId('analytics-by-store')).toHaveCount(0);
    await expect(stores.first()).toContainText('صافي المبيعات');
    const box = (await stores.first().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await shot(page, 'analytics-ar-375');
  });
});
