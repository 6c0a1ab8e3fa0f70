/**
 * The wizard engine in real Chromium, through the playground route
 * (/dev/wizard/:flowId/:stepId) with the onboarding flow of the catalogue.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test';

const base = '/dev/wizard/onboarding';

/** A message as the merchant sees it (rjsf also keeps a hidden copy of each field's errors). */
const visibleText = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).filter({ visible: true });

async function fillBasicInfo(page: Page, country: string, volume: string) {
  await page.getByRole('textbox', { name: /First name/ }).fill('Sara');
  await page.getByRole('textbox', { name: /Last name/ }).fill('Al-Harbi');
  await page.getByRole('textbox', { name: /Email/ }).fill('sara@example.com');
  // The dial code is chosen beside the number (default SAU +966); the number takes national digits.
  await page.getByRole('textbox', { name: /Phone number/ }).fill('501234567');
  await page.getByRole('textbox', { name: /Business name/ }).fill('Riyadh Style');
  await page.getByRole('combobox', { name: /Country of main operations/ }).click();
  await page.getByRole('option', { name: country }).click();
  await page.getByRole('radio', { name: volume }).check();
}

test.describe('wizard runner', () => {
  test('step modules come from /catalogue/<version>/; the first step shows before the others have loaded, and Next waits only for the next one', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    const flow = JSON.parse(readFileSync('schemas/onboarding/flow.json', 'utf8')) as {
      steps: { id: string }[];
    };
    const later = flow.steps.slice(1).map((s) => s.id);
    // A version's step modules: /catalogue/<64 hex>/steps/<step>.<hash>.js, never part of the app's build.
    const stepModule = /^\/catalogue\/[0-9a-f]{64}\/steps\/([a-z0-9-]+)\.[0-9a-f]{12}\.js$/;
    const isLaterStep = (url: URL) => later.includes(stepModule.exec(url.pathname)?.[1] ?? '');
    const modules: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script' && /\/(steps|catalogue)\//.test(pathname))
        modules.push(pathname);
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(isLaterStep, async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.goto(`${base}/basic-info`);
    // Usable while every other step's module is still on its way (they were asked for after the first paint).
    await expect(page.getByRole('textbox', { name: /First name/ })).toBeEditable();
    await fillBasicInfo(page, 'Saudi Arabia', 'Less than 1 million');
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Next' }).click();
    // Until the next step's module is here, the answered step stays on screen (no blank page).
    await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue('Sara');
    release();
    await expect(page).toHaveURL(/\/business-licence-sau$/);
    await expect(page.getByRole('radio', { name: /Commercial registration/ })).toBeVisible();
    expect(modules.length).toBeGreaterThan(1);
    for (const pathname of modules) expect(pathname).toMatch(stepModule);
  });

  test('an address without a step goes to the first step; an unknown or inactive step too', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.goto(base);
    await expect(page).toHaveURL(/\/dev\/wizard\/onboarding\/basic-info$/);
    // No total before the answers that decide the path: saying "of 2" would be false.
    await expect(page.getByText('Step 1', { exact: true })).toBeVisible();
    await expect(
      page.getByText('More steps may follow, depending on your answers in Basic information.'),
    ).toBeVisible();
    await page.goto(`${base}/no-such-step`);
    await expect(page).toHaveURL(/\/basic-info$/);
    await page.goto(`${base}/legal-details-are`);
    await expect(page).toHaveURL(/\/basic-info$/);
  });

  test('Next validates the step, shows each message and moves focus to the first field at fault', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.goto(`${base}/basic-info`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(visibleText(page, 'This field is required').first()).toBeVisible();
    await expect(visibleText(page, 'This field is required')).toHaveCount(7);
    await expect(page.getByRole('textbox', { name: /First name/ })).toBeFocused();
    await expect(page).toHaveURL(/\/basic-info$/);
  });

  test('a field is checked when it loses focus, and keeps what was typed', async ({ page, isMobile }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.goto(`${base}/basic-info`);
    const email = page.getByRole('textbox', { name: /Email/ });
    await email.fill('sara.example.com');
    await email.blur();
    await expect(visibleText(page, 'Please enter valid email')).toBeVisible();
    await expect(email).toHaveValue('sara.example.com');
    await email.fill('sara@example.com');
    await email.blur();
    await expect(visibleText(page, 'Please enter valid email')).toHaveCount(0);
  });

  test('a field being typed in is laid out on its own, and keeps its size: nothing around it moves', async ({
    page,
  }) => {
    await page.goto(`${base}/basic-info`);
    const first = page.getByRole('textbox', { name: /First name/ });
    const fields = [first, page.getByRole('textbox', { name: /Business name/ })];
    const phone = page.getByRole('textbox', { name: /Phone number/ });
    await expect(phone).toBeVisible();
    // Where each input sits on the page (not in the viewport, which a focus may scroll on a phone).
    const boxes = () =>
      Promise.all(
        [...fields, phone].map((field) =>
          field.evaluate((input) => {
            const r = input.getBoundingClientRect();
            return [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height];
          }),
        ),
      );
    const before = await boxes();
    await first.click();
    await first.pressSequentially('Sara');
    // The focused input contains its own layout and paint (StepForm.module.css), and measures as it did.
    expect(await first.evaluate((input) => getComputedStyle(input).contain)).toBe('strict');
    expect(await boxes()).toEqual(before);
    // Autofill reads one short form per key: the contact (name, e-mail, phone) in one, the business in another.
    const formOf = (name: RegExp) =>
      page
        .getByRole('textbox', { name })
        .evaluate((input) => [...document.forms].indexOf(input.closest('form')!));
    expect(await formOf(/First name/)).toBe(await formOf(/Phone number/));
    expect(await formOf(/Business name/)).not.toBe(await formOf(/First name/));
  });

  test('an open list is drawn over the fields and buttons below it, whatever form they are in', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'layout: a desktop window tall enough for the list to open downwards, over Next');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto(`${base}/basic-info`);
    await page.getByRole('combobox', { name: /Country of main operations/ }).click();
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    // Every point of the open list, its options and the strip along its bottom edge (where Next sits), is the
    // list's: nothing later on the page is drawn over it.
    const covered = await list.evaluate((listbox) => {
      let dropdown: Element = listbox;
      while (getComputedStyle(dropdown).position !== 'absolute' && dropdown.parentElement)
        dropdown = dropdown.parentElement;
      const box = dropdown.getBoundingClientRect();
      const points = [...listbox.querySelectorAll('[role=option]')].map((option) => {
        const r = option.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      });
      for (const share of [0.1, 0.5, 0.9, 0.97]) points.push([box.x + box.width * share, box.bottom - 3]);
      return points
        .filter(([x, y]) => !dropdown.contains(document.elementFromPoint(x!, y!)))
        .map(
          ([x, y]) =>
            `${Math.round(x!)},${Math.round(y!)}: ${document.elementFromPoint(x!, y!)?.textContent}`,
        );
    });
    expect(covered).toEqual([]);
    // The check means something only while the list reaches over Next (a change of layout could move them apart).
    const next = (await page.getByRole('button', { name: 'Next', exact: true }).boundingBox())!;
    const listBox = (await list.boundingBox())!;
    expect(next.y).toBeLessThan(listBox.y + listBox.height + 8);
  });

  test('the steps follow the answers, one address per step, and the browser buttons work', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.goto(`${base}/basic-info`);
    await fillBasicInfo(page, 'Saudi Arabia', 'Less than 1 million');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/business-licence-sau$/);
    // The licence type still decides what follows: the count is not told yet, and the stepper says why.
    await expect(page.getByText('Step 2', { exact: true })).toBeVisible();
    await expect(
      page.getByText('More steps may follow, depending on your answers in Business licence.'),
    ).toBeVisible();
    // Nothing chosen yet: the message is on the licence field itself.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(visibleText(page, 'This field is required')).toHaveCount(1);
    await expect(page).toHaveURL(/\/business-licence-sau$/);

    await page.getByRole('radio', { name: 'Commercial registration' }).check();
    await expect(page.getByText('Step 2 of 7', { exact: true })).toBeVisible();
    await expect(page.getByText(/More steps may follow/)).toHaveCount(0);
    await page.getByRole('radio', { name: 'Freelance licence' }).check();
    await expect(page.getByText('Step 2 of 7')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/basic-info$/);
    await expect(page.getByRole('textbox', { name: /Business name/ })).toHaveValue('Riyadh Style');
    await page.goForward();
    await expect(page).toHaveURL(/\/business-licence-sau$/);
    await expect(page.getByRole('radio', { name: 'Freelance licence' })).toBeChecked();
  });

  test('a reload keeps everything that was saved', async ({ page, isMobile }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.goto(`${base}/basic-info`);
    await fillBasicInfo(page, 'Bahrain', 'Above 15 million');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/product-category$/);
    await page.reload();
    await expect(page).toHaveURL(/\/product-category$/);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue('Sara');
  });

  test('in Arabic the form is right to left with Arabic messages', async ({ page }) => {
    await page.goto(`${base}/basic-info?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('الخطوة 1', { exact: true })).toBeVisible();
    await expect(page.getByText('قد تتبعها خطوات أخرى حسب إجاباتك في المعلومات الأساسية.')).toBeVisible();
    await page.getByRole('button', { name: 'التالي' }).click();
    await expect(visibleText(page, 'هذا الحقل مطلوب').first()).toBeVisible();
  });
});

test.describe('dev catalogue page', () => {
  test('shows a step with example data in English and Arabic side by side', async ({ page, isMobile }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.goto('/dev/catalogue?flow=onboarding&step=bank-details');
    await expect(page.getByRole('textbox', { name: /IBAN/ })).toHaveValue('SA73 8000 0000 6080 1016 7520');
    await expect(page.getByRole('textbox', { name: /رقم الآيبان/ })).toHaveValue(
      'SA73 8000 0000 6080 1016 7520',
    );
    await page.getByRole('combobox', { name: 'Example data' }).click();
    await page.getByRole('option', { name: /\/bank_details\/iban · format/ }).click();
    await expect(visibleText(page, 'Please enter a valid IBAN')).toBeVisible();
    await expect(visibleText(page, 'يرجى إدخال رقم آيبان صحيح')).toBeVisible();
  });
});
