/**
 * A flow added as files only (tests/fixtures/flows/demo-request: three steps, one `when` rule, one upload),
 * run by a server whose catalogue folder holds it — with the same build as every other test: the app has never
 * heard of the flow. Through the generic forms route, in English on the desktop and in Arabic at 375 px.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { NEW_FLOW_PORT } from '../playwright.config';
import { signInAs } from './helpers';

test.use({ baseURL: `http://127.0.0.1:${NEW_FLOW_PORT}` });

const TEXTS = {
  en: JSON.parse(readFileSync('tests/fixtures/flows/demo-request/locales/en/demo-request.json', 'utf8')),
  ar: JSON.parse(readFileSync('tests/fixtures/flows/demo-request/locales/ar/demo-request.json', 'utf8')),
};
const BUTTONS = {
  en: { next: 'Next', submit: 'Book my demo', received: 'We have your answers' },
  ar: { next: 'التالي', submit: 'احجز العرض التوضيحي', received: 'وصلتنا إجاباتك' },
};

test('the app’s build knows nothing of the flow', () => {
  for (const file of readdirSync('dist/web/assets'))
    expect(readFileSync(`dist/web/assets/${file}`, 'utf8'), file).not.toContain('demo-request');
});

test('a merchant fills and submits a flow that exists only as catalogue files', async ({ page }, info) => {
  test.slow(); // three steps, an upload, a reload and a second visit: long on a loaded two-core runner
  const lang = info.project.name === 'mobile' ? 'ar' : 'en';
  const t = TEXTS[lang];
  const b = BUTTONS[lang];
  await signInAs(page, 'acc-admin');
  await page.goto(`/forms/demo-request?lang=${lang}`);
  await expect(page).toHaveURL(/\/forms\/demo-request\/[0-9a-f-]{36}\/contact$/);
  await expect(page.getByRole('heading', { name: t.flow.title })).toBeVisible();

  await page.getByRole('textbox', { name: t.fields.full_name.title }).fill('Noor Al-Saud');
  await page.getByRole('textbox', { name: t.fields.email.title }).fill('noor@example.com');
  // The `when` rule: a shop adds the shop step.
  await expect(page.getByText(t.steps.shop.title)).toHaveCount(0);
  await page.getByRole('radio', { name: t.enum.shop }).check();
  await expect(page.getByText(t.steps.shop.title).first()).toBeAttached();
  await page.getByRole('button', { name: b.next, exact: true }).click();

  await expect(page).toHaveURL(/\/shop$/);
  await page.getByRole('textbox', { name: t.fields.city.title }).fill('Riyadh');
  await page.getByRole('textbox', { name: t.fields.branches.title }).fill('3');
  await page.getByRole('button', { name: b.next, exact: true }).click();

  await expect(page).toHaveURL(/\/documents$/);
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
  await expect(page.getByText('licence.pdf').first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Upload progress|تقدم الرفع/ })).toHaveCount(0);
  await page.getByRole('button', { name: b.submit, exact: true }).click();

  await expect(page).toHaveURL(/\/forms\/demo-request\/[0-9a-f-]{36}\/view$/);
  await expect(page.getByText(b.received)).toBeVisible();
  await expect(page.getByText('Riyadh')).toBeVisible();
  await expect(page.getByText('licence.pdf')).toBeVisible();
  await page.reload();
  await expect(page.getByText(b.received)).toBeVisible();
  // Asking for the flow again opens the submitted draft's answers.
  await page.goto('/forms/demo-request');
  await expect(page).toHaveURL(/\/view$/);
});
