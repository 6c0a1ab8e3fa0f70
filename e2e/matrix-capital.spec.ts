/**
 * `npm run test:matrix`, capital's forms: one browser path per distinct step sequence of
 * `catalogue matrix --flow <flow>` for every capital flow of the catalogue (plan: e2e/matrixPlan.ts). A capital
 * flow's context is the server's facts about its subject, so each path first makes the subject that leads to it
 * — an application on hold for the path's reason, an offer with or without the bank-statement tag, a waitlist
 * account — as a new merchant; the server must start the draft on exactly the matrix's steps. The catalogue's
 * examples are then saved step by step through the drafts API (a real upload for every file), and the browser
 * opens the product's own screen and sends the form with its own button, to the flow's end state.
 * A new capital flow fails here until it is given its subject below.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test';
import type { Scalar } from '../src/engine/core/types';
import { capitalMerchant } from './capitalMerchant';
import { catalogueFlows, planMatrix } from './matrixPlan';
import { uniqueDigits } from './uniqueNumber';

const EXAMPLE_FILES = /^https:\/\/files\.example\.com\//;
const FLOWS = '/merchant/api/v1/flows';

interface Subject {
  /** The draft's subject (none: the account's one draft), the screen that runs the flow, and the answers' fixes. */
  scope?: string;
  screen: string;
  /** Answers only this subject makes valid (the account's own stores). */
  answers?: Record<string, unknown>;
  /** Per step, answers laid over the examples' (a signatory's phone of this test's own). */
  stepAnswers?: Record<string, Record<string, unknown>>;
  /** The flow's end state on screen. */
  ended: (page: Page) => Promise<void>;
  /** What a person does on a step before its button that the examples cannot (type the code sent to them). */
  onStep?: (step: string) => Promise<void>;
  /**
   * Some of the path's steps follow answers or what the server says as the merchant moves on (KYB's other IBAN
   * and its negative step): the draft does not start on the whole path; the walk in the browser proves it.
   */
  dynamic?: boolean;
}

/** How to reach each capital flow's path: the subject whose facts give its context. */
const SUBJECTS: Record<string, (page: Page, context: Record<string, Scalar>) => Promise<Subject>> = {
  'capital-waitlist': async (page) => {
    await capitalMerchant(page, {
      stores: ['Matrix Store'],
      experiments: ['capital_fake_door', 'capital_waitlist'],
    });
    const listed = await page.request.get('/merchant/api/v1/stores');
    expect(listed.ok(), await listed.text()).toBe(true);
    const stores = (await listed.json()) as { items: { id: string }[] };
    return {
      screen: '/finance/capital/waitlist',
      answers: { stores: stores.items.map((s) => s.id) },
      ended: async () => {
        await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible();
      },
    };
  },
  'capital-reset': async (page, context) => {
    // "other" is any reason §4 does not name.
    const reason = context.reason === 'other' ? 'documents_unreadable' : String(context.reason);
    const made = await capitalMerchant(page, {
      capital_applications: [
        {
          id: 'capp-matrix',
          status: 'reset',
          amount: 50000,
          tenor: 12,
          created_at: 'today-1w',
          reasons: [`reason_${reason}`],
          answers: {
            legal_info: {
              company_name: 'Matrix Trading LLC',
              cr_number: 'CN-1',
              cr_file_url: '/demo/licence-mirage.pdf',
              company_address: 'Somewhere',
            },
          },
        },
      ],
    });
    const id = made.id('capp-matrix');
    return {
      scope: id,
      screen: `/finance/capital/loan-applications/${id}/fix`,
      ended: async () => {
        await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
        await expect(page.locator('[data-application-status="submitted"]')).toBeVisible();
      },
    };
  },
  'capital-kyb': async (page, context) => {
    // The IBAN step asks to confirm the legal entity's IBAN when the merchant has one: the examples' IBAN, or
    // another for the path where the IBAN typed is not the one we know (the negative step).
    const known = context.negative === true ? 'AE200330001234567890123' : 'AE070331234567890123456';
    const made = await capitalMerchant(page, {
      capital_offers: [{ id: 'off-matrix-kyb', amount: 80000, tenor: 24, tags: ['kyb_application'] }],
      ...(context.ibanKnown === true ? { iban: known } : {}),
    });
    const created = await page.request.post('/merchant/api/v1/capital/application', {
      data: { offer_id: made.id('off-matrix-kyb') },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const ownPhone = `+97150${uniqueDigits(7)}`;
    return {
      scope: id,
      dynamic: true,
      // A number of this test's own: the paths run side by side, and the examples' number is the same in all.
      stepAnswers: { 'your-details': { authorized_signatory: { phone: ownPhone } } },
      screen: `/finance/capital/application-kyb/${id}/initialization`, // the steps are complete: from the first
      onStep: async (step) => {
        if (step !== 'confirm-code') return;
        // The code the server sent to it when "Send code" was pressed on the step before (the outbox, newest first).
        const to = ownPhone;
        const outbox = (await (await page.request.get('/dev/outbox')).json()) as {
          to: string;
          code: string;
        }[];
        const code = outbox.find((m) => m.to === to)?.code ?? '';
        // Box by box, each checked before the next (the boxes hold the examples' code, and focus moves on as
        // each is filled: a fill overtaken by that move is done again).
        for (const [i, digit] of [...code].entries()) {
          const box = page.getByRole('textbox', { name: `Digit ${i + 1} of 4 of the code` });
          await expect(async () => {
            await box.fill(digit);
            await expect(box).toHaveValue(digit, { timeout: 500 });
          }).toPass();
        }
      },
      ended: async () => {
        await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
        await expect(page.locator('[data-application-status="submitted"]')).toBeVisible();
      },
    };
  },
  'capital-frf': async (page, context) => {
    // Sales data is a step only with the integration form (§2): the account's flag decides the path.
    const made = await capitalMerchant(page, {
      capital_offers: [{ id: 'off-matrix-frf', amount: 90000, tenor: 20, tags: ['full_revenue_flow'] }],
      experiments: context.sales === true ? ['capital', 'integration_form'] : ['capital'],
    });
    // The customisation creates the application the wizard is on (§4).
    const created = await page.request.post('/merchant/api/v1/capital/application', {
      data: { offer_id: made.id('off-matrix-frf'), amount: 90000, tenor: 20 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    return {
      scope: id,
      screen: `/finance/capital/application-frf/${id}/bank-statements`,
      ended: async () => {
        await expect(page).toHaveURL(new RegExp(`/loan-applications/${id}$`));
        await expect(page.locator('[data-application-status="submitted"]')).toBeVisible();
      },
    };
  },
  'capital-simple': async (page, context) => {
    const made = await capitalMerchant(page, {
      capital_offers: [
        {
          id: 'off-matrix',
          amount: 60000,
          tenor: 12,
          tags: context.statement === true ? ['bank_statement_required'] : [],
        },
      ],
    });
    const offer = made.id('off-matrix');
    return {
      scope: offer,
      screen: `/finance/capital/application/${offer}/${made.merchant}/simple`,
      ended: async () => {
        await expect(page).toHaveURL(/\/loan-applications\/[0-9a-f-]+$/);
        await expect(page.locator('[data-application-status="submitted"]')).toBeVisible();
      },
    };
  },
};

/** The English words of a step's main button: its flow.json `action`, else Next / Submit. */
function actionOf(flow: string, step: string): RegExp {
  const definition = JSON.parse(readFileSync(`schemas/${flow}/flow.json`, 'utf8')) as {
    steps: { id: string; action?: string }[];
  };
  const key = definition.steps.find((s) => s.id === step)?.action;
  if (!key) return /^(Next|Submit|Finish)$/;
  const [ns, path] = key.split(':') as [string, string];
  const texts = JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8')) as unknown;
  const text = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
  return new RegExp(`^${String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Does the step ask a question before it is left (flow.json `confirm`)? */
function asksBeforeLeaving(flow: string, step: string): boolean {
  const definition = JSON.parse(readFileSync(`schemas/${flow}/flow.json`, 'utf8')) as {
    steps: { id: string; confirm?: string }[];
  };
  return definition.steps.find((s) => s.id === step)?.confirm !== undefined;
}

/** `over` laid on `base`, objects merged key by key. */
function overlay(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && under && typeof under === 'object'
        ? overlay(under as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** The example answers with this account's uploaded file for every example file. */
function withFile(data: unknown, fileUrl: string): unknown {
  if (typeof data === 'string') return EXAMPLE_FILES.test(data) ? fileUrl : data;
  if (Array.isArray(data)) return data.map((item) => withFile(item, fileUrl));
  if (data && typeof data === 'object')
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, withFile(v, fileUrl)]));
  return data;
}

test.describe.configure({ mode: 'parallel' });

for (const flow of catalogueFlows().filter((id) => id.startsWith('capital-'))) {
  for (const path of planMatrix(process.cwd(), flow)) {
    const name = `${flow}: ${path.steps.join(' → ')} (${Object.values(path.context).map(String).join(', ') || 'any'})`;
    test(name, async ({ page }, info) => {
      test.skip(info.project.name !== 'desktop', 'the matrix runs once, on desktop');
      test.setTimeout(90_000); // a whole flow, KYB's eleven steps among them, on a shared host
      const subjectOf = SUBJECTS[flow];
      expect(subjectOf, `capital flow ${flow} has no subject in e2e/matrix-capital.spec.ts`).toBeDefined();
      const subject = await subjectOf!(page, path.context);

      const started = await page.request.post(`${FLOWS}/${flow}/drafts`, {
        data: subject.scope ? { scope: subject.scope } : {},
      });
      expect(started.ok(), await started.text()).toBe(true);
      const draft = (await started.json()) as { id: string; steps: string[] };
      // The server's facts about this subject lead to the matrix's path.
      if (!subject.dynamic) expect(draft.steps).toEqual(path.steps);

      const uploaded = await page.request.post('/merchant/api/v2/upload', {
        headers: { 'x-mbo-client': 'web' },
        multipart: {
          file: {
            name: 'document.pdf',
            mimeType: 'application/pdf',
            buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
          },
        },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      for (const step of path.steps) {
        const answers = overlay(
          { ...(withFile(path.stepData[step], url) as object), ...subject.answers },
          subject.stepAnswers?.[step] ?? {},
        );
        const saved = await page.request.put(`${FLOWS}/${flow}/drafts/${draft.id}/steps/${step}`, {
          data: answers,
        });
        // The server takes every example answer: a refused one is a catalogue example the server disagrees with.
        expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
      }

      await page.goto(`${subject.screen}?lang=en`);
      for (const [index, step] of path.steps.entries()) {
        // The first step comes after a cold load of the shell, the subject, the draft, the engine's chunks, the
        // flow's manifest and its step modules, one after another: a loaded CI host took 16.4 s (trace), so 30 s.
        await expect(page).toHaveURL(new RegExp(`/${step}(\\?|$)`), index === 0 ? { timeout: 30_000 } : {});
        await subject.onStep?.(step);
        await page.getByRole('button', { name: actionOf(flow, step) }).click();
        // A step with a question before it is left (flow.json `confirm`): answered yes.
        if (asksBeforeLeaving(flow, step))
          await page.getByRole('dialog').getByRole('button', { name: 'Yes, continue' }).click();
      }
      await subject.ended(page);
    });
  }
}
