/**
 * WCAG 2.1 A and AA, as axe-core checks them, on the screens merchants use most, in English and in Arabic: sign-in,
 * the application (a step, its messages, the review), the dashboard and the back office's lists, capital. A
 * finding names the rule, the element and what to fix. Colour choices are in src/web/app/theme.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { applicationAtReview, navigateInApp, signInAs } from './helpers';

test.describe.configure({ mode: 'parallel' });
test.skip(({ isMobile }) => isMobile, 'the same colours and names: desktop project');

/** Every WCAG 2.1 A/AA finding on the page as it is now, one line each. */
async function findings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
    ),
  );
}

/**
 * Each page once its lists and dialogs have loaded (no skeleton or spinner left): no finding. The first is loaded,
 * the others reached inside the app, as its links would.
 */
async function expectNoFindings(page: Page, paths: string[], lang: string) {
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(`${path}?lang=${lang}`);
    else await navigateInApp(page, `${path}?lang=${lang}`);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0);
    expect(await findings(page), path).toEqual([]);
  }
}

for (const lang of ['en', 'ar'] as const) {
  test(`sign-in and an application step with its messages, ${lang}`, async ({ page }) => {
    await page.goto(`/auth?lang=${lang}`);
    await expect(page.getByRole('textbox').first()).toBeVisible();
    expect(await findings(page)).toEqual([]);
    await signInAs(page, 'acc-new');
    await page.goto(`/?lang=${lang}`);
    await expect(page).toHaveURL(/basic-info$/);
    await expect(page.getByRole('textbox').first()).toBeVisible();
    expect(await findings(page)).toEqual([]);
    // Next on an empty step: every field's message shown at once.
    await page.getByRole('button', { name: lang === 'en' ? 'Next' : 'التالي' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(await findings(page)).toEqual([]);
  });

  test(`the application's review step, ${lang}`, async ({ page }) => {
    await applicationAtReview(page);
    await page.goto(`/applications/step/result?lang=${lang}`);
    await expect(
      page
        .getByRole('button', { name: lang === 'en' ? 'Submit' : 'إرسال' })
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    expect(await findings(page)).toEqual([]);
  });

  test(`the dashboard, the back office's lists and capital, ${lang}`, async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'acc-admin');
    await expectNoFindings(
      page,
      ['/', '/disputes', '/support', '/stores', '/users', '/account', '/legal-entities', '/finance/capital'],
      lang,
    );
  });

  test(`capital's offers, a dispute and a ticket, ${lang}`, async ({ page }) => {
    await signInAs(page, 'acc-capital-offers');
    await expectNoFindings(page, ['/finance/capital', '/finance/capital/offers'], lang);
    await signInAs(page, 'acc-admin');
    await expectNoFindings(page, ['/disputes/dsp-rs-1001', '/support/tck-rs-101'], lang);
  });

  test(`payouts: completed, upcoming with a capital repayment, how reports work, ${lang}`, async ({
    page,
  }) => {
    await signInAs(page, 'acc-capital-paying');
    await expectNoFindings(
      page,
      ['/finance/payouts', '/finance/payouts/upcoming', '/finance/payouts/how-reports-work'],
      lang,
    );
  });
}

for (const lang of ['en', 'ar'] as const)
  test(`the merchant wallet and the card, ${lang}`, async ({ page }) => {
    await signInAs(page, 'acc-admin');
    await expectNoFindings(page, ['/finance/merchant-wallet', '/finance/card'], lang);
  });

for (const lang of ['en', 'ar'] as const)
  test(`analytics and marketing, ${lang}`, async ({ page }) => {
    await signInAs(page, 'acc-admin');
    await expectNoFindings(
      page,
      [
        '/analytics',
        '/marketing',
        '/marketing/draft',
        '/marketing/connect/salla',
        '/marketing/products',
        '/marketplace',
        '/marketplace/product-catalog/auth',
      ],
      lang,
    );
  });

for (const lang of ['en', 'ar'] as const)
  test(`locations and ads, ${lang}`, async ({ page }) => {
    await signInAs(page, 'acc-admin');
    await expectNoFindings(page, ['/locations', '/ads'], lang);
  });
