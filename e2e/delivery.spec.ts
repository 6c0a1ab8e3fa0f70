/**
 * What a merchant's browser receives (issue 54; docs/benchmarks.md "Page loads"): on the sign-in page and a
 * signed-in list, every text response over 1 KiB arrives compressed, and every hashed asset is cached for good —
 * the build's twins and the server's compression, as served by the real build.
 */
import { expect, test, type Page, type Response } from './test';
import { signInAs } from './helpers';
import { FIRST_QUESTIONS } from '../src/domain/firstAnswers';

/** Every response of a page load, with its headers and the bytes of its body as they came over the wire. */
async function load(page: Page, url: string) {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  return Promise.all(
    responses.map(async (response) => ({
      path: new URL(response.url()).pathname,
      headers: await response.allHeaders(),
      size: (await response.body().catch(() => Buffer.alloc(0))).length,
    })),
  );
}

test.describe('what the browser receives', () => {
  test.skip(({ isMobile }) => isMobile, 'the same bytes at any width: desktop project');

  for (const [name, url, persona] of [
    ['sign-in', '/auth?lang=ar', undefined],
    ['orders', '/payments?lang=en', 'acc-admin'],
  ] as const) {
    test(`${name}: text compressed, hashed assets cached for good`, async ({ page }) => {
      if (persona) await signInAs(page, persona);
      const received = await load(page, url);
      const text = received.filter(
        (r) =>
          /^(text\/|application\/(javascript|json)|image\/svg)/.test(r.headers['content-type'] ?? '') &&
          r.size > 1024,
      );
      expect(text.length).toBeGreaterThan(3);
      for (const r of text) expect(r.headers['content-encoding'], r.path).toMatch(/^(br|gzip)$/);
      const assets = received.filter((r) => r.path.startsWith('/assets/'));
      expect(assets.length).toBeGreaterThan(3);
      for (const r of assets) expect(r.headers['cache-control'], r.path).toContain('immutable');
    });
  }
});

/** Holds the app's entry script back until `release()`; the page's HTML alone is what shows meanwhile. */
async function holdCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("the sign-in page before its code runs (the page's HTML draws the form)", () => {
  test('draws the form in Arabic, right to left, inert, then gives way to the working form', async ({
    page,
  }) => {
    const release = await holdCode(page);
    await page.goto('/auth?lang=ar', { waitUntil: 'commit' });
    const frame = page.locator('#boot-frame');
    await expect(frame.getByText('سجّل الدخول إلى حساب نشاطك التجاري')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(frame).toHaveAttribute('inert', '');
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    // A picture of the form: nothing in it is offered to assistive technology or takes a typed character.
    await expect(page.getByRole('heading')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);

    release();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'سجّل الدخول إلى حساب نشاطك التجاري' })).toHaveCount(1);
    const email = page.getByLabel('بريد العمل الإلكتروني');
    await email.fill('owner@oasis.example');
    await expect(email).toHaveValue('owner@oasis.example');
  });

  test('remembers the language chosen in the app for the next visit', async ({ page }) => {
    await page.goto('/auth?lang=ar');
    await expect(page.getByRole('heading', { name: 'سجّل الدخول إلى حساب نشاطك التجاري' })).toBeVisible();
    await page.getByRole('button', { name: 'تغيير اللغة إلى الإنجليزية' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your business account' })).toBeVisible();
    const release = await holdCode(page);
    await page.goto('/auth', { waitUntil: 'commit' });
    await expect(page.locator('#boot-frame').getByText('Sign in to your business account')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    release();
    await expect(page.locator('#boot-frame')).toHaveCount(0);
  });
});

test.describe("a signed-in page before its code runs (the page's HTML draws its frame)", () => {
  test('draws the shell and the title, inert, then gives way to the working page', async ({ page }) => {
    await signInAs(page, 'acc-admin');
    const release = await holdCode(page);
    await page.goto('/payments?lang=ar', { waitUntil: 'commit' });
    const frame = page.locator('#boot-frame');
    await expect(frame.getByText('الطلبات', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(frame).toHaveAttribute('inert', '');
    // A picture of the page: nothing offered to assistive technology, no area the member may not have.
    await expect(page.getByRole('heading')).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);

    release();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'الطلبات' })).toHaveCount(1);
    // The working page: its search takes what is typed.
    const search = page.getByRole('textbox', { name: 'بحث' });
    await search.fill('RS-1');
    await expect(search).toHaveValue('RS-1');
  });

  test("asks the network none of the shell's questions: their answers came with the page", async ({
    page,
  }) => {
    await signInAs(page, 'acc-admin');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/(merchant|partners)\//.test(url.pathname)) asked.push(url.pathname);
    });
    await page.goto('/payments?lang=en');
    await expect(page.locator('#boot-frame')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    // The page's own rows are asked (they are not the shell's), so the app has run its questions by now.
    await expect.poll(() => asked.some((path) => path === '/merchant/api/v1/payments')).toBe(true);
    const shells = [
      ...FIRST_QUESTIONS,
      '/merchant/api/v1/experiments',
      // The first store's products, whatever the store.
      '/available-products',
    ];
    expect(asked.filter((path) => shells.some((shell) => path === shell || path.endsWith(shell)))).toEqual(
      [],
    );
    // Orders' code was asked for with the frame, at low priority, after its stylesheet (SIGNED_IN_FRAMES' code).
    const preload = 'link[rel="modulepreload"][fetchpriority="low"][href*="/assets/OrdersPages-"]';
    await expect(page.locator(preload)).toHaveCount(1);
    await expect(page.locator(`link[rel="stylesheet"] ~ ${preload}`)).toHaveCount(1);
  });

  test('gives way where the member may not go (the gate sends them on)', async ({ page }) => {
    // A new account has no orders to see: the frame drawn for /payments must not stay over where it is sent.
    await signInAs(page, 'acc-new');
    await page.goto('/payments?lang=en');
    await expect(page).not.toHaveURL(/\/payments/);
    await expect(page.locator('#boot-frame')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('a returning merchant without a network (the service worker)', () => {
  test.use({ serviceWorkers: 'allow' });
  test.skip(({ isMobile }) => isMobile, 'the same worker at any width: desktop project');

  test('opens the app from the phone and says it is offline, never the browser error page', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'acc-admin');
    await page.goto('/payments?lang=en');
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    // Installed and in charge of the page: the next visit's page goes through it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    // The worker keeps the app's page only: no answer of the API, and no code — the browser's own cache keeps the
    // hashed files (`immutable`), and the offline reload below is drawn from it (a worker's copy of the code made
    // the repeat visit slower: docs/benchmarks.md, seventh round).
    const names = await page.evaluate(async () => {
      const all = await Promise.all(
        (await caches.keys()).map(async (name) => (await caches.open(name)).keys()),
      );
      return all.flat().map((request) => new URL(request.url).pathname);
    });
    expect(names).toEqual(['/index.html']);
    // The page's request leaves while the worker starts (navigation preload), not after it has started.
    const preload = await page.evaluate(async () =>
      (await navigator.serviceWorker.ready).navigationPreload.getState(),
    );
    expect(preload.enabled).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText('You are currently offline, please check your network connection'),
    ).toBeVisible();
    // The merchant is not sent to sign in for a question the network did not carry, nor told the server failed:
    // the page says there is no connection and offers to try again.
    await expect(page).toHaveURL(/\/payments/);
    await expect(page.getByRole('heading', { name: 'No connection to the back office' })).toBeVisible();
    await expect(page.getByText('Something went wrong on our side')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    // Back online, the page comes back by itself.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  });
});
