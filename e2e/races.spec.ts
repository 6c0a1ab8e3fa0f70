/**
 * The wizard's two races (issue 13), as stress tests in a real browser:
 * - a declaration ticked and Submit clicked with no pause between them submits (or says why not), every time;
 *   Pressing Submit takes the focus from the box; a message leaving then moved Submit from under the pointer, and
 *   the release landed elsewhere: one save, no submit, no message. The presses here are held as a person holds them.
 * - a step is never drawn before its module and validator are there, whatever order the network answers in: every
 *   step of an application reloaded again and again with each catalogue and API answer held back a random while;
 *   a step module that cannot be fetched is retried, then the page says so and "Try again" loads it.
 * Each run needs an application at its review step, filled in through the API (a Bahraini tier-3 store:
 * basic info, products, store, legal details, bank details, review).
 */
import { expect, test, type Page } from './test';
import { applicationAtReview as atReview } from './helpers';

test.describe.configure({ mode: 'parallel' });

const BASE = '/partners/application/api/v1';
const DECLARATION_MESSAGE = 'Tick the box to confirm your answers, then submit.';

async function statusOf(page: Page) {
  const res = await page.request.get(`${BASE}/application`);
  return ((await res.json()) as { status: string }).status;
}

/** A press as a person makes it: down, held for a moment (a finger or a mouse button), up where it went down. */
async function press(page: Page, at: { x: number; y: number; width: number; height: number }, holdMs = 120) {
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(holdMs);
  await page.mouse.up();
}

test('a declaration ticked and Submit clicked in the same moment submits, every time', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // Each of the three ways twice on a desktop; once each with touch.
  const RUNS = testInfo.project.name === 'mobile' ? 3 : 6;
  for (let run = 0; run < RUNS; run += 1) {
    await page.context().clearCookies();
    await atReview(page);
    await page.goto('/applications/step/result?lang=en');
    const box = page.getByRole('checkbox', { name: /I confirm/ });
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await expect(box).toBeVisible();
    // The answers above have their list labels (no skeletons): the box stays where it was measured.
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await submit.scrollIntoViewIfNeeded();
    if (run % 3 === 0) {
      // In one task: the tick, the box losing focus to the button, and the click (as fast as anything can be).
      await page.evaluate(() => {
        const tick = document.querySelector<HTMLInputElement>('input[type=checkbox]')!;
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Submit')!;
        tick.focus();
        tick.click();
        button.focus();
        button.click();
      });
    } else {
      if (run % 3 === 2) {
        // Submit first without the tick: the message shows under the box.
        await submit.click();
        await expect(page.getByText(DECLARATION_MESSAGE).filter({ visible: true })).toBeVisible();
      }
      // Real presses, back to back, each held as a person holds it: pressing Submit takes the focus from the box.
      await press(page, (await box.boundingBox())!, 60);
      await press(page, (await submit.boundingBox())!);
    }
    await expect(page, `run ${run}`).toHaveURL(/\/applications\/view$/);
    expect(await statusOf(page), `run ${run}`).not.toBe('draft');
  }
});

test('Submit without the declaration says why, and a tick right after it submits', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'behaviour: desktop project');
  await atReview(page);
  await page.goto('/applications/step/result?lang=en');
  const box = page.getByRole('checkbox', { name: /I confirm/ });
  await expect(box).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(DECLARATION_MESSAGE).filter({ visible: true })).toBeVisible();
  expect(await statusOf(page)).toBe('draft');
  await box.check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/applications\/view$/);
});

/** A small seeded generator, so a failing run can be replayed with its seed (printed in the failure). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The application's steps with a field each shows once its module is there. */
const STEPS: [string, RegExp][] = [
  ['basic-info', /First name/],
  ['product-category', /Category/],
  ['store-type', /Online/],
  ['legal-details-general', /Legal company name/],
  ['bank-details', /IBAN/],
  ['result', /I confirm/],
];

test('every step, reloaded again and again with the network answering in random order, shows its form and never breaks', async ({
  page,
}, testInfo) => {
  // The load order is the browser's, not the screen's: one project is enough.
  test.skip(testInfo.project.name === 'mobile', 'desktop only');
  test.setTimeout(240_000);
  await atReview(page);
  const seed = Date.now() % 100_000;
  const next = random(seed);
  // Catalogue pointers, manifests, step modules and the application itself each wait 0–300 ms.
  await page.route(
    (url) => url.pathname.startsWith('/catalogue/') || url.pathname.includes('/api/'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, Math.floor(next() * 300)));
      await route.continue().catch(() => undefined);
    },
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const RELOADS = 2;
  for (const [step, field] of STEPS) {
    await page.goto(`/applications/step/${step}?lang=en`);
    for (let load = 0; load < RELOADS; load += 1) {
      if (load > 0) await page.reload();
      const where = `seed ${seed}, step ${step}, load ${load}`;
      await expect(page, where).toHaveURL(new RegExp(`/applications/step/${step}\\?`));
      const action = page.getByRole('button', { name: step === 'result' ? 'Submit' : 'Next', exact: true });
      await expect(action, where).toBeVisible({ timeout: 15_000 });
      await expect(page.getByLabel(field).first(), where).toBeVisible();
      await expect(page.getByText('something went wrong', { exact: false }), where).toHaveCount(0);
      expect(errors, where).toEqual([]);
    }
  }
});

test('a step module that cannot be fetched is retried, then the page says so, and Try again loads it', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'behaviour: desktop project (the network, not the layout)');
  test.setTimeout(90_000);
  await atReview(page);
  const bankModule = (url: URL) => /^\/catalogue\/[0-9a-f]{64}\/steps\/bank-details\./.test(url.pathname);
  let asked = 0;
  await page.route(bankModule, async (route) => {
    asked += 1;
    await route.abort('connectionreset');
  });
  await page.goto('/applications/step/bank-details?lang=en');
  // Four tries with 4.25 s of pauses between them, after a cold page load on a busy host.
  await expect(page.getByRole('alert').filter({ hasText: 'The form could not be loaded' })).toBeVisible({
    timeout: 40_000,
  });
  // The first try and one retry per RETRY_DELAYS entry, never more.
  expect(asked).toBe(4);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
  await page.unroute(bankModule);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('textbox', { name: /IBAN/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Bank name/ })).toHaveValue('BMA Bank');
});
