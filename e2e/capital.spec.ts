/**
 * Capital as each demo persona finds it (capital spec §2, §4, §9; README "Demo personas"): where the entry lands,
 * which offer is best, the live quote's requests, the loan detail's alert, legend, progress and week colours (as
 * the rules in src/domain/capital give them for the fixture), the sortable repayment table, and the call-back
 * and feedback events. Each test signs in as a fresh copy of a persona (same merchant, so the same capital data);
 * nothing here changes that data.
 */
import { expect, test, type Page } from './test';
import { signInAs } from './helpers';
import { legend, loanAlert, progress, weekSlots } from '../src/domain/capital/loans';
import type { Loan } from '../src/domain/capital/types';

/** A loan as the server answers it now (after any payout run that took a repayment). */
async function loanNow(page: Page, id: string): Promise<Loan> {
  const res = await page.request.get(`/merchant/api/v1/capital/loans/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Loan;
}

const events = async (page: Page, accountId: string, name: string) => {
  const all = (await (await page.request.get('/dev/events')).json()) as {
    account_id: string;
    payload: Record<string, unknown>;
  }[];
  return all.filter((e) => e.account_id === accountId && e.payload.event === name).map((e) => e.payload);
};

// The section's behaviour runs once, on the desktop project; the phone project checks the Arabic layout below
// (the e2e suite's time is shared by every area).
test.describe('the entry lands where §2 says', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');
  const cases: [string, RegExp][] = [
    ['acc-capital-offers', /\/finance\/capital\/offers\/off-falcon-full-revenue$/], // offers only: the best offer
    ['acc-capital-paying', /\/finance\/capital\/loans\/loan-saffron-paying$/], // exactly one loan
    ['acc-capital-dd', /\/finance\/capital\/loans\/loan-coral-dd$/],
    ['acc-capital-closed', /\/finance\/capital\/loans$/], // a loan and offers
    ['acc-capital-applications', /\/finance\/capital\/loans$/], // several applications
    ['acc-capital-waitlist', /\/finance\/capital\/waitlist(\/join)?$/], // the fake door (its form's one step)
    // Nothing at all: §2's completed payouts page.
    ['acc-admin', /\/finance\/payouts\/completed$/],
  ];
  for (const [persona, where] of cases)
    test(persona, async ({ page }) => {
      const who = await signInAs(page, persona);
      await page.goto('/finance/capital');
      await expect(page).toHaveURL(where);
      if (persona === 'acc-admin') {
        await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
        // The page says why capital opened it, and Capital stays the area highlighted (issue 56).
        await expect(page.getByTestId('payouts-from-capital')).toHaveText(
          'No capital offer yet — this is where your capital repayments will show.',
        );
        const sidebar = page.getByRole('navigation', { name: 'Finance' });
        await expect(sidebar.getByRole('link', { name: /^Capital/ })).toHaveAttribute('data-active', 'true');
        await expect(sidebar.getByRole('link', { name: /^Payouts/ })).not.toHaveAttribute(
          'data-active',
          'true',
        );
        // Payouts opened from the sidebar is the page itself, without the note.
        await sidebar.getByRole('link', { name: /^Payouts/ }).click();
        await expect(sidebar.getByRole('link', { name: /^Payouts/ })).toHaveAttribute('data-active', 'true');
        await expect(page.getByTestId('payouts-from-capital')).toHaveCount(0);
        await page.goto('/finance/capital?lang=ar');
        await expect(page.getByTestId('payouts-from-capital')).toHaveText(
          'لا يوجد عرض تمويل بعد — هنا ستظهر أقساط سداد التمويل.',
        );
      }
      if (persona !== 'acc-capital-waitlist' && persona !== 'acc-admin')
        await expect.poll(() => events(page, who.id, 'Capital Page Opened').then((e) => e.length)).toBe(1);
    });

  test('the provider-named spelling of the section works the same', async ({ page }) => {
    await signInAs(page, 'acc-capital-paying');
    await page.goto('/finance/tby-capital');
    await expect(page).toHaveURL(/\/finance\/tby-capital\/loans\/loan-saffron-paying$/);
    await expect(page.getByRole('heading', { name: 'Saffron Kitchen LLC' })).toBeVisible();
  });
});

test.describe('offers', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');
  test('the best offer is the one §9 picks, per store', async ({ page }) => {
    const who = await signInAs(page, 'acc-capital-offers');
    await page.goto('/finance/capital/offers/off-falcon-full-revenue');
    const selector = page.getByTestId('offer-selector');
    // Amount descending then tenor descending; the first is marked best.
    await expect(selector.locator('[data-offer]')).toHaveCount(3);
    const order = await selector
      .locator('[data-offer]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-offer')));
    expect(order).toEqual(['off-falcon-full-revenue', 'off-falcon-mall-b', 'off-falcon-mall-a']);
    await expect(selector.locator('[data-offer="off-falcon-full-revenue"]')).toContainText('Best offer');
    // The headline says what this merchant is offered (its best offer, 250,000), not §1's 1,000,000 (issue 32).
    await expect(page.getByTestId('offer-banner')).toContainText('250,000');
    await expect(page.getByTestId('offer-banner')).not.toContainText('1,000,000');
    // Another store: its best offer.
    await page.getByTestId('store-switcher').click();
    await page.getByRole('option', { name: 'Falcon Electronics Abu Dhabi' }).click();
    await expect(page).toHaveURL(/\/offers\/off-falcon-abu-dhabi$/);
    await expect(page.getByTestId('offer-banner')).toContainText('45,000');
    // Capital §7's store choice, as the server stored it: waiting for it here also keeps the page open until the
    // event's request has been answered (the test used to end first, now and then, and the catalogue's walk
    // missed it).
    await expect
      .poll(() => events(page, who.id, 'Capital Store Selected'))
      .toEqual([
        expect.objectContaining({
          merchantId: 'mer-falcon-electronics',
          storeId: 'sto-falcon-electronics-3',
        }),
      ]);
  });

  test('an offer chosen from the list opens it, and is capital §7’s offer click', async ({ page }) => {
    const who = await signInAs(page, 'acc-capital-closed');
    await page.goto('/finance/capital/offers');
    await page.getByRole('link', { name: 'View' }).first().click();
    await expect(page).toHaveURL(/\/finance\/capital\/offers\/off-palm-[a-z]+$/);
    await expect
      .poll(() => events(page, who.id, 'Capital Offers Clicks'))
      .toEqual([expect.objectContaining({ eventOrigin: 'offers_list', merchantId: 'mer-palm-furniture' })]);
  });

  test('the slider drives the quote with one request per 500 ms pause', async ({ page }) => {
    // The page's clock is ours: a loaded host cannot stretch the key presses past the pause.
    await page.clock.install();
    await signInAs(page, 'acc-capital-offers');
    const quotes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/calculate')) quotes.push(r.postData() ?? '');
    });
    // The customisation is the full-revenue wizard's first step (§2); a plain offer's form is the simple one.
    await page.goto('/finance/capital/application/off-falcon-full-revenue/mer-falcon-electronics');
    await expect(page.getByTestId('min-weekly')).toBeVisible();
    expect(quotes).toHaveLength(1); // the first quote, of the offer's own terms
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const thumb = page.getByTestId('amount-slider').getByRole('slider');
    await thumb.focus();
    // Five steps with no time between them: nothing until the pause ends, then one request.
    for (let i = 0; i < 5; i += 1) await thumb.press('ArrowLeft');
    await expect(page.getByTestId('amount-input')).toHaveValue('245,000');
    await page.clock.runFor(499);
    expect(quotes).toHaveLength(1);
    // The answer must be in before the clock moves on: the page's updates after it wait on (paused) timers.
    const answered = page.waitForResponse((r) => r.url().includes('/calculate'));
    await page.clock.runFor(2);
    await expect.poll(() => quotes.length).toBe(2);
    expect(JSON.parse(quotes[1]!)).toEqual({ amount: 245000, tenor: 28 });
    await answered;
    await page.clock.runFor(2000);
    expect(quotes).toHaveLength(2);
    // 245,000 over 28 weeks at the offer's 0.4 % a week: 272,440 to repay, 9,730.00 a week. (The clock moves on
    // while waiting: the answer's body may be read after the last step of it.)
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return page.getByTestId('min-weekly').textContent();
      })
      .toContain('9,730.00');
    expect(quotes).toHaveLength(2);
    // A value out of range asks for nothing and says what to fix.
    await page.getByTestId('tenor-input').fill('2');
    await expect(page.getByText('The period must be at least 4 weeks')).toBeVisible();
    await page.clock.runFor(2000);
    expect(quotes).toHaveLength(2);
  });

  test('call back and feedback are sent as their events', async ({ page }) => {
    await page.clock.install();
    const who = await signInAs(page, 'acc-capital-offers');
    await page.goto('/finance/capital/offers/off-falcon-mall-a');
    await page.getByRole('button', { name: 'Request a call back' }).last().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Request the call' }).click();
    await expect(dialog.getByText('Required field')).toHaveCount(1); // the date (the phone is the account's)
    // The test accounts' random numbers need not be real ones for their country: give a real one.
    await dialog.getByLabel('Phone number').fill('+971 50 123 4567');
    const tomorrow = await page.evaluate(() => {
      const d = new Date();
      return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() + 1)).toISOString().slice(0, 10);
    });
    await dialog.getByLabel('Date').fill(tomorrow);
    await dialog.getByRole('button', { name: 'Request the call' }).click();
    await expect(dialog.getByText('We will call you')).toBeVisible();
    await expect
      .poll(() => events(page, who.id, 'Call Back Requested'))
      .toEqual([
        expect.objectContaining({
          offer_id: 'off-falcon-mall-a',
          date: tomorrow,
          phoneNumber: '+971501234567',
        }),
      ]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // More than 10 seconds on the page, then leaving: the feedback modal, once.
    await page.clock.fastForward(11_000);
    await page.getByRole('link', { name: 'Apply for this offer' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText('Not applying now?')).toBeVisible();
    await expect(page).toHaveURL(/#feedback$/);
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(modal.getByText('Select an option')).toBeVisible();
    await modal.getByLabel('I want different terms').check();
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(modal.getByText('Thank you for your feedback')).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).first().click();
    // The held navigation goes on (to the plain offer's simple form).
    await expect(page).toHaveURL(/\/application\/off-falcon-mall-a\/mer-falcon-electronics\/simple\/apply$/);
    await expect
      .poll(() => events(page, who.id, 'Feedback sent'))
      .toEqual([
        expect.objectContaining({ offer_id: 'off-falcon-mall-a', capitalOpinion: 'terms', Contact: false }),
      ]);
  });
});

test.describe('loan detail', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');
  for (const [persona, loanId] of [
    ['acc-capital-paying', 'loan-saffron-paying'],
    ['acc-capital-overdue', 'loan-dune-overdue'],
    ['acc-capital-closed', 'loan-palm-closed'],
    ['acc-capital-dd', 'loan-coral-dd'],
  ] as const)
    test(`${loanId}: alert, legend, progress and week colours as the rules give them`, async ({ page }) => {
      await signInAs(page, persona);
      await page.goto(`/finance/capital/loans/${loanId}`);
      // The loan as the server holds it now: a payout run may have taken a repayment since the demo was loaded
      // (on a Monday, the day's weekly payout carries one), which the fixture cannot know.
      const loan = await loanNow(page, loanId);
      const slots = weekSlots(loan);
      const bar = page.getByTestId('week-bar').getByRole('listitem');
      await expect(bar).toHaveCount(slots.length);
      expect(await bar.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(
        slots.map((s) => s.status),
      );
      expect(
        await page
          .getByTestId('legend')
          .locator('[data-entry]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-entry'))),
      ).toEqual(legend(slots));
      await expect(page.getByTestId('progress').first()).toHaveText(`${progress(loan)}% repaid`);
      const alert = loanAlert(loan);
      if (alert) await expect(page.locator(`[data-alert="${alert.kind}"]`)).toBeVisible();
      else await expect(page.locator('[data-alert]')).toHaveCount(0);
    });

  test('the repayment table sorts by each column, date descending first', async ({ page }) => {
    await signInAs(page, 'acc-capital-paying');
    await page.goto('/finance/capital/loans/loan-saffron-paying');
    const table = page.getByTestId('repayments');
    const { repayments } = await loanNow(page, 'loan-saffron-paying');
    await expect(table.locator('tbody tr')).toHaveCount(repayments.length);
    const shown = (amount: number) =>
      amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = repayments.map((r) => r.amount);
    const dates = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-date')!));
    const byDate = await dates();
    expect(byDate).toEqual([...byDate].sort().reverse());
    await expect(table.getByRole('columnheader', { name: /Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await table.locator('[data-column="repaymentAmount"]').click();
    await expect(table.getByRole('columnheader', { name: /Repayment/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(table.locator('tbody tr').first()).toContainText(shown(Math.max(...amounts))); // the largest
    await table.locator('[data-column="repaymentAmount"]').click();
    await expect(table.locator('tbody tr').first()).toContainText(shown(Math.min(...amounts))); // the smallest
    await table.locator('[data-column="date"]').click();
    expect(await dates()).toEqual(byDate);
  });

  test('an unknown loan is a 404', async ({ page }) => {
    await signInAs(page, 'acc-capital-paying');
    await page.goto('/finance/capital/loans/loan-palm-closed'); // another merchant's
    await expect(page.getByText('Page not found')).toBeVisible();
  });
});

test.describe('applications', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');
  test('each status shows what §2 says', async ({ page }) => {
    test.slow(); // eight page loads in one test
    await signInAs(page, 'acc-capital-applications');
    await page.goto('/finance/capital/loans');
    await expect(page.locator('[data-group="active"] [data-application]')).toHaveCount(4);
    await expect(page.locator('[data-group="inactive"] [data-application]')).toHaveCount(2);
    await page.goto('/finance/capital/loan-applications/capp-mirage-submitted');
    await expect(page.getByText('processed within 72 hours')).toBeVisible();
    await page.goto('/finance/capital/loan-applications/capp-mirage-approved-steps');
    const summary = page.getByTestId('approved-summary');
    await expect(summary).toContainText('AE79 0330 0012 3456 7890 128');
    await summary.getByRole('button', { name: 'An example' }).click();
    await expect(page.getByTestId('example-table')).toContainText('20,450');
    await expect(page.getByTestId('example-table')).toContainText('4,090');
    await page.goto('/finance/capital/loan-applications/capp-mirage-approved-contract');
    await expect(page.getByText('We sent the contract to your e-mail')).toBeVisible();
    await page.goto('/finance/capital/loan-applications/capp-mirage-rejected');
    await expect(page.getByTestId('reasons').getByRole('listitem')).toHaveText([
      'The amount requested is too high for your current sales.',
      'We could not find a valid commercial licence.',
    ]);
    await page.goto('/finance/capital/loan-applications/capp-mirage-reset');
    await expect(page.getByText('Your business licence expires soon')).toBeVisible();
    await page.goto('/finance/capital/loan-applications/capp-mirage-cancelled');
    await expect(page.getByText('cancelled for inactivity')).toBeVisible();
    await page.goto('/finance/capital/loan-applications/nope');
    await expect(page.getByText('Page not found')).toBeVisible();
  });
});

test.describe('in Arabic on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: phone project');
  test('the week bar runs right to left and amounts stay left to right', async ({ page }) => {
    await signInAs(page, 'acc-capital-overdue');
    await page.goto('/finance/capital/loans/loan-dune-overdue?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const bar = page.getByTestId('week-bar').getByRole('listitem');
    await expect(bar).toHaveCount(12);
    const first = (await bar.first().boundingBox())!;
    const last = (await bar.last().boundingBox())!;
    expect(first.x).toBeGreaterThan(last.x); // week 1 on the right
    await expect(page.getByTestId('outstanding').locator('[dir="ltr"]')).toHaveText(/19,340\.00.*AED/);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a loan’s outstanding and repaid amounts each fit their place, apart', async ({ page }) => {
    await signInAs(page, 'acc-capital-paying');
    await page.goto('/finance/capital?lang=ar');
    const outstanding = page.getByTestId('outstanding');
    const repaid = page.getByTestId('repaid');
    await expect(outstanding).toBeVisible();
    for (const amount of [outstanding, repaid])
      expect(await amount.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    const a = (await outstanding.boundingBox())!;
    const b = (await repaid.boundingBox())!;
    const apart =
      a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
    expect(apart).toBe(true);
  });
});
