/**
 * Capital's forms as catalogue flows (schemas/capital-*) in a browser: the waitlist (§2 Waitlist page, §5, §8),
 * the reset fix (§2 Reset fix screen, §4 reasons, §8 `details.reason`) and the simple application form (§2, §3,
 * §5: finance contacts, the offer's bank statement, the four stages), each in English on the desktop and in
 * Arabic at 375 px. Each test but the English waitlist's has its own merchant, so no other test's lists change.
 */
import { expect, test, type Page } from './test';
import { shot, signInAs } from './helpers';
import { capitalMerchant } from './capitalMerchant';

const PDF = {
  name: 'licence-2027.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
};

/** Uploads the new licence into the form's file field and waits for the upload to finish. */
async function attachLicence(page: Page, input = 0, name = PDF.name) {
  await page
    .locator('input[type=file]')
    .nth(input)
    .setInputFiles({ ...PDF, name });
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** A new merchant with one application on hold for a reason of §4 (its id answered). */
async function applicationOnHold(page: Page, reason: string) {
  const id = `capp-e2e-${reason.replace(/_/g, '-')}`;
  const made = await capitalMerchant(page, {
    capital_applications: [
      {
        id,
        status: 'reset',
        amount: 50000,
        tenor: 12,
        created_at: 'today-1w',
        reasons: [`reason_${reason}`],
        answers: {
          legal_info: {
            company_name: 'Mirage Perfumes LLC',
            cr_number: 'CN-2045871',
            cr_file_url: '/demo/licence-mirage.pdf',
            company_address: 'Shop 12, Gold Souk, Deira, Dubai',
          },
        },
      },
    ],
  });
  return made.id(id);
}

/** A new merchant with one offer of the simple form (neither wizard's tag). */
async function simpleOffer(page: Page, tags: string[] = []) {
  const made = await capitalMerchant(page, {
    capital_offers: [{ id: 'off-e2e-simple', amount: 60000, tenor: 12, tags }],
  });
  return { offerId: made.id('off-e2e-simple'), merchant: made.merchant };
}

test.describe('the waitlist', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('says what is missing, asks for the text of "other", joins once and stays joined', async ({
    page,
  }) => {
    await signInAs(page, 'acc-capital-waitlist');
    await page.goto('/finance/capital?lang=en');
    await expect(page).toHaveURL(/\/finance\/capital\/waitlist\/join$/);
    const join = page.getByRole('button', { name: 'Join the waitlist' });
    await join.click();
    await expect(page.getByText('Choose at least one store').last()).toBeVisible();
    await expect(page.getByText('Choose option').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Stores' }).click();
    await page.getByRole('option', { name: 'Lulu Toys Online' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('textbox', { name: 'Tell us more' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Other' }).check();
    await join.click();
    await expect(page.getByRole('textbox', { name: 'Tell us more' })).toBeVisible();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    // The server failing to add: §8's message, and nothing typed is lost.
    await page.getByRole('textbox', { name: 'Tell us more' }).fill('A second warehouse');
    await page.route('**/flows/capital-waitlist/drafts/*/submit', (route) =>
      route.fulfill({ status: 500, json: { status: 500, message: 'internal error' } }),
    );
    await join.click();
    await expect(page.getByTestId('wizard-refusal')).toHaveText('Error while adding to waitlist');
    await expect(page.getByRole('textbox', { name: 'Tell us more' })).toHaveValue('A second warehouse');
    await page.unroute('**/flows/capital-waitlist/drafts/*/submit');

    await join.click();
    await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible();
    const entry = await (await page.request.get('/merchant/api/v1/capital/waitlist')).json();
    expect(entry).toMatchObject({ joined: true, capitalUse: 'other', otherUse: 'A second warehouse' });
    expect(entry.stores).toHaveLength(1);
  });
});

test.describe('the reset fix', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('company name mismatch: only the legal name, refused while unchanged, then saved', async ({
    page,
  }) => {
    const id = await applicationOnHold(page, 'company_name_mismatch');
    await page.goto(`/finance/capital/loan-applications/${id}?lang=en`);
    await page.getByRole('link', { name: 'Fix the documents' }).click();
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}/fix/company-name-mismatch$`));
    await expect(page.getByText('The company name does not match your licence').first()).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Legal name' });
    await expect(name).toHaveValue('Mirage Perfumes LLC');
    await expect(page.getByRole('textbox', { name: 'Licence number' })).toHaveCount(0);
    const send = page.getByRole('button', { name: 'Send changes' });

    await send.click(); // unchanged: params_for_update_not_diff
    await expect(page.getByTestId('wizard-refusal')).toHaveText(
      'Change information in some fields, look for hints next to them',
    );
    await expect(page.getByText('This is what we have already: change it').first()).toBeVisible();

    // The other reasons §8 names, as the server would answer them.
    for (const [body, message] of [
      [{ status: 400, message: 'x', details: { reason: 'wrong_status' } }, 'Wrong status of edited loan'],
      [
        { status: 400, message: 'x', details: { reason: 'params_for_update_not_sent' } },
        'Change information in some fields, look for hints next to them',
      ],
      [{ status: 500, message: 'internal error' }, 'Something went wrong, please try again later'],
    ] as const) {
      await page.route('**/flows/capital-reset/drafts/*/submit', (route) =>
        route.fulfill({ status: body.status, json: body }),
      );
      await send.click();
      await expect(page.getByTestId('wizard-refusal')).toHaveText(message);
      await page.unroute('**/flows/capital-reset/drafts/*/submit');
    }

    await name.fill('Mirage Perfumes Trading LLC');
    await send.click();
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
    await expect(page.getByText('Changes saved')).toBeVisible();
    await expect(page.locator('[data-application-status="submitted"]')).toBeVisible();
  });

  test('an irrelevant licence asks for the file and every detail; a fixed application goes to its page', async ({
    page,
  }) => {
    const id = await applicationOnHold(page, 'irrelevant_license');
    await page.goto(`/finance/capital/loan-applications/${id}/fix?lang=en`);
    await expect(page).toHaveURL(/\/fix\/irrelevant-licence$/);
    await expect(page.getByText('The licence is not for this business').first()).toBeVisible();
    const number = page.getByRole('textbox', { name: 'Licence number' });
    await expect(number).toHaveValue('CN-2045871');
    await number.fill('CN-1234567890123456');
    await number.blur(); // validation on blur (§5): at most 15 characters
    await expect(page.getByText('Maximum length is 15').first()).toBeVisible();
    await number.fill('CN-7788');
    await page.getByRole('button', { name: 'Send changes' }).click();
    await expect(page.getByText('Business licence').first()).toBeVisible();
    await attachLicence(page);
    await page.getByRole('button', { name: 'Send changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
    const sent = await (await page.request.get(`/merchant/api/v1/capital/application/${id}`)).json();
    expect(sent).toMatchObject({ status: 'submitted', legal_info: { cr_number: 'CN-7788' } });
    expect(sent.legal_info.cr_file_url).toMatch(/licence-2027\.pdf/);
    // The fix screen of an application no longer on hold is its page.
    await page.goto(`/finance/capital/loan-applications/${id}/fix`);
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
  });
});

test.describe('the simple application form', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('an offer asking for a bank statement: the signatory known, both finance contacts or none, then under review', async ({
    page,
  }) => {
    const { offerId, merchant } = await simpleOffer(page, ['bank_statement_required']);
    await page.goto(`/finance/capital/application/${offerId}/${merchant}?lang=en`);
    await expect(page).toHaveURL(new RegExp(`/application/${offerId}/${merchant}/simple/apply-statement$`));
    const stages = page.getByTestId('flow-stages');
    await expect(stages.locator('[aria-current="step"]').first()).toHaveText(/Apply/);
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Noura Saleh');
    const send = page.getByRole('button', { name: 'Send application' });

    await send.click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Add a finance manager' }).check();
    await shot(page, 'capital-simple-apply-statement');
    const finance = page.locator('#root_finance_name');
    await finance.fill('Layla Haddad');
    await page.getByRole('combobox', { name: 'Country dial code' }).nth(1).selectOption('ARE');
    await page.locator('#root_finance_phone').fill('501112233');
    await page.locator('#root_finance_phone').blur();
    await send.click();
    await expect(page.getByText('Enter an e-mail too, or remove the phone number').first()).toBeVisible();
    await page.locator('#root_finance_email').fill('layla@mirage.example');

    await attachLicence(page, 0);
    await page.getByRole('textbox', { name: 'Licence number' }).fill('CN-7781234');
    await page.getByRole('textbox', { name: 'Legal name' }).fill('Mirage Perfumes LLC');
    await page.getByRole('textbox', { name: 'Legal address' }).fill('Shop 12, Gold Souk, Deira, Dubai');
    await attachLicence(page, 1, 'statement-2026.pdf');
    await send.click();
    await expect(page.getByText('This field is required').first()).toBeVisible(); // the agreement
    await page.getByRole('checkbox', { name: /I agree to the fixed payout cycle/ }).check();
    await send.click();

    await expect(page).toHaveURL(/\/finance\/capital\/loan-applications\/[0-9a-f-]+$/);
    await expect(page.locator('[data-application-status="submitted"]')).toBeVisible();
    await expect(page.getByTestId('application-stages')).toContainText('Await review');
    const id = page.url().split('/').pop()!;
    const sent = await (await page.request.get(`/merchant/api/v1/capital/application/${id}`)).json();
    expect(sent).toMatchObject({
      status: 'submitted',
      finance_signatory: { name: 'Layla Haddad', email: 'layla@mirage.example', phone: '+971501112233' },
      legal_info: { cr_number: 'CN-7781234', company_name: 'Mirage Perfumes LLC' },
    });
    expect(sent.bank_statements[0].url).toMatch(/statement-2026\.pdf/);
    // Applied for: the offer's form is now the application's page.
    await page.goto(`/finance/capital/application/${offerId}/${merchant}/simple`);
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
  });
});

test.describe('in Arabic on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('the waitlist: two stores chosen, a purpose, joined, right to left at 375 px', async ({ page }) => {
    await capitalMerchant(page, {
      experiments: ['capital_fake_door', 'capital_waitlist'],
      stores: ['Mirage Online', 'Mirage Deira'],
    });
    await page.goto('/finance/capital?lang=ar');
    await expect(page).toHaveURL(/\/finance\/capital\/waitlist\/join$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const join = page.getByRole('button', { name: 'انضم إلى قائمة الانتظار' });
    await join.click();
    await expect(page.getByText('اختر متجرًا واحدًا على الأقل').last()).toBeVisible();
    await page.getByRole('combobox', { name: 'المتاجر' }).click();
    await page.getByRole('option', { name: 'Mirage Online' }).click();
    await page.getByRole('option', { name: 'Mirage Deira' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'شراء مزيد من المخزون' }).check();
    const box = await join.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await join.click();
    await expect(page.getByRole('heading', { name: 'أنت على قائمة الانتظار' })).toBeVisible();
    const entry = await (await page.request.get('/merchant/api/v1/capital/waitlist')).json();
    expect(entry).toMatchObject({ joined: true, capitalUse: 'buy_more_inventory' });
    expect(entry.stores).toHaveLength(2);
  });

  test('the fix of an expired licence: the title for its reason, right to left, upload and send', async ({
    page,
  }) => {
    const id = await applicationOnHold(page, 'business_license_expired');
    await page.goto(`/finance/capital/loan-applications/${id}/fix?lang=ar`);
    await expect(page).toHaveURL(/\/fix\/licence-expired$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('انتهت صلاحية رخصتك التجارية').first()).toBeVisible();
    const send = page.getByRole('button', { name: 'إرسال التغييرات' });
    const box = await send.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await attachLicence(page);
    await send.click();
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
    await expect(page.getByText('تم حفظ التغييرات')).toBeVisible();
  });

  test('the simple form: the stage as words, the statement optional, sent and under review', async ({
    page,
  }) => {
    const { offerId, merchant } = await simpleOffer(page);
    await page.goto(`/finance/capital/application/${offerId}/${merchant}?lang=ar`);
    await expect(page).toHaveURL(/\/simple\/apply$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('التقديم · الخطوة 1 من 4')).toBeVisible();
    await expect(page.getByText('كشف الحساب البنكي (اختياري)')).toBeVisible();
    await attachLicence(page, 0);
    await page.getByRole('textbox', { name: 'رقم الرخصة' }).fill('CN-7781234');
    await page.getByRole('textbox', { name: 'الاسم القانوني' }).fill('Mirage Perfumes LLC');
    await page.getByRole('textbox', { name: 'العنوان القانوني' }).fill('Gold Souk, Deira, Dubai');
    await page.getByRole('checkbox', { name: /أوافق على دورة الدفع الثابتة/ }).check();
    await shot(page, 'capital-simple-apply-ar-375');
    const send = page.getByRole('button', { name: 'إرسال الطلب' });
    const box = await send.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await send.click();
    await expect(page).toHaveURL(/\/loan-applications\/[0-9a-f-]+$/);
    await expect(page.getByTestId('application-stages')).toContainText('انتظار المراجعة · الخطوة 3 من 4');
  });
});
