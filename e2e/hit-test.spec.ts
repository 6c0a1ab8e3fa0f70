/**
 * Nothing on a page is drawn under something else (issue 56): on every route a merchant or ops person opens — the
 * sidebar's areas, the first detail of each list, the pages linked beside them, ops' pages, sign-in — at 375 px
 * (the mobile project) and 1280 × 800 (desktop), in English and Arabic, every visible button, link and input is
 * hit-tested: scrolled into view, the element at its centre must be itself or inside it (or its label). Lists are
 * scrolled to their end (a floating action once covered "Show more" there), and each page action that opens a
 * dialog is opened and its contents hit-tested too.
 */
import { expect, test, type Page } from './test';
import { navigateInApp, signInAs } from './helpers';

test.describe.configure({ mode: 'parallel' });

/** Pages reached beside the sidebar's areas (their links sit inside a page, or in the account menu). */
const MERCHANT_EXTRA = [
  '/account',
  '/disputes-faq',
  '/finance/payouts/upcoming',
  '/finance/payouts/how-reports-work',
  '/marketing/products',
  '/marketplace',
];
/** Lists whose first row opens a detail page: that page is swept too. */
const DETAIL_OF: Record<string, RegExp> = {
  '/payments': /^\/payments\/[^/]+$/,
  '/disputes': /^\/disputes\/[^/]+$/,
  '/support': /^\/support\/[^/]+$/,
  '/legal-entities': /^\/legal-entities\/[^/]+$/,
  '/business-profile/stores': /^\/business-profile\/stores\/[^/]+\/[^/]+$/,
  '/finance/payouts': /^\/finance\/payouts\/completed\/[^/]+$/,
};

/**
 * Every visible control inside `scope` that something else covers, one line each. A control is scrolled to the
 * viewport's centre first (a page's end cannot be, so what floats over the bottom edge is caught there).
 */
function coveredControls(scope: string): string[] {
  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40);
    const name = el.getAttribute('name') ?? el.getAttribute('placeholder') ?? '';
    const role = el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : '';
    const cls =
      typeof el.className === 'string' && el.className ? ` class=${el.className.split(' ')[0]}` : '';
    return `<${el.tagName.toLowerCase()}${role}${cls}> "${text || name}"`;
  };
  const root = document.querySelector(scope) ?? document.body;
  const controls = root.querySelectorAll<HTMLElement>(
    'button, a[href], input:not([type=hidden]):not([type=file]), select, textarea, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=combobox]',
  );
  const found: string[] = [];
  for (const el of controls) {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (el.closest('[aria-hidden="true"], [inert]')) continue;
    const before = el.getBoundingClientRect();
    // Visually hidden inputs (a switch's, a chip's) are reached through their labels.
    if (before.width < 4 || before.height < 4) continue;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    // A link that wraps onto a second line: its first line's box (the whole box's centre may fall between lines).
    const rect = el.getClientRects()[0] ?? el.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
      // The phone's sidebar drawer is closed: its links are off screen by design.
      if (el.closest('nav')) continue;
      found.push(`${describe(el)} cannot be brought into view`);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === el || el.contains(hit)) continue;
    if (hit.closest('label') && (hit.closest('label') as HTMLLabelElement).control === el) continue;
    found.push(`${describe(el)} is covered by ${describe(hit)}`);
  }
  window.scrollTo(0, 0);
  return found;
}

async function settled(page: Page) {
  await expect(page.getByRole('main').locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, main .mantine-Loader-root')).toHaveCount(0);
}

/** The page's controls, its end reached, then each dialog its page actions open. */
async function sweep(page: Page, path: string): Promise<string[]> {
  await settled(page);
  const found: string[] = [];
  // A dialog the page opens by itself (a licence to renew): its controls, then the page once it is closed.
  if (await page.getByRole('dialog').isVisible()) {
    found.push(
      ...(await page.evaluate(coveredControls, '[role=dialog]')).map((l) => `${path} (dialog): ${l}`),
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  // No placeholder address in anything the page shows or links to (issue 56, point 3).
  if ((await page.content()).includes('example.com')) found.push(`${path}: shows or links to example.com`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  found.push(...(await page.evaluate(coveredControls, 'body')).map((line) => `${path}: ${line}`));
  const actions = page.locator('[data-page-action]').filter({ visible: true });
  for (let i = 0; i < (await actions.count()); i++) {
    const action = actions.nth(i);
    if ((await action.getAttribute('data-page-action')) !== 'dialog') continue;
    await action.click();
    const dialog = page.getByRole('dialog').last();
    await expect(dialog).toBeVisible();
    found.push(
      ...(await page.evaluate(coveredControls, '[role=dialog]')).map((l) => `${path} (dialog): ${l}`),
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  return found;
}

/** Visits each path inside the app; a list's first detail is visited after it. */
async function sweepAll(page: Page, paths: string[], lang: string) {
  const found: string[] = [];
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(`${path}?lang=${lang}`);
    else await navigateInApp(page, `${path}?lang=${lang}`);
    found.push(...(await sweep(page, path)));
    const detail = DETAIL_OF[path];
    if (!detail) continue;
    const hrefs = await page
      .getByRole('main')
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const first = hrefs.find((href) => detail.test(href.split('?')[0]!));
    expect(first, `${path} has a row that opens its detail`).toBeDefined();
    await navigateInApp(page, `${first!.split('?')[0]}?lang=${lang}`);
    found.push(...(await sweep(page, first!)));
  }
  return found;
}

for (const lang of ['en', 'ar'] as const) {
  test(`every control of a merchant's pages can be reached, ${lang}`, async ({ page, isMobile }) => {
    test.setTimeout(240_000);
    if (!isMobile) await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, 'acc-admin');
    await page.goto(`/dashboard?lang=${lang}`);
    await settled(page);
    await expect(page.locator('nav a[href]').first()).toBeAttached();
    const sidebar = await page
      .locator('nav a[href]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const areas = [...new Set([...sidebar, ...MERCHANT_EXTRA])].filter((p) => p !== '/');
    expect(areas.length, 'the sidebar lists every area').toBeGreaterThanOrEqual(15 + MERCHANT_EXTRA.length);
    expect(await sweepAll(page, areas, lang)).toEqual([]);
  });

  test(`every control of ops' pages, capital's repayments and sign-in can be reached, ${lang}`, async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(120_000);
    if (!isMobile) await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/auth?lang=${lang}`);
    await expect(page.getByRole('textbox').first()).toBeVisible();
    // The provider's addresses as this server sets them (playwright.config.ts), in the page's language.
    await expect(page.locator('a[href$="/merchant-terms"]')).toHaveAttribute(
      'href',
      `https://provider.test/${lang}/merchant-terms`,
    );
    await expect(page.locator('a[href$="/shop"]')).toHaveAttribute(
      'href',
      `https://provider.test/${lang}/shop`,
    );
    if (!isMobile)
      await expect
        .poll(() =>
          page
            .locator('img[src="/merchant-app/qr.svg"]')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
    const found = (await page.evaluate(coveredControls, 'body')).map((l) => `/auth: ${l}`);
    if ((await page.content()).includes('example.com')) found.push('/auth: shows or links to example.com');
    await signInAs(page, 'acc-capital-paying');
    found.push(...(await sweepAll(page, ['/finance/capital', '/finance/capital/loans'], lang)));
    await page.context().clearCookies();
    await signInAs(page, 'acc-ops');
    found.push(
      ...(await sweepAll(page, ['/studio', '/ops/status-message', '/ops/chat', '/ops/contracts'], lang)),
    );
    expect(found).toEqual([]);
  });
}
