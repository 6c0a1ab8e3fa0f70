/**
 * Session replay as a merchant and a developer meet it (shell spec §1; docs/session-replay.md): nothing is recorded
 * until the merchant allows it on the account page; then a legal entity's page is recorded — its text, but not its
 * IBAN nor its registration number — a page outside the spec's areas is not, and /dev/replay lists and plays it.
 * The e2e server keeps recordings in its development sink (SESSION_REPLAY_URL=dev, playwright.config.ts).
 */
import { expect, test, type APIRequestContext } from './test';
import { shot, signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

interface Summary {
  session_id: string;
  areas: string[];
}

const sessions = async (request: APIRequestContext) =>
  (await (await request.get('/dev/replay/sessions')).json()) as Summary[];

test('a merchant allows recording; the legal entity page is recorded without its IBAN, and plays at /dev/replay', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'one walk is enough: the recorder is the same on a phone');
  const tag = `${Date.now().toString(36)}${uniqueDigits(4)}`;
  const who = { email: `acc-e2e-rr-${tag}@e2e.example`, phone: `+96658${uniqueDigits(7)}` };
  const fixture = await page.request.post('/dev/fixtures', {
    data: {
      accounts: [{ id: `acc-e2e-rr-${tag}`, ...who }],
      merchants: [{ id: `mer-e2e-rr-${tag}`, name: `Replay ${tag}`, country: 'SAU' }],
      stores: [
        { id: `sto-e2e-rr-${tag}`, merchant_id: `mer-e2e-rr-${tag}`, name: 'Main store', country: 'SAU' },
      ],
      legal_entities: [
        {
          id: `le-${tag}-rr`,
          merchant_id: `mer-e2e-rr-${tag}`,
          status: 'active',
          country: 'SAU',
          legal_company_name: 'Qassim Dates Trading',
          iban: 'SA4420000001234567891234',
          bank_name: 'Riyad Bank',
          legal_info: {
            business_license_type: 'commercial_registration',
            commercial_registration_number: '1010777123',
          },
        },
      ],
      permissions: [
        {
          account_id: `acc-e2e-rr-${tag}`,
          merchant_id: `mer-e2e-rr-${tag}`,
          role: 'workspace_admin',
          flags: { has_merchant_access: true, has_store_access: true, is_account_edit_allowed: true },
        },
      ],
      experiments: [{ account_id: `acc-e2e-rr-${tag}`, name: 'store_management', value: 'enabled' }],
    },
  });
  expect(fixture.ok(), await fixture.text()).toBe(true);
  await signInWith(page.request, who);

  // Before consent: the legal entity's page opened, nothing recorded.
  const before = new Set((await sessions(page.request)).map((s) => s.session_id));
  await page.goto(`/legal-entities/le-${tag}-rr?lang=en`);
  await expect(page.getByRole('heading', { name: 'Qassim Dates Trading' })).toBeVisible();
  await page.waitForTimeout(6_500); // past a flush
  expect((await sessions(page.request)).filter((s) => !before.has(s.session_id))).toEqual([]);

  // The account page's switch, off until turned on.
  await page.goto('/account?lang=en');
  const consent = page.getByRole('switch', { name: 'Let the product team replay how I use the back office' });
  await expect(consent).not.toBeChecked();
  await consent.check({ force: true });
  await expect(consent).toBeChecked();
  await shot(page, 'replay-consent-en');

  await page.goto(`/legal-entities/le-${tag}-rr?lang=en`);
  await expect(page.getByText('SA44 2000 0001 2345 6789 1234')).toBeVisible();
  await expect(page.getByText('1010777123')).toBeVisible();
  // The recorder starts once the page is idle; its first chunk (the page's snapshot) goes within a few seconds.
  let recorded: Summary | undefined;
  await expect
    .poll(
      async () => {
        recorded = (await sessions(page.request)).find(
          (s) => !before.has(s.session_id) && s.areas.includes('legal entities'),
        );
        return recorded?.areas;
      },
      { timeout: 20_000 },
    )
    .toEqual(['legal entities']);
  // Leaving (in the app) for a page outside the spec's areas sends what is left and records no more.
  await page.getByRole('link', { name: who.email }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(consent).toBeChecked();
  await page.waitForTimeout(6_500); // past a flush
  const events = JSON.stringify(
    await (await page.request.get(`/dev/replay/sessions/${recorded!.session_id}`)).json(),
  );
  expect(events).toContain('Qassim Dates Trading');
  expect(events).not.toMatch(/SA44\s?2000/);
  expect(events).not.toContain('1234567891234');
  expect(events).not.toContain('1010777123');
  expect(events).not.toContain('Session recording'); // the account page's card: not a recorded page

  // The developer's page lists it and plays it.
  await page.goto('/dev/replay?lang=en');
  await expect(page.getByRole('heading', { name: 'Session recordings' })).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByText('Legal entities') })
    .first();
  await card.getByRole('button', { name: 'Play' }).click();
  const player = page.getByTestId('replay-player');
  await expect(player.locator('iframe')).toHaveCount(1);
  await expect(player.locator('.rr-controller')).toBeVisible();
  await page.waitForTimeout(1500);
  await shot(page, 'replay-player-en');

  // The switch turned off stops recording in this browser.
  await page.goto('/account?lang=en');
  await consent.uncheck({ force: true });
  await expect(consent).not.toBeChecked();
});
