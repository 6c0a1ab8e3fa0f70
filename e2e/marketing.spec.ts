/**
 * The store-listing editor (issue 36; docs/marketing.md): a catalogue flow (schemas/store-listing) run by the
 * generic wizard — basic details, brand assets with an image upload, categories, store links, and a review that
 * publishes — reached from the spec's route and the sidebar's Marketing section; in English at 1280 px, and its first
 * step right to left in Arabic at 375 px.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PNG, shot, signInAs } from './helpers';

const EN = JSON.parse(readFileSync('locales/en/store-listing.json', 'utf8'));

test('the store listing, from basic details to published', async ({ page, isMobile }) => {
  test.skip(isMobile, 'behaviour: desktop project');
  test.slow(); // five steps and an upload
  await signInAs(page, 'acc-admin');
  // From the sidebar's Marketing to its hub, whose cards say which parts are not available yet.
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Marketing' })
    .getByRole('link', { name: /^Marketing/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();
  await expect(page.getByTestId('marketing-connect')).toContainText('Not available yet');
  await page.getByRole('link', { name: 'Open the store-listing editor' }).click();
  await expect(page).toHaveURL(/\/forms\/store-listing\/[0-9a-f-]{36}\/basic-details$/);
  await page.getByRole('textbox', { name: EN.basic.name }).fill('Riyadh Style');
  await page
    .getByRole('textbox', { name: EN.basic.description })
    .fill('Modest fashion and abayas, made in Riyadh.');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page).toHaveURL(/\/brand-assets$/);
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('logo.png').first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Upload progress/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page).toHaveURL(/\/categories$/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(EN.categories.atLeastOne).first()).toBeVisible();
  await page.getByRole('checkbox', { name: EN.category.fashion }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page).toHaveURL(/\/store-links$/);
  await page.getByRole('textbox', { name: EN.links.website }).fill('https://riyadhstyle.example');
  await page.getByRole('textbox', { name: EN.links.instagram }).fill('not a handle!');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(EN.links.instagramRule).first()).toBeVisible();
  await page.getByRole('textbox', { name: EN.links.instagram }).fill('@riyadhstyle');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page).toHaveURL(/\/review$/);
  // The review shows every answer before publishing.
  await expect(page.getByText('Modest fashion and abayas, made in Riyadh.')).toBeVisible();
  await expect(page.getByText(EN.category.fashion, { exact: true }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: EN.review.confirm }).check();
  await shot(page, 'store-listing-review-en-1280');
  await page.getByRole('button', { name: EN.publish, exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/store-listing\/[0-9a-f-]{36}\/view$/);
  await expect(page.getByText('@riyadhstyle')).toBeVisible();
});

test('the store listing’s first step right to left in Arabic on a phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'layout: the phone project');
  const AR = JSON.parse(readFileSync('locales/ar/store-listing.json', 'utf8'));
  await signInAs(page, 'acc-admin');
  await page.goto('/marketing/store-listing?lang=ar');
  await expect(page).toHaveURL(/\/basic-details/);
  await expect(page.getByRole('textbox', { name: AR.basic.name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'store-listing-ar-375');
});
