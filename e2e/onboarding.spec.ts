/**
 * The onboarding application end to end (onboarding spec §2–§5), through the UI of brand-new merchants: an ARE
 * private company in English, a Saudi freelancer in Arabic, a high-volume Bahraini merchant told we will reach
 * out, a reload and a second device in the middle of an application, and the messages of a bad IBAN, a 101%
 * share total and a disguised upload (each keeping the other answers).
 */
import { expect, test, type Page } from './test';
import { applicationAtReview, signInAs, signInWith } from './helpers';
import { uniqueIban } from './uniqueNumber';

test.describe.configure({ mode: 'parallel' });
// Long paths: every step of an application is filled by hand.
test.setTimeout(120_000);

const PDF = { name: 'document.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

async function start(page: Page, lang: 'en' | 'ar' = 'en') {
  const who = await signInAs(page, 'acc-new');
  await page.goto(`/?lang=${lang}&utm_source=e2e&utm_campaign=onboarding`);
  await expect(page).toHaveURL(/\/applications\/step\/basic-info$/);
  return who;
}

async function text(page: Page, label: string | RegExp, value: string) {
  const box = page.getByRole('textbox', { name: label }).filter({ visible: true });
  await box.fill(value);
  await box.blur();
}

async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).filter({ visible: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Uploads a PDF named after the field, and waits until that field shows it (not another field's file). */
async function upload(page: Page, label: string, name = label.replace(/[^A-Za-z0-9]+/g, '-')) {
  const file = { ...PDF, name: `${name}.pdf` };
  await page.locator(`input[type=file][aria-label="${label}"]`).first().setInputFiles(file);
  await expect(page.getByText(file.name).filter({ visible: true }).first()).toBeVisible();
  // The name shows while it uploads too: wait until no upload is running, so Next sees the field's value.
  await expect(page.getByRole('progressbar', { name: /Upload progress|تقدم الرفع/ })).toHaveCount(0);
}

async function next(page: Page, label: string | RegExp = /^(Next|Submit|Finish)$/) {
  await page.getByRole('button', { name: label, exact: typeof label === 'string' }).click();
}

async function basicInfo(page: Page, country: string | RegExp, volume: string | RegExp, name: string) {
  await text(page, /First name|الاسم الأول/, 'Mariam');
  await text(page, /Last name|اسم العائلة/, 'Al Falasi');
  await page.getByRole('textbox', { name: /Phone number|رقم الجوال|رقم الهاتف/ }).fill('501234567');
  await text(page, /Business name|اسم النشاط/, name);
  await choose(page, /Country of main operations|دولة النشاط الرئيسية/, country);
  // The bands say their currency (issue 56: "Less than 1 million" of what?).
  await expect(
    page.getByRole('radiogroup', {
      name: /Annual sales volume, in US dollars|حجم المبيعات السنوي بالدولار الأمريكي/,
    }),
  ).toBeVisible();
  await page.getByRole('radio', { name: volume }).check();
}

async function productAndStore(page: Page) {
  await choose(page, 'Business section', 'Electronics');
  await choose(page, 'Category', 'Mobile phones');
  await next(page);
  // The website and platforms are for online sellers, the locations for shops: nothing shows before the answer.
  await expect(page.getByRole('textbox', { name: /Website/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /Main location address/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /In store/ }).check();
  await expect(page.getByRole('textbox', { name: /Main location address/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Website/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /In store/ }).uncheck();
  await page.getByRole('checkbox', { name: /Online/ }).check();
  await expect(page.getByRole('textbox', { name: /Main location address/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'E-commerce platforms' }).click();
  await page.getByRole('option', { name: 'Shopify' }).click();
  await page.keyboard.press('Escape');
  await text(page, /Website/, 'https://shop.example.com');
  await next(page);
}

/** An ARE private company (tier 3) from basic info to the shareholders step. */
async function areCompanyToShareholders(page: Page, licence: string) {
  const who = await start(page);
  await basicInfo(page, 'United Arab Emirates', '1 to 5 million', `Falasi Phones ${Date.now()}`);
  await next(page);
  await expect(page).toHaveURL(/product-category$/);
  await productAndStore(page);

  await expect(page).toHaveURL(/commercial-licence-are$/);
  // One title for the business type (its group and its one field carry the same one).
  await expect(page.getByRole('radiogroup', { name: 'Business type' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business type' })).toHaveCount(0);
  await page.getByRole('radio', { name: /Private company/ }).check();
  await text(page, 'Licence number', licence);
  await upload(page, 'Licence document');
  await page.getByLabel('Licence expiry date').fill('2030-06-30');
  await page.getByLabel('Licence expiry date').blur();
  // Day first, whatever the browser's locale (spec: dd/MM/yyyy).
  await expect(page.getByLabel('Licence expiry date')).toHaveValue('30/06/2030');
  await next(page);

  await expect(page).toHaveURL(/legal-details-are$/);
  await text(page, 'Legal company name', 'Falasi Phones LLC');
  await page.getByRole('textbox', { name: 'Legal address' }).fill('Office 12, Sheikh Zayed Road, Dubai');
  // The VAT number and certificate are asked only of a business registered for VAT.
  const vatNumber = page.getByRole('textbox', { name: /VAT registration number/ });
  await expect(vatNumber).toHaveCount(0);
  await page.getByRole('radio', { name: 'Yes' }).first().check();
  await expect(vatNumber).toBeVisible();
  await vatNumber.fill('12345');
  await page.getByRole('radio', { name: 'No' }).first().check();
  await expect(vatNumber).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: /sanctioned/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await next(page);

  await expect(page).toHaveURL(/legal-documents-are$/);
  await upload(page, 'Company structure chart');
  // Next clicked while an upload is still running waits for it and moves on with the file.
  await page.route('**/merchant/api/v2/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page
    .locator('input[type=file][aria-label="Proof of address"]')
    .setInputFiles({ ...PDF, name: 'Proof-of-address.pdf' });
  await expect(page.getByRole('progressbar', { name: /Upload progress|تقدم الرفع/ })).toHaveCount(1);
  await next(page);
  await expect(page).toHaveURL(/shareholders-are$/);
  await page.unroute('**/merchant/api/v2/upload');
  return who;
}

test('a new ARE private company (tier 3) completes every step in English and submits', async ({ page }) => {
  await areCompanyToShareholders(page, `CN-${Date.now()}`);

  // Shareholders: one owner with every role, 100%.
  await expect(page).toHaveURL(/shareholders-are$/);
  // The step title says what the fields are; the data model's wrapper (legal information) adds no heading.
  await expect(page.getByRole('heading', { name: 'Shareholders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Legal information' })).toHaveCount(0);
  // The list starts with one (empty) owner: it needs at least one.
  await text(page, 'Full name', 'Mariam Al Falasi');
  await choose(page, 'Nationality', 'Emirati');
  // No ID type is chosen for the merchant (onboarding §5: default NONE).
  await expect(page.getByRole('radio', { name: 'National ID / Emirates ID' })).not.toBeChecked();
  await page.getByRole('radio', { name: 'National ID / Emirates ID' }).check();
  await text(page, 'ID number', '784198712345678');
  await page.getByLabel('Date of birth').fill('1985-03-14');
  await upload(page, 'ID document (front)');
  await page.getByLabel('ID expiry date').fill('2031-01-31');
  await page.getByRole('checkbox', { name: 'Shareholder' }).check();
  await page.getByRole('textbox', { name: 'Share (%)' }).fill('100');
  await next(page);

  await expect(page).toHaveURL(/senior-management-are$/);
  await page.getByRole('checkbox', { name: 'Senior management' }).check();
  await choose(page, 'Role', 'CEO');
  await next(page);
  await expect(page).toHaveURL(/authorized-signatories-are$/);
  await page.getByRole('checkbox', { name: 'Authorised signatory' }).check();
  await next(page);
  await expect(page).toHaveURL(/ultimate-beneficial-owners-are$/);
  await page.getByRole('checkbox', { name: 'Ultimate beneficial owner' }).check();
  await next(page);

  await expect(page).toHaveURL(/bank-details$/);
  const iban = uniqueIban('AE770331234567890123457');
  await text(page, 'IBAN', iban);
  // The IBAN names its bank: the empty bank name is filled in.
  await expect(page.getByRole('textbox', { name: 'Bank name' })).toHaveValue('Mashreq');
  await text(page, 'Beneficiary name (English)', 'Falasi Phones LLC');
  await upload(page, 'IBAN certificate (bank letter)');
  await next(page);

  await expect(page).toHaveURL(/result$/);
  // The review: every answer, step by step, each step with a link back to change it.
  await expect(page.getByRole('heading', { name: 'Your answers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shareholders' })).toBeVisible();
  // The IBAN in groups of four.
  await expect(page.getByText(iban.replace(/(.{4})(?!$)/g, '$1 '), { exact: true })).toBeVisible();
  await expect(page.getByText('Licence-document.pdf', { exact: true })).toBeVisible();
  await expect(page.getByText('Mobile phones', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Bank details' }).click();
  await expect(page).toHaveURL(/bank-details$/);
  await text(page, 'Beneficiary name (English)', 'Falasi Phones L.L.C');
  await next(page);
  await expect(page).toHaveURL(/result$/);
  await expect(page.getByText('Falasi Phones L.L.C', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: /I confirm/ }).check();
  await next(page, 'Submit');

  await expect(page).toHaveURL(/\/applications\/view$/);
  await expect(page.getByText('Under review')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shareholders' })).toBeVisible();
  await expect(page.getByText('Falasi Phones LLC').first()).toBeVisible();
  // Lists from the server show their names, not their ids.
  await expect(page.getByText('Electronics', { exact: true })).toBeVisible();
  await expect(page.getByText('Mobile phones', { exact: true })).toBeVisible();
  // The sidebar keeps the application item after submitting (issue 32); it opens this view.
  await expect(page.getByRole('link', { name: 'Application' })).toHaveAttribute('href', '/applications');
});

test('a Saudi freelancer completes in Arabic; a bad IBAN says so and keeps the other answers', async ({
  page,
}) => {
  await start(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await basicInfo(page, 'السعودية', 'أقل من مليون', `متجر الريان ${Date.now()}`);
  await next(page, 'التالي');

  await expect(page).toHaveURL(/business-licence-sau$/);
  await page.getByRole('radio', { name: 'وثيقة عمل حر' }).check();
  await next(page, 'التالي');

  await expect(page).toHaveURL(/product-category$/);
  await choose(page, 'قطاع النشاط', 'الإلكترونيات');
  await choose(page, 'الفئة', 'هواتف جوالة');
  await next(page, 'التالي');
  await expect(page).toHaveURL(/store-type$/);
  await page.getByRole('checkbox', { name: /عبر الإنترنت/ }).check();
  await page.getByRole('combobox', { name: 'منصات التجارة الإلكترونية' }).click();
  await page.getByRole('option', { name: 'سلة' }).click();
  await page.keyboard.press('Escape');
  await text(page, 'الموقع الإلكتروني', 'https://rayyan.example.sa');
  await next(page, 'التالي');

  await expect(page).toHaveURL(/legal-details-sau-freelance$/);
  await text(page, 'رقم وثيقة العمل الحر', `FL-${String(Date.now()).slice(-9)}`);
  await upload(page, 'وثيقة العمل الحر', 'freelance-certificate');
  await page.getByLabel('تاريخ انتهاء الوثيقة').fill('2030-06-30');
  await text(page, 'رقم الهوية الوطنية', '1012345678');
  await upload(page, 'الهوية الوطنية (نسخة)', 'national-id');
  await page.getByRole('textbox', { name: 'العنوان الوطني' }).fill('مكتب 12، شارع العليا، الرياض');
  await next(page, 'التالي');

  await expect(page).toHaveURL(/bank-details$/);
  await text(page, 'اسم البنك', 'البنك الأهلي');
  await text(page, 'اسم المستفيد (بالإنجليزية)', 'Rayyan Store');
  // One digit off: the checksum fails.
  await text(page, 'رقم الآيبان', 'SA0380000000608010167518');
  await expect(page.getByText('يرجى إدخال رقم آيبان صحيح').filter({ visible: true })).toBeVisible();
  await next(page, 'التالي');
  await expect(page).toHaveURL(/bank-details$/);
  await expect(page.getByRole('textbox', { name: 'اسم البنك' })).toHaveValue('البنك الأهلي');
  await expect(page.getByRole('textbox', { name: 'اسم المستفيد (بالإنجليزية)' })).toHaveValue('Rayyan Store');
  await text(page, 'رقم الآيبان', uniqueIban('SA7380000000608010167520'));
  await expect(page.getByText('يرجى إدخال رقم آيبان صحيح')).toHaveCount(0);
  // The IBAN's bank does not replace the name the merchant typed.
  await expect(page.getByRole('textbox', { name: 'اسم البنك' })).toHaveValue('البنك الأهلي');
  await upload(page, 'شهادة الآيبان (خطاب البنك)', 'iban-certificate');
  await next(page, 'التالي');

  await expect(page).toHaveURL(/result$/);
  await page.getByRole('checkbox', { name: /أقرّ بأن/ }).check();
  await next(page, 'إرسال');

  await expect(page).toHaveURL(/\/applications\/view$/);
  await expect(page.getByText('قيد المراجعة')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'بيانات العمل الحر' })).toBeVisible();
  await expect(page.getByText('Rayyan Store').first()).toBeVisible();
});

test('a Bahraini merchant above 15 million is told we will reach out', async ({ page, isMobile }) => {
  test.skip(isMobile, 'behaviour: desktop project');
  await start(page);
  await basicInfo(page, 'Bahrain', 'Above 15 million', `Manama Retail ${Date.now()}`);
  await next(page);
  await expect(page).toHaveURL(/product-category$/);
  await productAndStore(page);
  await expect(page).toHaveURL(/\/applications\/reach-out$/);
  await expect(page.getByRole('heading', { name: 'We will reach out to continue' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Thank you, Manama Retail/ })).toBeVisible();
  // Nothing further to fill: the gate shows what was sent, with the same promise.
  await page.goto('/applications');
  await expect(page).toHaveURL(/\/applications\/view$/);
  await expect(page.getByRole('alert').filter({ hasText: 'We will reach out to continue' })).toBeVisible();
  await page.goto('/applications/step/basic-info');
  await expect(page).toHaveURL(/\/applications\/reach-out$/);
});

test('a 101% share total and a disguised upload say so and keep the answers; a reload or another device keeps everything', async ({
  page,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'behaviour: desktop project');
  const who = await areCompanyToShareholders(page, `CN-${Date.now()}`);
  await expect(page).toHaveURL(/shareholders-are$/);
  await text(page, 'Full name', 'Mariam Al Falasi');
  await choose(page, 'Nationality', 'Emirati');
  // No ID type is chosen for the merchant (onboarding §5: default NONE).
  await expect(page.getByRole('radio', { name: 'National ID / Emirates ID' })).not.toBeChecked();
  await page.getByRole('radio', { name: 'National ID / Emirates ID' }).check();
  await text(page, 'ID number', '784198712345678');
  await page.getByLabel('Date of birth').fill('1985-03-14');

  // A text file named .pdf: refused by its content, with the spec's message.
  await page.locator('input[type=file][aria-label="ID document (front)"]').setInputFiles({
    name: 'passport.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some text'),
  });
  await expect(page.getByText(/File must have a .*pdf.* extension/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Mariam Al Falasi');
  await upload(page, 'ID document (front)');

  await page.getByLabel('ID expiry date').fill('2031-01-31');
  await page.getByRole('checkbox', { name: 'Shareholder' }).check();
  await page.getByRole('textbox', { name: 'Share (%)' }).fill('60');
  // A second shareholder with 41%: 101% in all.
  await page.getByRole('button', { name: 'Add another' }).click();
  // Each owner has its own button to take it off the list (a file has "Remove file").
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Full name' }).nth(1).fill('Omar Al Falasi');
  await page.getByRole('checkbox', { name: 'Shareholder' }).nth(1).check();
  await page.getByRole('textbox', { name: 'Share (%)' }).nth(1).fill('41');
  await next(page);
  await expect(page.getByText("the shareholders' shares must add up to exactly 100%")).toBeVisible();
  await expect(page).toHaveURL(/shareholders-are$/);
  await expect(page.getByRole('textbox', { name: 'Full name' }).first()).toHaveValue('Mariam Al Falasi');
  await expect(page.getByRole('textbox', { name: 'ID number' }).first()).toHaveValue('784198712345678');

  // A reload in the middle: the same step, with everything typed so far (the 101 too, still to fix).
  await page.reload();
  await expect(page).toHaveURL(/shareholders-are$/);
  await expect(page.getByRole('textbox', { name: 'Full name' }).nth(1)).toHaveValue('Omar Al Falasi');
  await expect(page.getByRole('textbox', { name: 'Share (%)' }).nth(1)).toHaveValue('41');
  await expect(page.getByText('ID-document-front-.pdf')).toBeVisible();
  // Drawn at its full height at once: scrolled to its end, nothing grows and moves Back from under a finger (a
  // field skipped while out of view keeps the size it was laid out with; see StepForm.module.css).
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const drawn = await height();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await height()).toBe(drawn);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/legal-documents-are$/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/legal-details-are$/);
  await expect(page.getByRole('textbox', { name: 'Legal company name' })).toHaveValue('Falasi Phones LLC');

  // Another device: the same merchant lands on the first incomplete step with the answers.
  const { baseURL, viewport } = test.info().project.use;
  const other = await browser.newContext({ baseURL, viewport });
  try {
    const second = await other.newPage();
    await signInWith(second.request, who);
    await second.goto('/');
    await expect(second).toHaveURL(/\/applications\/step\/shareholders-are$/);
    await expect(second.getByRole('textbox', { name: 'Full name' }).first()).toHaveValue('Mariam Al Falasi');
    await expect(second.getByRole('textbox', { name: 'Share (%)' }).nth(1)).toHaveValue('41');
  } finally {
    await other.close();
  }
});

test('a stored file downloads as an attachment with its name, from the review', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'behaviour: desktop project');
  await applicationAtReview(page);
  await page.goto('/applications/step/result');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
