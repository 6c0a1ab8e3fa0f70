/**
 * Capital from approval to money (issue 59; docs/capital.md "From approval to money", docs/contracts.md): an approved
 * merchant accepts and signs the advance's contract inside the product (typed name, drawn signature, the code sent
 * to the signatory's phone), sees the loan waiting for its direct debit, the bank authorises the mandate, the
 * provider's run pays the advance out and the loan is paying, its money on the payouts page; the signed contract
 * downloads. In English and in Arabic, each on a desktop and at 375 px (the two projects).
 */
import { expect, test, type Page } from './test';
import { capitalMerchant } from './capitalMerchant';
import { wordsIn } from './helpers';
import { uniqueDigits } from './uniqueNumber';

test.setTimeout(120_000);

/** The newest code sent to a number (the dev outbox). */
async function lastCode(page: Page, to: string) {
  const messages = (await (await page.request.get('/dev/outbox')).json()) as { to: string; code?: string }[];
  const code = messages.find((m) => m.to === to && m.code)?.code;
  expect(code, `a code sent to ${to}`).toBeTruthy();
  return code!;
}

const STEPS = [
  'your_details',
  'commercial_licence',
  'shareholders',
  'shareholder_ids',
  'iban_verification',
  'review',
];

/** A new merchant with an approved direct-debit advance (a KYB application, every step done). */
async function approvedAdvance(page: Page, signatoryPhone: string) {
  return capitalMerchant(page, {
    stores: ['Mirage Perfumes'],
    capital_offers: [
      { id: 'off-e2e-money', amount: 90000, tenor: 20, tags: ['kyb_application', 'direct_debit'] },
    ],
    capital_applications: [
      {
        id: 'capp-e2e-money',
        offer_id: 'off-e2e-money',
        status: 'approved',
        amount: 90000,
        tenor: 20,
        created_at: 'today-6d',
        steps: STEPS.map((name) => ({ name, completed: true, optional: false, group_name: 'kyb_flow' })),
        answers: {
          authorized_signatory: { name: 'Noura Saeed', email: 'noura@mirage.example', phone: signatoryPhone },
          legal_info: {
            company_name: 'Mirage Perfumes LLC',
            cr_number: 'CN-2045871',
            company_address: 'Shop 12, Gold Souk, Deira, Dubai',
          },
          bank_details: { iban: 'AE790330001234567890128', bank_name: 'Mashreq' },
        },
      },
    ],
  });
}

/** Draws a signature: three strokes across the box. */
async function draw(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(
      box.x + box.width * (0.15 + i * 0.05),
      box.y + box.height * (0.6 - 0.25 * Math.sin(i)),
    );
  await page.mouse.up();
}

for (const lang of ['en', 'ar'] as const)
  test(`an approved merchant signs, authorises the debit, and is paid out (${lang})`, async ({ page }) => {
    const say = wordsIn(lang);
    const phone = `+97150${uniqueDigits(7)}`;
    const made = await approvedAdvance(page, phone);
    const applicationId = made.id('capp-e2e-money');

    // The approved summary: Accept and sign opens the contract, read in the page in the merchant's language.
    await page.goto(`/finance/capital/loan-applications/${applicationId}?lang=${lang}`);
    await page.getByTestId('accept-and-sign').click();
    await expect(page).toHaveURL(/\/sign$/);
    const text = page.getByTestId('contract-text');
    await expect(text).toContainText(say('contracts', 'capital_loan.title'));
    await expect(text).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(text).toContainText('AE790330001234567890128');
    // The PDF the merchant may read is the one whose fingerprint is shown.
    const pdf = await page.request.get((await page.getByTestId('contract-pdf').getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // Signing without a name or a drawing says what is missing, beside each.
    await page.getByRole('button', { name: say('contracts', 'signing.sendCode') }).click();
    await expect(page.getByText(say('contracts', 'signing.codeSent').split('{{')[0]!.trim())).toBeVisible();
    await page.getByTestId('sign-contract').click();
    await expect(page.getByText(say('contracts', 'signing.nameRequired'))).toBeVisible();
    await expect(page.getByText(say('contracts', 'signing.drawRequired'))).toBeVisible();
    await page.getByRole('textbox', { name: say('contracts', 'signing.name') }).fill('Noura Saeed');
    await draw(page);
    await page.getByTestId('contract-signing').locator('input[inputmode="numeric"]').first().click();
    await page.keyboard.type(await lastCode(page, phone));
    await page.getByTestId('sign-contract').click();

    // The loan exists, waiting for its direct debit; the signed contract downloads.
    await expect(page).toHaveURL(/\/finance\/capital\/loans\/[0-9a-f-]+/);
    const loanId = page.url().split('/').at(-1)!.split('?')[0]!;
    const money = page.getByTestId('loan-money');
    await expect(money.getByTestId('mandate')).toContainText(
      say('capital-money', 'money.mandateStatus.pending'),
    );
    const download = page.waitForEvent('download');
    await money.getByTestId('loan-contract').click();
    expect((await download).suggestedFilename()).toBe('contract-signed.pdf');

    // The bank authorises the mandate; the provider's run pays the advance out; the loan is paying.
    expect(
      (await page.request.post(`/dev/capital/loans/${loanId}/mandate`, { data: { status: 'active' } })).ok(),
    ).toBe(true);
    // The run pays every advance that is due: a test beside this one may have paid this one already, so what
    // counts is that it is paid, not which run paid it.
    const run = await (await page.request.post('/dev/capital/run', { data: {} })).json();
    expect(run.failed).not.toContain(loanId);
    await page.reload();
    await expect(page.getByTestId('disbursement')).toContainText('AE790330001234567890128');
    await expect(page.getByText(say('capital', 'status.paying')).first()).toBeVisible();

    // Its money on the payouts page, as a capital advance.
    await page.goto(`/finance/payouts?lang=${lang}`);
    await expect(page.getByText(say('payouts', 'kind.capital_disbursement')).first()).toBeVisible();
  });
