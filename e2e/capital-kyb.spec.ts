/**
 * Capital's KYB wizard as a catalogue flow (schemas/capital-kyb, capital spec §2 KYB wizard, §4, §5, §8) in a
 * browser: the gather-documents page, the signatory and the code sent to the phone (a wrong code, the resend's
 * 429 and its 5-minute lock), the licence and its details, shareholders (20 percent refused) and their IDs (a
 * non-resident needs no Emirates ID), the known IBAN confirmed by its missing digits, review and submit — in
 * English on the desktop and in Arabic at 375 px. Each test has its own merchant.
 *
 * SHOTS_DIR=<dir> saves a screenshot of each step (for looking at the screens, not for asserting).
 */
import { expect, test, type Page } from '@playwright/test';
import { capitalMerchant } from './capitalMerchant';

const PDF = { mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
const KNOWN_IBAN = 'AE070331234567890123456';

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Uploads a PDF into the nth file field on screen and waits for it to finish. */
async function attach(page: Page, name: string, input = 0) {
  await page
    .locator('input[type=file]')
    .nth(input)
    .setInputFiles({ ...PDF, name });
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.locator('form').getByRole('progressbar')).toHaveCount(0);
}

/** Types a code into the code boxes, one digit per box (whatever they held before). */
async function typeCode(page: Page, code: string) {
  for (const [i, digit] of [...code].entries())
    await page.getByRole('textbox', { name: `Digit ${i + 1} of ${code.length} of the code` }).fill(digit);
}

/** The last code sent to a number (the dev outbox). */
async function lastCode(page: Page, to: string) {
  const messages = (await (await page.request.get('/dev/outbox')).json()) as { to: string; code: string }[];
  const code = messages.find((m) => m.to === to)?.code; // newest first
  expect(code, `a code sent to ${to}`).toBeTruthy();
  return code!;
}

/** A new merchant with a KYB offer (and the IBAN of its legal entity), its application started. */
async function kybApplication(page: Page, lang: 'en' | 'ar') {
  const made = await capitalMerchant(page, {
    capital_offers: [{ id: 'off-e2e-kyb', amount: 80000, tenor: 24, tags: ['kyb_application'] }],
    iban: KNOWN_IBAN,
  });
  const offerId = made.id('off-e2e-kyb');
  await page.goto(`/finance/capital/application/${offerId}/${made.merchant}?lang=${lang}`);
  await page.getByTestId('customise-continue').click();
  await expect(page).toHaveURL(/\/application-kyb\/[0-9a-f-]+\/initialization$/);
  return page.url().split('/').at(-2)!;
}

test.describe('the KYB wizard', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('walks from the documents to a submitted application, through the hard paths', async ({ page }) => {
    await page.clock.install(); // time runs as usual; the resend countdown is skipped below
    const id = await kybApplication(page, 'en');
    await expect(page.getByRole('heading', { name: 'Gather your documents' })).toBeVisible();
    await expect(
      page.getByText('An Emirates ID and a passport for each individual shareholder'),
    ).toBeVisible();
    await expect(page.getByTestId('wizard-stepper')).toHaveCount(0); // no progress header on the first step
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have these documents at hand' }).check();
    await shot(page, 'kyb-1-gather-en');
    await page.getByRole('button', { name: 'Start' }).click();

    // Your details: the signatory, then a code to the phone.
    await expect(page).toHaveURL(/\/your-details$/);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Khalid Al Falasi');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('khalid@mirage.example');
    await page.getByRole('combobox', { name: 'Country dial code' }).selectOption('ARE');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('501112299');
    await page.getByRole('textbox', { name: 'Emirates ID number' }).fill('7841987');
    await page.getByRole('textbox', { name: 'Emirates ID number' }).blur();
    await expect(page.getByText('Enter the 15 digits of the Emirates ID').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Emirates ID number' }).fill('784198712345671');
    await attach(page, 'emirates-id-khalid.pdf');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible(); // the authority box
    await page.getByRole('checkbox', { name: /authority to manage the company's bank accounts/ }).check();
    await shot(page, 'kyb-2-details-en');
    await page.getByRole('button', { name: 'Send code' }).click();

    // The code: a wrong one says so; a resend within 30 seconds answered 429 locks resend for 5 minutes.
    await expect(page).toHaveURL(/\/confirm-code$/);
    const code = await lastCode(page, '+971501112299');
    const wrong = code === '0000' ? '1111' : '0000';
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Invalid OTP code').first()).toBeVisible();
    await expect(page).toHaveURL(/\/confirm-code$/);
    await page.route('**/actions/resend-otp', (route) =>
      route.fulfill({ status: 429, json: { status: 429, message: 'too many attempts to send code' } }),
    );
    await page.clock.fastForward(31_000);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText('There have been too many attempts, try again in minutes')).toBeVisible();
    await expect(page.getByText(/4:5\d|5:00/).first()).toBeVisible();
    await page.unroute('**/actions/resend-otp');
    await typeCode(page, code);
    await shot(page, 'kyb-3-code-en');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();

    // The licence, then its details.
    await expect(page).toHaveURL(/\/commercial-licence$/);
    await expect(page.getByText('It expires at least two weeks from now')).toBeVisible();
    await attach(page, 'licence-mirage.pdf');
    await shot(page, 'kyb-4-licence-en');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(/\/licence-details$/);
    await page.getByRole('textbox', { name: 'Legal name' }).fill('Mirage Perfumes LLC');
    await page.getByRole('textbox', { name: 'Licence number' }).fill('CN-2045871');
    await page.getByRole('textbox', { name: 'Legal address' }).fill('Shop 12, Gold Souk, Deira, Dubai');
    await page.getByRole('textbox', { name: 'Licensed activities' }).fill('Perfume trading');
    await page.getByRole('textbox', { name: 'Issue date' }).fill('01/02/2024');
    await page.getByRole('textbox', { name: 'Expiry date' }).fill('01/02/2099');
    await page.getByRole('textbox', { name: 'Expiry date' }).blur();
    await shot(page, 'kyb-5-details-en');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Shareholders: 20 percent is refused with the spec's message.
    await expect(page).toHaveURL(/\/shareholders$/);
    await page.getByRole('textbox', { name: 'Full name or company name' }).first().fill('Khalid Al Falasi');
    const shares = page.getByRole('textbox', { name: 'Shares, percent' }).first();
    await shares.fill('20');
    await shares.blur();
    await expect(page.getByText('Shares percentage should be more than 25').first()).toBeVisible();
    await shares.fill('100');
    await shot(page, 'kyb-6-shareholders-en');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // IDs: a resident needs the Emirates ID; ticking "not a resident" takes it away.
    await expect(page).toHaveURL(/\/shareholder-ids$/);
    await attach(page, 'passport-khalid.pdf');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Not a resident of UAE' }).check();
    await expect(page.getByText('Emirates ID', { exact: true })).toHaveCount(0);
    await shot(page, 'kyb-7-ids-en');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The IBAN we know, confirmed by its missing digits.
    await expect(page).toHaveURL(/\/iban-confirm$/);
    await expect(page.getByText('AE•• 0331 2345 6789 0123 •••').first()).toBeVisible();
    for (const [i, character] of [...'07456'].entries())
      await page.getByRole('textbox', { name: `Hidden character ${i + 1} of 5` }).fill(character);
    await shot(page, 'kyb-8-iban-en');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByText('AE07 0331 2345 6789 0123 456').first()).toBeVisible();
    await shot(page, 'kyb-9-review-en');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
    const sent = await (await page.request.get(`/merchant/api/v1/capital/application/${id}`)).json();
    expect(sent).toMatchObject({
      status: 'submitted',
      authorized_signatory: { name: 'Khalid Al Falasi', phone: '+971501112299', phone_confirmed: true },
      legal_info: { company_name: 'Mirage Perfumes LLC', cr_number: 'CN-2045871' },
      shareholders: [{ name: 'Khalid Al Falasi', value: 100, type: 'individual', uae_resident: false }],
      bank_details: { iban: KNOWN_IBAN },
    });
    expect(sent.shareholders[0].documents).toEqual({ passport: { file: expect.stringMatching(/passport/) } });
    // The wizard replaced its steps in the history: Back leaves it.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/application-kyb\//);
  });

  test('an application that is not the merchant’s is a 404', async ({ page }) => {
    await capitalMerchant(page, {});
    await page.goto('/finance/capital/application-kyb/capp-nobody/initialization?lang=en');
    await expect(page.getByText('404').first()).toBeVisible();
  });
});
