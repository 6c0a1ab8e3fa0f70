/**
 * Staged rollout and form insights as ops and merchants meet them (issue 61): ops publish a label change to 50 %
 * of new drafts; two new merchants, each in their own browser, get one version each — the one the stable hash of
 * their account picks — and each completes the first step; the studio's insights show both versions side by
 * side; ops publish to everyone, and the merchant who had the old version gets the new one on their next page.
 * It runs against the second server after the studio's own test (playwright.config.ts), and ends where it began.
 */
import { expect, test, type BrowserContext, type Page } from './test';
import { shot, signInAs } from './helpers';
import { inRollout } from '../src/domain/rollout';

const LABEL = 'Trading name (rollout test)';

async function firstStep(page: Page, label: string | RegExp) {
  await page.goto('/?lang=en');
  await expect(page).toHaveURL(/\/applications\/step\/basic-info$/);
  await page.getByRole('textbox', { name: 'First name' }).fill('Mariam');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Al Falasi');
  await page.getByRole('textbox', { name: /Phone number/ }).fill('501234567');
  await page.getByRole('textbox', { name: label }).fill(`Falasi Phones ${Date.now()}`);
  await page.getByRole('combobox', { name: 'Country of main operations' }).click();
  await page.getByRole('option', { name: 'United Arab Emirates' }).click();
  await page.getByRole('radio', { name: '1 to 5 million' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/applications\/step\/product-category$/);
}

test('ops publish a change to 50 %, two merchants get one version each, insights show both, ops widen to 100 %', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, 'acc-ops');
  const before = (await (await page.request.get('/merchant/api/v1/catalogue/flows/onboarding')).json())
    .version as string;

  // 1. A label change, published to half of new drafts.
  await page.goto('/studio/flows/onboarding');
  await page.getByRole('combobox', { name: 'Field', exact: true }).click();
  await page.getByRole('option', { name: /^business_name/ }).click();
  await page.getByTestId('label-en').fill(LABEL);
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Review and publish' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'A share of new drafts first' }).check();
  await dialog.getByRole('textbox', { name: 'Share of new drafts' }).fill('50');
  await shot(page, 'rollout-publish');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  const bar = page.getByTestId('rollout');
  await expect(bar).toContainText('to 50 % of new drafts');
  const flows = (await (await page.request.get('/merchant/api/v1/studio/flows')).json()).flows as {
    flow: string;
    rollout: { version: string; share: number } | null;
  }[];
  const next = flows.find((f) => f.flow === 'onboarding')!.rollout!.version;
  // Anyone not judged (no session) still gets the version before.
  expect(
    (await (await fetch(new URL('/merchant/api/v1/catalogue/flows/onboarding', page.url()))).json()).version,
  ).toBe(before);

  // 2. Two new merchants, one on each side of the split.
  const side: Partial<Record<'new' | 'old', { context: BrowserContext; page: Page }>> = {};
  const opened: BrowserContext[] = [];
  while (!side.new || !side.old) {
    const context = await browser.newContext();
    opened.push(context);
    const merchant = await context.newPage();
    await signInAs(merchant, 'acc-new');
    const { id } = (await (await merchant.request.get('/merchant/api/v1/account')).json()) as { id: string };
    side[inRollout(next, 50, id) ? 'new' : 'old'] ??= { context, page: merchant };
  }
  await firstStep(side.new.page, LABEL);
  await firstStep(side.old.page, 'Business name');

  // 3. The insights show both versions, each with its merchant's start and first step — once the wizard's report
  // of the step shown has arrived (sent in batches, every 3 seconds).
  const reached = async (version: string) => {
    const answer = await page.request.get(
      `/merchant/api/v1/studio/flows/onboarding/insights?version=${version}`,
    );
    const steps = (await answer.json()).current.steps as { step: string; reached: number }[];
    return steps.find((s) => s.step === 'basic-info')!.reached;
  };
  await expect.poll(() => reached(next), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => reached(before), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await page.getByRole('tab', { name: 'Insights' }).click();
  const insights = page.getByTestId('insights');
  await expect(insights.getByText(`Version ${next.slice(0, 8)}`)).toBeVisible();
  await expect(insights.getByText(`Compared with ${before.slice(0, 8)}`)).toBeVisible();
  const basic = insights.getByTestId('insights-steps').getByRole('row').filter({ hasText: 'basic-info' });
  // Reached, with its share of the version's starts: this version's one merchant.
  await expect(basic).toContainText('1 (100%)');
  await expect(insights.getByTestId('insights-funnel')).toBeVisible();
  await shot(page, 'rollout-insights');

  // 4. Published to everyone: the rollout ends, the old side's merchant gets the new label on their next page.
  await bar.getByTestId('rollout-all').click();
  await expect(bar).toHaveCount(0);
  expect((await (await page.request.get('/merchant/api/v1/catalogue/flows/onboarding')).json()).version).toBe(
    next,
  );
  await side.old.page.goto('/applications/step/basic-info');
  await expect(side.old.page.getByRole('textbox', { name: LABEL })).toBeVisible();
  await page.getByRole('tab', { name: 'Audit' }).click();
  const audit = page.getByTestId('audit').getByRole('row');
  await expect(audit.nth(1)).toContainText('Rolled out to everyone');
  await expect(audit.nth(2)).toContainText('Rollout begun (50 %)');

  // The forms every other test fills are left as they were.
  const back = await page.request.post('/merchant/api/v1/studio/flows/onboarding/rollback', {
    data: { to: before, note: 'rollout test done' },
  });
  expect(back.ok()).toBe(true);
  for (const context of opened) await context.close();
});
