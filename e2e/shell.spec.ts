/** The signed-in layout and sidebar of each persona (shell spec §2.2, §2.3, §2.7), in real Chromium. */
import { expect, test } from './test';
import { applicationAtReview, FULL_SIDEBAR, signInAs, signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

test.describe('the sidebar of each persona', () => {
  test('an admin with every flag and experiment sees every item, the survey card and the "new" badges', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop sidebar; the drawer has its own test');
    await signInAs(page, 'acc-admin');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const name of FULL_SIDEBAR)
      await expect(page.getByRole('link', { name, exact: false }).first()).toBeVisible();
    await expect(page.getByText('Tell us how you take payments')).toBeVisible();
    // The survey widget: the configured page (SURVEY_URL) in a frame, in the page's language.
    await page.getByRole('button', { name: 'Take the survey' }).click();
    await expect(page.getByTitle('The payments survey')).toHaveAttribute(
      'src',
      'https://survey.provider.test/en/payments',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Back to the survey' })).toBeVisible();
    // One help link on a desktop, the top bar's (docs/shell-and-permissions.md: not again in the sidebar's foot).
    await expect(page.getByRole('link', { name: /^Help cent/ }).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('link', { name: /^Help cent/ })).toBeVisible();
    // With the disputes flag the badge counts the open disputes (Riyadh Style's demo ones); "new" is for members
    // without it (docs/disputes.md).
    const disputes = page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: /^Disputes/ });
    await expect(disputes).toHaveText(/^Disputes\d+$/);
    await disputes.click();
    await expect(page).toHaveURL(/\/disputes$/);
    await expect(page.getByRole('heading', { name: 'Disputes' })).toBeVisible();
    await expect(disputes).not.toContainText('New');
  });

  test('the capital "new" badge goes once Capital is opened, and stays gone in another browser (issue 56)', async ({
    page,
    browser,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop sidebar');
    const who = await signInAs(page, 'acc-admin');
    await page.goto('/dashboard?lang=en');
    const capital = page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: /^Capital/ });
    await expect(capital).toContainText('New');
    await capital.click();
    await expect(page).toHaveURL(/\/finance\/payouts\/completed$/);
    await expect(capital).not.toContainText('New');
    const other = await browser.newPage();
    try {
      await signInWith(other.request, who);
      await other.goto('/dashboard?lang=en');
      const there = other
        .getByRole('navigation', { name: 'Finance' })
        .getByRole('link', { name: /^Capital/ });
      await expect(there).toBeVisible();
      await expect(there).not.toContainText('New');
    } finally {
      await other.close();
    }
  });

  test('a sales manager sees only what the role allows, and a page beyond it sends them to root', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop sidebar');
    await signInAs(page, 'acc-staff');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Orders' })).toBeVisible();
    for (const name of ['Payouts', 'Users', 'Stores', 'Analytics', 'Capital', 'Legal entities'])
      await expect(page.getByRole('link', { name })).toHaveCount(0);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a new account has no work areas yet: root starts its application, the sidebar shows only that', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop sidebar');
    await signInAs(page, 'acc-new');
    await page.goto('/');
    await expect(page).toHaveURL(/\/applications\/step\/basic-info$/);
    // A draft application is the only item of its General section (spec §2.3).
    const general = page.getByRole('navigation', { name: 'General' });
    await expect(general.getByRole('link')).toHaveText(['Application']);
    await expect(page.getByRole('link', { name: /@e2e\.example/ })).toBeVisible(); // the account item
  });

  test('signed-in page loads log nothing to the console; after submitting, the application and support stay reachable', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop sidebar');
    // Two sign-ins, a whole application and its submit: up to 30 s on a loaded 2-core host, so 90 s here.
    test.slow();
    const logged: string[] = [];
    page.on('console', (message) => {
      // Playwright's own line for the app's service worker, which the suite blocks (playwright.config.ts).
      if (message.text() === 'Service Worker registration blocked by Playwright') return;
      if (['error', 'warning'].includes(message.type())) logged.push(`${message.type()}: ${message.text()}`);
    });
    // A new merchant without an application: root, then the first step of the new application.
    await signInAs(page, 'acc-new');
    await page.goto('/');
    await expect(page).toHaveURL(/\/applications\/step\/basic-info$/);
    await expect(page.getByRole('textbox', { name: /First name/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: /First name/ })).toBeVisible();
    expect(logged).toEqual([]);

    await page.context().clearCookies();
    await applicationAtReview(page);
    await page.goto('/applications/step/result');
    await page.getByRole('checkbox', { name: /I confirm/ }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/applications\/view$/);
    // Straight after submitting (no reload) the sidebar already knows: the application stays reachable (it opens
    // the view), and an applicant's Support opens the help centre (issue 32: the sidebar was empty).
    const general = page.getByRole('navigation', { name: 'General' });
    await expect(general.getByRole('link')).toHaveText(['Application']);
    await page.goto('/');
    await expect(page).toHaveURL(/\/applications\/view$/);
    await expect(
      page.getByRole('heading', { name: 'Your answers' }).or(page.getByText('Basic information').first()),
    ).toBeVisible();
    await expect(general.getByRole('link', { name: 'Application' })).toHaveAttribute('href', '/applications');
    await expect(
      page.getByRole('navigation', { name: 'Business profile' }).getByRole('link', { name: 'Support' }),
    ).toHaveAttribute('href', '/help-centre?lang=en');
    // A section with nothing in it is not drawn at all.
    await expect(page.getByRole('navigation', { name: 'Finance' })).toHaveCount(0);
    expect(logged).toEqual([]);
  });

  test('a supervisor in Bahrain: sales and disputes, no wallet, no users', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the desktop sidebar');
    await signInAs(page, 'acc-phone-first');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const name of ['Dashboard', 'Orders', 'Analytics', 'Marketing', 'Support'])
      await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Disputes/ })).toBeVisible();
    for (const name of ['Merchant wallet', 'Payouts', 'Users', 'Stores', 'Card'])
      await expect(page.getByRole('link', { name })).toHaveCount(0);
  });

  test('pending information: the warning with get started; suspended: no sidebar and the negative alert', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop sidebar');
    await signInAs(page, 'acc-pending');
    await page.goto('/dashboard');
    await expect(
      page.getByText('Keep your account active by providing the missing information'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/legal-entities/le-gulf-gadgets',
    );

    await page.context().clearCookies();
    await signInAs(page, 'acc-suspended');
    await page.goto('/dashboard');
    await expect(
      page.getByText(
        'You can’t use the product right now because your licence expired more than 30 days ago',
      ),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'General' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
  });

  test('the collapsed sidebar (64 px) is remembered', async ({ page, isMobile }) => {
    test.skip(isMobile, 'collapse is a desktop control');
    await signInAs(page, 'acc-phone-first');
    await page.goto('/');
    // The app's sidebar by its name: the page's HTML draws a nameless one until the page has drawn (issue 54).
    const navbar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(navbar).toHaveCSS('width', '200px');
    await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
    await expect(navbar).toHaveCSS('width', '64px');
    await page.reload();
    await expect(navbar).toHaveCSS('width', '64px');
    await expect(page.getByRole('link', { name: 'Orders' })).toBeVisible(); // icon only, named for screen readers
  });

  test('at 375 px the sidebar is a drawer opened from the header', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the phone layout');
    await signInAs(page, 'acc-admin');
    await page.goto('/');
    // The drawer is off screen until the menu button opens it.
    await expect(page.getByRole('link', { name: 'Orders' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('link', { name: 'Orders' })).toBeInViewport();
    // The phone's top bar has no room for them: the drawer's foot has the help centre (spec §2.3's footer).
    await expect(page.getByRole('link', { name: /^Help cent/ }).filter({ visible: true })).toHaveCount(1);
    await page.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('link', { name: 'Orders' })).not.toBeInViewport();
    // The other top-bar actions are in a menu on phones.
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });

  test('in Arabic the layout is right to left: the sidebar on the right', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the desktop sidebar');
    await signInAs(page, 'acc-admin');
    await page.goto('/?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: 'الطلبات' })).toBeVisible();
    const box = await page.getByRole('navigation', { name: 'الشريط الجانبي' }).boundingBox();
    expect(box!.x).toBeGreaterThan(600);
  });
});

test.describe('signed-in pages', () => {
  test('the account page lists sessions and signs out the other devices', async ({
    page,
    browser,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    const who = await signInAs(page, 'acc-admin');
    // The same account on a second device.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInWith(otherPage.request, who);
    expect((await otherPage.request.get('/merchant/api/v1/account')).status()).toBe(200);

    await page.goto('/account');
    await expect(page.getByRole('main').getByText(who.email)).toBeVisible();
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/\/account\/sessions$/);
    await expect(page.getByText('This device')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign out other devices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
    expect((await otherPage.request.get('/merchant/api/v1/account')).status()).toBe(401);
    await other.close();
  });

  test('a phone number is changed through the set-up steps, confirmed by a code', async ({ page }) => {
    await signInAs(page, 'acc-staff');
    const national = `55${uniqueDigits(7)}`;
    await page.goto('/account/phone');
    await page.getByRole('textbox', { name: 'Phone number' }).fill(national);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your phone number' })).toBeVisible();
    let code = '';
    await expect
      .poll(async () => {
        const messages = (await (await page.request.get('/dev/outbox')).json()) as {
          to: string;
          code: string;
        }[];
        code = messages.find((m) => m.to === `+966${national}`)?.code ?? '';
        return code;
      })
      .not.toBe('');
    await page.getByRole('textbox', { name: /^Digit 1 of 4 of the code$/ }).click();
    await page.keyboard.type(code);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('main').getByText(`+966${national}`)).toBeVisible();
  });

  test('the holiday banner is a dated setting: shown before 4 April 2025, not today', async ({ page }) => {
    await signInAs(page, 'acc-admin');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Holiday hours')).toHaveCount(0);
    await page.clock.setFixedTime(new Date('2025-04-01T09:00:00+03:00'));
    await page.reload();
    await expect(page.getByText('Holiday hours').first()).toBeVisible();
  });

  test('offline and back online are announced', async ({ page, context, isMobile }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in to your business account' })).toBeVisible();
    // The heading is the HTML's before the app runs (the prerendered form): offline before the app has drawn, the
    // sign-in screen's code cannot come, which is the network's page (lazy-screen-timeout.test.tsx), not this one.
    await expect(page.locator('#boot-frame')).toHaveCount(0);
    await context.setOffline(true);
    await expect(
      page.getByText('You are currently offline, please check your network connection'),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('You are back online')).toBeVisible();
    await expect(
      page.getByText('You are currently offline, please check your network connection'),
    ).toHaveCount(0);
  });

  test("a screen's code the network did not carry is the network's page, and loads again once back online", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await page.route('**/assets/AuthPage-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'No connection to the back office' })).toBeVisible();
    await expect(page.getByText('Oops')).toHaveCount(0);
    await page.unroute('**/assets/AuthPage-*.js');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('heading', { name: 'Sign in to your business account' })).toBeVisible();
    await expect(page.locator('#boot-frame')).toHaveCount(0);
  });

  test('a session the server ended sends the user to sign in, with the way back', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'behaviour: desktop project');
    await signInAs(page, 'acc-staff');
    await page.goto('/account');
    await expect(page.getByRole('tab', { name: 'Sessions' })).toBeVisible();
    // Revoked elsewhere: the server ends the session; the app learns it from the next call's 401.
    await page.request.post('/merchant/api/v1/auth/logout', { data: {} });
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount%2Fsessions$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your business account' })).toBeVisible();
  });
});
