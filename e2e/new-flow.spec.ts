/**
 * Flows added as files only, run by a server whose catalogue folder holds them — with the same build as every
 * other test: the app has never heard of them. In English on the desktop and in Arabic at 375 px:
 * - demo-request (three steps, one `when` rule, one upload) through the generic forms route;
 * - merchant-request (two steps) from the sidebar entry its flow.json declares, to submit; and not for a member
 *   without the permission the entry names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './test';
import { NEW_FLOW_PORT } from '../playwright.config';
import { FULL_SIDEBAR, signInAs } from './helpers';

test.use({ baseURL: `http://127.0.0.1:${NEW_FLOW_PORT}` });

/** A fixture flow's texts in both languages (tests/fixtures/flows/<flow>/locales). */
const textsOf = (flow: string) => ({
  en: JSON.parse(readFileSync(`tests/fixtures/flows/${flow}/locales/en/${flow}.json`, 'utf8')),
  ar: JSON.parse(readFileSync(`tests/fixtures/flows/${flow}/locales/ar/${flow}.json`, 'utf8')),
});
const TEXTS = textsOf('demo-request');
const BUTTONS = {
  en: { next: 'Next', submit: 'Book my demo', received: 'We have your answers' },
  ar: { next: 'التالي', submit: 'احجز العرض التوضيحي', received: 'وصلتنا إجاباتك' },
};

test('the app’s build knows nothing of the flows', () => {
  for (const file of readdirSync('dist/web/assets')) {
    const text = readFileSync(`dist/web/assets/${file}`, 'utf8');
    expect(text, file).not.toContain('demo-request');
    expect(text, file).not.toContain('merchant-request');
    expect(text, file).not.toContain('schema-zoo');
  }
});

const REQUEST = textsOf('merchant-request');
const MENU = { en: 'Open the menu', ar: 'فتح القائمة' };
const FORMS = { en: 'Forms', ar: 'النماذج' };
const SENT_ONCE = {
  en: 'This form is sent once. To change an answer, write to support.',
  ar: 'يُرسَل هذا النموذج مرة واحدة. لتغيير إجابة، راسل الدعم.',
};
const ZOO = textsOf('schema-zoo');

test('ops’ form entries are one group that keeps every spec’d entry in sight at 1280 × 800', async ({
  page,
}, info) => {
  test.skip(info.project.name === 'mobile', 'the desktop sidebar; the drawer is in the test below');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'acc-admin');
  await page.goto('/dashboard?lang=en');
  const list = page.getByRole('navigation', { name: 'Sidebar' }).getByTestId('sidebar-list');
  const frame = (await list.boundingBox())!;
  const read = () =>
    list.locator('a, nav button').evaluateAll((els) =>
      els
        // Drawn ones only: a closed group keeps its links mounted, hidden (Mantine's Collapse in a React
        // Activity), and when React renders them at idle priority is a race the read must not depend on.
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => ({ name: el.textContent ?? '', bottom: el.getBoundingClientRect().bottom })),
    );
  // Read once the sidebar has settled: a group's entries can stand in the list for a moment while it draws.
  await expect
    .poll(async () => (await read()).map((n) => n.name.replace(/(Soon|New|\d+)$/, '')))
    .toEqual([...FULL_SIDEBAR, 'Forms']);
  const names = await read();
  for (const n of names) expect(n.bottom, n.name).toBeLessThanOrEqual(frame.y + frame.height + 1);
  // Neither form is in its own section any more; opened, the group lists both (by section: finance first).
  await expect(page.getByRole('navigation', { name: 'Finance' }).getByText(ZOO.en.entry)).toHaveCount(0);
  const forms = page.getByRole('navigation', { name: 'Forms' });
  await forms.getByRole('button', { name: 'Forms' }).click();
  await expect(forms.getByRole('link')).toHaveText([ZOO.en.entry, REQUEST.en.entry]);
  // Collapsed to 64 px, its icon opens a menu of the forms; the one picked opens and marks the group.
  await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
  await forms.getByRole('button', { name: 'Forms' }).click();
  await page.getByRole('menuitem', { name: ZOO.en.entry }).click();
  await expect(page).toHaveURL(/\/forms\/schema-zoo\//);
  await expect(forms.getByRole('button', { name: 'Forms' })).toHaveAttribute('data-active', 'true');
});

test('a merchant opens a flow added as files from its sidebar entry and submits it', async ({
  page,
}, info) => {
  const mobile = info.project.name === 'mobile';
  const lang = mobile ? 'ar' : 'en';
  const t = REQUEST[lang];
  const b = BUTTONS[lang];
  await signInAs(page, 'acc-admin');
  await page.goto(`/support?lang=${lang}`);
  if (mobile) await page.getByRole('button', { name: MENU[lang] }).click();
  // Two flows declare an entry (merchant-request, schema-zoo): they are one "Forms" group at the list's end.
  const forms = page.getByRole('navigation', { name: FORMS[lang] });
  await forms.getByRole('button', { name: FORMS[lang] }).click();
  await forms.getByRole('link', { name: t.entry }).click();

  await expect(page).toHaveURL(/\/forms\/merchant-request\/[0-9a-f-]{36}\/request$/);
  await expect(page.getByRole('heading', { name: t.flow.title })).toBeVisible();
  await page.getByRole('radio', { name: t.enum.limit }).check();
  await page.getByRole('textbox', { name: t.fields.details.title }).fill('Our sales doubled since Ramadan.');
  await page.getByRole('button', { name: b.next, exact: true }).click();

  await expect(page).toHaveURL(/\/contact$/);
  await page.getByRole('radio', { name: t.enum.phone }).check();
  await page.getByRole('radio', { name: t.enum.evening }).check();
  await page.getByRole('button', { name: t.steps.contact.action, exact: true }).click();

  await expect(page).toHaveURL(/\/forms\/merchant-request\/[0-9a-f-]{36}\/view$/);
  await expect(page.getByText(b.received)).toBeVisible();
  // Its flow.json declares no `submitted.again`: sent once, and the page says so (issue 56).
  await expect(page.getByTestId('form-repeat')).toHaveText(SENT_ONCE[lang]);
  await expect(page.getByText('Our sales doubled since Ramadan.')).toBeVisible();
  await expect(page.getByText(t.enum.evening)).toBeVisible();
});

test('a member without the entry’s permission has no such item, and its address sends them home', async ({
  page,
}) => {
  await signInAs(page, 'acc-new');
  await page.goto('/forms/merchant-request?lang=en');
  await expect(page).not.toHaveURL(/\/forms\//);
  await expect(page.getByRole('link', { name: 'Application' }).first()).toBeAttached();
  await expect(page.getByRole('link', { name: REQUEST.en.entry })).toHaveCount(0);
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

const ZOO_WORDS = {
  en: { add: 'Add another', submit: 'Submit', pattern: 'Please check the format of this field' },
  ar: { add: 'إضافة آخر', submit: 'إرسال', pattern: 'يرجى التحقق من صيغة هذا الحقل' },
};

test('a flow written as schemas come from elsewhere keeps every answer it draws, to submit', async ({
  page,
}, info) => {
  test.slow(); // three steps, a reload and a refused value: long on a loaded two-core runner
  const lang = info.project.name === 'mobile' ? 'ar' : 'en';
  const t = ZOO[lang];
  const b = BUTTONS[lang];
  const w = ZOO_WORDS[lang];
  await signInAs(page, 'acc-admin');
  await page.goto(`/forms/schema-zoo?lang=${lang}`);
  await expect(page).toHaveURL(/\/forms\/schema-zoo\/[0-9a-f-]{36}\/party$/);

  // A oneOf of "person or company": its options by their translated titles, the chosen one's fields drawn.
  await page.getByRole('combobox', { name: t.fields.party.title }).click();
  await page.getByRole('option', { name: t.party.company }).click();
  await expect(page.getByRole('textbox', { name: t.fields.first_name.title })).toHaveCount(0);
  await page.getByRole('textbox', { name: t.fields.company_name.title }).fill('ACME Trading');
  // A wrong value inside the branch is refused on its field, in the page's language.
  const number = page.getByRole('textbox', { name: t.fields.registration_number.title });
  await number.fill('12');
  await number.blur();
  await page.getByRole('combobox', { name: t.fields.channel.title }).click();
  await page.getByRole('option', { name: t.channel.sms }).click();
  await page.getByRole('button', { name: b.next, exact: true }).click();
  await expect(page.getByText(w.pattern).filter({ visible: true })).toBeVisible();
  await number.fill('1234567890');
  await page.getByRole('button', { name: b.next, exact: true }).click();

  // draft-07's `dependencies` and `definitions`: the VAT number shows once the question is answered.
  await expect(page).toHaveURL(/\/tax$/);
  await page.getByRole('checkbox', { name: t.fields.vat_registered.title }).check();
  await page.getByRole('textbox', { name: t.fields.vat_number.title }).fill('300000000000003');
  await page.getByRole('textbox', { name: t.fields.contact_email.title }).fill('noor@example.com');
  await page.getByRole('textbox', { name: t.fields.notes.title }).fill('From the allOf');
  await page.getByRole('button', { name: b.next, exact: true }).click();

  // A tuple drawn as fixed positions.
  await expect(page).toHaveURL(/\/lists$/);
  await page.getByRole('textbox', { name: t.fields.opens.title }).fill('09:00');
  await page.getByRole('textbox', { name: t.fields.closes.title }).fill('17:00');
  await page.getByRole('button', { name: w.add }).click();
  await page.getByRole('textbox', { name: t.fields.tag.title }).fill('coffee');
  await page.getByRole('button', { name: b.next, exact: true }).click();

  // The review shows the chosen branch and option by their titles, never the fixed property that tells them apart.
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByText(t.party.company, { exact: true })).toBeVisible();
  await expect(page.getByText(t.channel.sms, { exact: true })).toBeVisible();
  await expect(page.getByText('300000000000003')).toBeVisible();
  await expect(page.getByText('From the allOf')).toBeVisible();
  // A default inside a nested object, never touched, is an answer like any other (drawn, so kept).
  await expect(page.getByText(t.currency.SAR, { exact: true })).toBeVisible();
  await expect(page.getByText('coffee')).toBeVisible();
  await expect(page.getByText('kind', { exact: true })).toHaveCount(0);

  // What was typed survives a reload (it was saved), and then the submit.
  await page.reload();
  await expect(page.getByText(t.fields.opens.title, { exact: true })).toBeVisible();
  await expect(page.getByText('09:00', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: t.fields.confirmed.title }).check();
  await page.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/schema-zoo\/[0-9a-f-]{36}\/view$/);
  await expect(page.getByText(b.received)).toBeVisible();
  await expect(page.getByText('ACME Trading')).toBeVisible();
  await expect(page.getByText('coffee')).toBeVisible();
  await expect(page.getByText('17:00')).toBeVisible();
  await expect(page.getByText(t.currency.SAR, { exact: true })).toBeVisible();
});
