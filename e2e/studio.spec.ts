/**
 * The form studio as product ops use it (issue 17): change a label and a validation message of an onboarding
 * step, preview them in Arabic, publish; a merchant in another browser sees the change without a restart and
 * keeps working on a draft begun before it; a breaking change shows how many drafts it affects and needs that
 * confirmed; rolling back restores the old form; the audit lists all three; the CSP keeps out 'unsafe-eval'.
 * It runs in its own project against the second server (playwright.config.ts), beside the other tests, whose forms
 * it does not touch there, and ends on the original version.
 */
import { expect, test, type Page } from './test';
import { shot, signInAs } from './helpers';

const LABEL_EN = 'Trading name (studio test)';
const LABEL_AR = 'الاسم التجاري (اختبار الاستوديو)';
const MESSAGE_EN = 'Tell us the name you trade under';
const MESSAGE_AR = 'أخبرنا بالاسم الذي تتاجر به';

async function saved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i, { timeout: 15_000 });
  await expect(page.getByTestId('problem-count')).toHaveText('0 problems');
}

async function chooseBusinessName(page: Page) {
  await page.getByRole('combobox', { name: 'Field', exact: true }).click();
  await page.getByRole('option', { name: /^business_name/ }).click();
  await expect(page.getByTestId('field-form').getByRole('heading').first()).toContainText('business_name');
}

test('ops edit, preview in Arabic, publish, break with a count, roll back; merchants follow without a restart', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A merchant mid-draft in another browser: basic information answered under the current version.
  const merchant = await browser.newContext();
  const merchantPage = await merchant.newPage();
  await signInAs(merchantPage, 'acc-new');
  const created = await merchantPage.request.post('/partners/application/api/v1/application', { data: {} });
  const { id } = (await created.json()) as { id: number };
  const basic = {
    first_name: 'Mariam',
    last_name: 'Al Falasi',
    email: 'mariam@example.com',
    phone: '+971501234567',
    business_name: 'Falcon Trading Company',
    country_of_main_operations: 'ARE',
    annual_volume: 'less_than_1m',
  };
  expect(
    (await merchantPage.request.put(`/partners/application/api/v1/application/${id}`, { data: basic })).ok(),
  ).toBe(true);

  await signInAs(page, 'acc-ops');
  const studio = await page.goto('/studio');
  expect(studio?.headers()['content-security-policy']).not.toContain('unsafe-eval');
  await page.locator('a[href="/studio/flows/onboarding"]').click();
  await expect(page.getByRole('heading', { name: 'onboarding' })).toBeVisible();
  const original = (await (await page.request.get('/merchant/api/v1/catalogue/flows/onboarding')).json())
    .version;

  // 1. A label and a message, in both languages, previewed in Arabic.
  await chooseBusinessName(page);
  await page.getByTestId('label-en').fill(LABEL_EN);
  await page.getByTestId('label-ar').fill(LABEL_AR);
  await page.getByTestId('add-message-required').click();
  await page.getByTestId('message-required-en').fill(MESSAGE_EN);
  await page.getByTestId('message-required-ar').fill(MESSAGE_AR);
  await saved(page);
  const arabic = page.getByTestId('preview-ar');
  await expect(arabic.getByText(LABEL_AR)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('switch', { name: 'Show messages' }).check();
  await expect(arabic.getByText(MESSAGE_AR).first()).toBeVisible();
  await expect(page.getByTestId('preview-en').getByText(MESSAGE_EN).first()).toBeVisible();
  await shot(page, 'studio-edit-preview');

  await page.getByRole('button', { name: 'Review and publish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('classification').first()).toHaveText('Cosmetic');
  await dialog.getByLabel('Note for the audit log').fill('clearer business name label');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('versions')).toBeVisible();

  // The merchant, in their own browser, gets the new label on their next page load, and keeps going.
  await merchantPage.goto('/applications/step/basic-info');
  await expect(merchantPage.getByLabel(LABEL_EN)).toHaveValue('Falcon Trading Company');
  await merchantPage.getByLabel(LABEL_EN).fill('');
  await merchantPage.getByLabel('First name').click();
  await expect(merchantPage.getByText(MESSAGE_EN).first()).toBeVisible();
  await merchantPage.getByLabel(LABEL_EN).fill('Falcon Trading Company');

  // 2. A breaking change: names of at most 5 characters. The review counts the drafts it breaks.
  await page.getByRole('tab', { name: 'Edit' }).click();
  await chooseBusinessName(page);
  await page.getByTestId('limit-maxLength').fill('5');
  await saved(page);
  await page.getByRole('button', { name: 'Review and publish' }).click();
  await expect(dialog.getByTestId('classification').first()).toHaveText('Breaking');
  const impact = dialog.getByTestId('impact');
  await expect(impact).toContainText(/\d+ drafts? in progress (is|are) affected/);
  const affected = Number(/(\d+) drafts? in progress/.exec((await impact.textContent()) ?? '')![1]);
  expect(affected).toBeGreaterThanOrEqual(0);
  const publish = dialog.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await expect(dialog.getByText(/I understand that/)).toContainText(`${affected} draft`);
  await dialog.getByTestId('confirm-breaking').check();
  await shot(page, 'studio-breaking');
  await publish.click();
  await expect(page.getByTestId('versions')).toBeVisible();

  // 3. Rollback to the version merchants had before: the old form is back.
  const row = page
    .getByTestId('versions')
    .getByRole('row')
    .filter({ hasText: original.slice(0, 8) });
  await row.getByRole('button', { name: 'Roll back to this' }).click();
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await expect(
    page
      .getByTestId('versions')
      .getByRole('row')
      .filter({ hasText: original.slice(0, 8) }),
  ).toContainText('current');
  expect((await (await page.request.get('/merchant/api/v1/catalogue/flows/onboarding')).json()).version).toBe(
    original,
  );
  await merchantPage.goto('/applications/step/basic-info');
  await expect(merchantPage.getByLabel('Business name')).toBeVisible();

  // The audit lists all three, newest first.
  await page.getByRole('tab', { name: 'Audit' }).click();
  const audit = page.getByTestId('audit').getByRole('row');
  await expect(audit.nth(1)).toContainText('Rolled back');
  await expect(audit.nth(2)).toContainText('Published');
  await expect(audit.nth(2)).toContainText('Breaking');
  await expect(audit.nth(3)).toContainText('Published');
  await expect(audit.nth(3)).toContainText('clearer business name label');
  await shot(page, 'studio-audit');
  await merchant.close();
});

test('the studio refuses a merchant account, and draws in Arabic', async ({ page }) => {
  await signInAs(page, 'acc-admin');
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'The form studio is for product ops' })).toBeVisible();
  expect((await page.request.get('/merchant/api/v1/studio/flows')).status()).toBe(403);
});

test('ops add an option with its labels in both languages, see it in the preview, and the review calls it additive', async ({
  page,
}) => {
  await signInAs(page, 'acc-ops');
  await page.goto('/studio/flows/capital-waitlist');
  await page.getByRole('combobox', { name: 'Field', exact: true }).click();
  await page.getByRole('option', { name: /^capitalUse/ }).click();
  const options = page.getByTestId('options-editor');
  const added = options.getByTestId('new-option');
  await added.getByLabel('Value (what is stored)').fill('hire staff');
  await expect(added.getByText('Letters, digits, _ and - only')).toBeVisible();
  await added.getByLabel('Value (what is stored)').fill('hire_staff');
  await added.getByLabel('Label (English)').fill('Hire staff');
  await added.getByLabel('Label (Arabic)').fill('توظيف موظفين');
  await added.getByRole('button', { name: 'Add the option' }).click();
  await expect(options.getByTestId('option-hire_staff')).toBeVisible();
  await saved(page);
  await expect(page.getByTestId('preview-en').getByText('Hire staff')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('preview-ar').getByText('توظيف موظفين')).toBeVisible();
  // Saving keeps the editor as it was: the field chosen, and the history (undo and redo the option).
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(options.getByTestId('option-hire_staff')).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(options.getByTestId('option-hire_staff')).toBeVisible();
  await saved(page);
  // Moved to the top: the preview lists it first.
  for (let i = 0; i < 4; i += 1) await options.getByRole('button', { name: 'Move “hire_staff” up' }).click();
  await expect(options.getByTestId(/^option-/).first()).toHaveAttribute('data-testid', 'option-hire_staff');
  await saved(page);
  await page.getByRole('button', { name: 'Review and publish' }).click();
  await expect(page.getByRole('dialog').getByTestId('classification').first()).toHaveText('Additive');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Discard edits' }).click();
  await expect(options.getByTestId('option-hire_staff')).toHaveCount(0);
});
