/**
 * `npm run test:matrix`: one browser path per distinct step sequence of `catalogue matrix --flow onboarding`
 * (plan: e2e/matrixPlan.ts). Each path is a new merchant whose application holds the catalogue's examples for
 * its steps (saved through the API as the form saves them, with a real uploaded file for every document and
 * fresh business name, registration numbers and IBAN, which the server keeps unique); the browser then walks every
 * step with the form's own button, and on each the stepper must list exactly the matrix's steps. A path ends as
 * its last step says (submitted → the view; reach-out → the reach-out screen); one that cannot end stops on the
 * step its answers leave incomplete, which the form must say.
 * Desktop only: the stepper is the same list at 375 px, and the paths are the point here.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { signInAs } from './helpers';
import { planMatrix } from './matrixPlan';
import { uniqueIban } from './uniqueNumber';

const en = JSON.parse(readFileSync(new URL('../locales/en/onboarding.json', import.meta.url), 'utf8')) as {
  steps: Record<string, { title: string }>;
};
const EXAMPLE_FILES = /^https:\/\/files\.example\.com\//;
const APPLICATION = '/partners/application/api/v1/application';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`.slice(-9);

/** The example answers with this merchant's file, business name and registration numbers. */
function personalise(data: unknown, fileUrl: string): unknown {
  const visit = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') {
      if (EXAMPLE_FILES.test(value)) return fileUrl;
      if (key === 'business_name') return `${value} ${unique()}`;
      if (key === 'commercial_registration_number')
        return /^\d+$/.test(value) ? `1${unique()}` : `CN-${unique()}`;
      if (key === 'unified_number') return `7${unique()}`;
      if (key === 'iban') return uniqueIban(value);
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => visit(item));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k)]));
    return value;
  };
  return visit(data);
}

test.describe.configure({ mode: 'parallel' });
test.setTimeout(90_000);

for (const path of planMatrix()) {
  const name = `${path.steps.join(' → ')} (${Object.values(path.context).map(String).join(', ')})`;
  test(name, async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'the matrix runs once, on desktop');
    await signInAs(page, 'acc-new');
    const started = await page.request.post(APPLICATION, { data: {} });
    expect(started.ok(), await started.text()).toBe(true);
    const { id } = (await started.json()) as { id: string };
    const uploaded = await page.request.post('/merchant/api/v2/upload', {
      headers: { 'x-mbo-client': 'web' },
      multipart: {
        file: { name: 'document.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const saved = await page.request.put(`${APPLICATION}/${id}`, { data: personalise(path.data, url) });
    const body = (await saved.json()) as { field_errors?: Record<string, string> };
    // The server takes every example answer: a refused one is a catalogue example the server disagrees with.
    expect(body.field_errors ?? {}, 'the server refused example answers').toEqual({});

    // Each item is its marker (number or tick) and the step's title.
    const titles = path.steps.map(
      (step) => new RegExp(`${en.steps[step]!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await page.goto(`/applications/step/${path.steps[0]}?lang=en`);
    for (const step of path.steps) {
      await expect(page).toHaveURL(new RegExp(`/applications/step/${step}(\\?|$)`));
      const items = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
      const more = page.getByText('More steps, depending on your answers', { exact: true });
      await expect(items.filter({ hasNot: more })).toHaveText(titles);
      // A path that stops short of an end (an answer still to give) says more steps may follow; a whole one not.
      await expect(more).toHaveCount(path.stopsAt ? 1 : 0);
      if (step === path.stopsAt) {
        // As far as this context goes: the form says what is missing and stays.
        await page.getByRole('button', { name: /^(Next|Finish|Submit)$/ }).click();
        await expect(
          page.getByText('This field is required').filter({ visible: true }).first(),
        ).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/applications/step/${step}(\\?|$)`));
        return;
      }
      await page.getByRole('button', { name: /^(Next|Finish|Submit)$/ }).click();
    }
    if (path.end === 'reach-out') {
      await expect(page).toHaveURL(/\/applications\/reach-out$/);
      await expect(page.getByRole('heading', { name: 'We will reach out to continue' })).toBeVisible();
    } else {
      // Submitting checks every step on the server; on a loaded CI host that has taken over 10 s.
      await expect(page).toHaveURL(/\/applications\/view$/, { timeout: 25_000 });
      await expect(page.getByText('Under review')).toBeVisible();
    }
  });
}
