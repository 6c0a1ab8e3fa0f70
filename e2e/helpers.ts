/**
 * Signing in from a test without the UI: a persona copied from the demo fixture under fresh addresses (so no
 * two tests share an address's lockout counters), the bot check solved here as the browser would, and the
 * codes read from the outbox. Cookies land in the page's context, so the page is signed in.
 */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solveBotCheck, type BotChallenge } from '../src/domain/botCheck';
import { codeFor } from './signInSteps';
import { uniqueDigits, uniqueIban } from './uniqueNumber';

const demo = JSON.parse(
  readFileSync(new URL('../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
) as {
  accounts: { id: string; email?: string; phone?: string; lang?: string; staff_role?: string }[];
  permissions: { account_id: string }[];
  experiments: { account_id: string }[];
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function botToken(request: APIRequestContext): Promise<string> {
  const c = (await (await request.get('/merchant/api/v1/auth/bot-check')).json()) as BotChallenge & {
    disabled?: boolean;
  };
  return c.disabled ? 'off' : (await solveBotCheck(c))!;
}

/** A copy of a demo persona (its memberships and experiments) with its own e-mail and phone. */
export async function personaCopy(request: APIRequestContext, personaId: string) {
  const persona = demo.accounts.find((a) => a.id === personaId)!;
  const id = `${personaId}-${unique()}`;
  const email = `${id}@e2e.example`;
  const phone = `+96655${uniqueDigits(7)}`;
  const fixture = {
    accounts: [
      {
        id,
        email,
        phone,
        lang: persona.lang ?? 'en',
        ...(persona.staff_role ? { staff_role: persona.staff_role } : {}),
      },
    ],
    permissions: demo.permissions
      .filter((p) => p.account_id === personaId)
      .map((p) => ({ ...p, account_id: id })),
    experiments: demo.experiments
      .filter((e) => e.account_id === personaId)
      .map((e) => ({ ...e, account_id: id })),
  };
  const res = await request.post('/dev/fixtures', { data: fixture });
  if (!res.ok()) throw new Error(`fixture refused: ${await res.text()}`);
  return { id, email, phone };
}

/**
 * Signs a browser context (through its request object) in as an account with e-mail and phone: a session opened
 * by the development route (`POST /dev/sessions`), the cookie in the context — a precondition, set as fixtures
 * are; the sign-in steps themselves are proven by auth.spec.ts and the server's auth tests. An account without a
 * phone yet (an invited person) signs in through the codes and sets `phone` up as its second factor, as the
 * sign-in page would.
 */
export async function signInWith(request: APIRequestContext, who: { email: string; phone: string }) {
  const opened = await request.post('/dev/sessions', { data: { email: who.email } });
  if (opened.ok()) return;
  const refusal = await opened.text();
  if (!refusal.includes('no phone yet')) throw new Error(`no session for ${who.email}: ${refusal}`);
  await signInThroughCodes(request, who);
}

/** The whole sign-in through the API: the bot check solved, both codes read from the outbox. */
export async function signInThroughCodes(request: APIRequestContext, who: { email: string; phone: string }) {
  const started = (await (
    await request.post('/merchant/api/v2/auth/authenticate', {
      data: { email: who.email, lang: 'en', cf_turnstile: await botToken(request) },
    })
  ).json()) as { session_id: string };
  const verified = await request.post('/merchant/api/v2/auth/verify', {
    data: { session_id: started.session_id, code: await codeFor(request, who.email) },
  });
  if (((await verified.json()) as { status?: string }).status === 'setup_2fa') {
    const setup = await request.post('/merchant/api/v2/auth/challenge/setup', { data: { phone: who.phone } });
    expect(setup.ok(), await setup.text()).toBe(true);
  }
  const done = await request.post('/merchant/api/v2/auth/challenge/verify', {
    data: { code: await codeFor(request, who.phone) },
  });
  expect(done.ok(), await done.text()).toBe(true);
}

/**
 * Takes an app already loaded in the page to `path` as its own links do — through the router, without reloading
 * the page (a reload costs the browser 1.5–3 CPU-seconds; a move inside the app about 0.2): for a test that visits
 * page after page of the same signed-in app. The first visit of a test is still `page.goto`.
 */
export async function navigateInApp(page: Page, path: string) {
  // The heading on screen is marked; the move is done once the router has replaced the screen (a screen's code
  // loading keeps the old one on screen meanwhile), so nothing after this reads the page being left.
  await page.evaluate((to) => {
    document.querySelector('main h1')?.setAttribute('data-e2e-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('[data-e2e-left]')).toHaveCount(0);
}

/** Signs the page's browser context in as a fresh copy of a demo persona. */
export async function signInAs(page: Page, personaId: string) {
  const who = await personaCopy(page.request, personaId);
  await signInWith(page.request, who);
  return who;
}

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** A small PDF uploaded as the signed-in merchant, through the form's upload call: its stored address. */
export async function uploadedPdf(page: Page, name: string) {
  const res = await page.request.post('/merchant/api/v2/upload', {
    headers: { 'x-mbo-client': 'e2e' },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { url: string }).url;
}

/**
 * Signs the page in as a new merchant whose application has every step but the review answered, through the
 * API: a Bahraini tier-3 store (basic info, products, store, legal details, bank details, review).
 */
export async function applicationAtReview(page: Page) {
  await signInAs(page, 'acc-new');
  const created = await page.request.post(`/partners/application/api/v1/application`, { data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const file = (name: string) => uploadedPdf(page, name);
  const saved = await page.request.put(`/partners/application/api/v1/application/${id}`, {
    data: {
      first_name: 'Fatima',
      last_name: 'Al Khalifa',
      email: 'fatima@example.com',
      phone: '+97336123456',
      business_name: `Pearl Phones ${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
      country_of_main_operations: 'BHR',
      annual_volume: 'from_1m_to_5m',
      section_id: 1,
      category_id: 101,
      sales_channels: ['online'],
      ecommerce_types: ['shopify'],
      web_url: 'https://shop.example.com',
      legal_info: {
        legal_company_name: 'Pearl Phones WLL',
        // Unique: a number on another submitted application is refused.
        commercial_registration_number: `CR-${Date.now()}${Math.floor(Math.random() * 1000)}`,
        license_url: await file('licence.pdf'),
        license_expiry_date: '2030-06-30',
        legal_address: 'Building 12, Road 34, Manama',
      },
      bank_details: {
        iban: uniqueIban('BH67BMAG00001299123456'),
        bank_name: 'BMA Bank',
        beneficiary_name_en: 'Pearl Phones WLL',
        iban_certificate_url: await file('iban.pdf'),
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  expect(((await saved.json()) as { first_incomplete_step: string }).first_incomplete_step).toBe('result');
  return id;
}

/** With SHOTS_DIR=<dir>, a screenshot of the whole page there (for looking at the screens, not for asserting). */
/** The smallest PNG the upload's type check takes (its signature and an IHDR chunk). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082',
  'hex',
);

export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * Uploads a PDF into the nth file field of the wizard's step on screen (the steps beside it are rendered too,
 * hidden) and waits for it to be stored.
 */
export async function attachPdf(page: Page, name: string, input = 0) {
  await page
    .locator('form:visible input[type=file]')
    .nth(input)
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.locator('form:visible').getByRole('progressbar')).toHaveCount(0);
}

/** The sidebar's entries for an account with every permission and experiment (acc-admin), in their order. */
export const FULL_SIDEBAR = [
  'Legal entities',
  'Dashboard',
  'Orders',
  'Analytics',
  'Ads',
  'Disputes',
  'Locations',
  'Merchant wallet',
  'Payouts',
  'Capital',
  'Card',
  'Marketing',
  'Stores',
  'Users',
  'Support',
];

/**
 * Where parts of an element's text are drawn (a Range over each, in the first text node holding it): how a test
 * reads the order a reader sees, not the order of the characters (issue 56: "28 نوفمبر" drawn month first).
 */
export async function drawnOrder(locator: Locator, parts: string[], dir: 'ltr' | 'rtl') {
  const boxes = await locator.evaluate(
    (el, wanted) =>
      wanted.map((part) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(part);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + part.length);
          return range.getBoundingClientRect().left;
        }
        return null;
      }),
    parts,
  );
  expect(boxes, `${parts.join(' | ')} in ${await locator.textContent()}`).not.toContain(null);
  // Each part starts further along the reading direction than the one before it.
  const lefts = boxes as number[];
  for (let i = 1; i < lefts.length; i += 1)
    if (dir === 'rtl') expect(lefts[i], `"${parts[i]}" after "${parts[i - 1]}"`).toBeLessThan(lefts[i - 1]!);
    else expect(lefts[i], `"${parts[i]}" after "${parts[i - 1]}"`).toBeGreaterThan(lefts[i - 1]!);
}

/** The app's words in a language, read from the locales: `wordsIn('ar')('review', 'console.take')`. */
export const wordsIn = (lang: 'en' | 'ar') => (namespace: string, key: string) => {
  const texts = JSON.parse(
    readFileSync(new URL(`../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  if (typeof found !== 'string') throw new Error(`no text ${namespace}:${key} in ${lang}`);
  return found;
};
