/**
 * useWizard, through the runner that draws it, on a flow compiled as the server compiles it and loaded the way
 * the browser loads it (a manifest, step modules imported by address): the version's own texts, Next checking
 * the step and moving focus, the save of the step on screen, a refused save (its message, and the rest saved
 * again without it), fields to check after a newer version, and a failed load that says so and tries again.
 */
import path from 'node:path';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Suspense } from 'react';
import { WizardRunner } from '../../src/engine/react/WizardRunner';
import {
  CatalogueLoadError,
  createFlowSource,
  type CatalogueTransport,
  type StepModuleExports,
} from '../../src/engine/react/browserFlowSource';
import type { DraftAdapter, FormReportEvent, SaveContext } from '../../src/engine/react/adapter';
import type { FormData } from '../../src/engine/core/types';
import type { FlowManifest } from '../../src/engine/core/types';
import common from '../../locales/en/common.json';
import validation from '../../locales/en/validation.json';
import widgets from '../../locales/en/widgets.json';

// A first render loads the flow's modules and rjsf's schema work in jsdom: seconds on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Compiled in Node by tests/component/setup/catalogue.ts.
const provided = inject('compiledFlow');
const folder = provided.folder;
const compiled = {
  version: { id: provided.version },
  manifestFile: provided.manifestFile,
  manifest: JSON.parse(provided.manifest) as FlowManifest,
};

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common, validation, widgets } },
    interpolation: { escapeValue: false },
  });
});

/** The server's answers, from the compiled files; `failModules` makes step modules fail that many times. */
function transport(options: { failModules?: number } = {}): CatalogueTransport {
  let failures = options.failModules ?? 0;
  const base = `http://localhost/catalogue/${compiled.version.id}/`;
  return {
    pointer: async () => ({
      flow: 'demo-request',
      version: compiled.version.id,
      manifest: base + compiled.manifestFile,
    }),
    manifest: async () => compiled.manifest,
    module: async (url) => {
      if (failures > 0) {
        failures -= 1;
        throw new CatalogueLoadError(`could not load ${url}`, 0);
      }
      const file = url.slice(base.length).replace(/\.js$/, '.mjs');
      return (await import(/* @vite-ignore */ path.join(folder, file))) as StepModuleExports;
    },
  };
}

interface Saved {
  data: FormData;
  context: SaveContext;
}

function adapter(
  options: {
    initial?: FormData;
    refuse?: (data: FormData) => Record<string, { key: string; params?: Record<string, unknown> }> | null;
    /** The server's reasons for refusing each submit in turn (then it takes it). */
    refusals?: string[];
    attention?: { pointer: string; key: string; params: Record<string, unknown> }[];
  } = {},
) {
  const saves: Saved[] = [];
  const submitted: FormData[] = [];
  const value: DraftAdapter = {
    load: async () => ({
      version: compiled.version.id,
      data: options.initial ?? {},
      attention: options.attention ?? [],
    }),
    save: async (data, context) => {
      saves.push({ data, context });
      const refused = options.refuse?.(data);
      return refused ? { fieldErrors: refused } : undefined;
    },
    submit: async (data) => {
      submitted.push(data);
      const refusal = options.refusals?.shift();
      return refusal === undefined ? undefined : { refusal };
    },
  };
  return { adapter: value, saves, submitted };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/**
 * Renders as the browser would: React's own scheduler retries what suspended when its module or draft arrives
 * (in act()'s test mode those retries wait for an act() that never comes: the modules load from disk).
 */
async function show(
  draft: DraftAdapter,
  source = createFlowSource(transport(), { retryDelays: [0] }),
  at = '/w/contact',
  onLead?: (id: string) => void,
  gate?: () => null,
) {
  await act(async () => {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={[at]}>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route
                path="/w/:stepId?"
                element={
                  <>
                    <WizardRunner
                      flowId="demo-request"
                      adapter={draft}
                      basePath="/w"
                      source={source}
                      onLead={onLead}
                    />
                    <Where />
                    {gate && <Gate hold={gate} />}
                  </>
                }
              />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </MantineProvider>,
    );
  });
}

const where = () => screen.getByTestId('where').textContent;

function Gate(props: { hold: () => null }) {
  return props.hold();
}

/**
 * Holds the render of one address until released, as a step's render that waits for something does: the router
 * renders a new address in a transition, so meanwhile the step before stays on screen.
 */
function holdAt(pathname: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let open = false;
  void released.then(() => (open = true));
  const hold = function useHold(): null {
    if (useLocation().pathname === pathname && !open) throw released;
    return null;
  };
  return { hold, release };
}

/** The flow with a step done before it elsewhere (flow.json `lead`), as a version's manifest would carry it. */
function withLead(): CatalogueTransport {
  const plain = transport();
  const manifest = structuredClone(compiled.manifest);
  manifest.definition.lead = [{ id: 'pick-a-date', title: 'demo-request:flow.title' }];
  return { ...plain, manifest: async () => manifest };
}

describe('useWizard (through the runner that draws it)', () => {
  it('lists a lead step first, done and counted, and hands it to the screen when chosen', async () => {
    const user = userEvent.setup();
    const { adapter: draft, saves } = adapter({ initial: { full_name: 'Noor' } });
    const onLead = vi.fn();
    await show(draft, createFlowSource(withLead(), { retryDelays: [0] }), '/w/contact', onLead);
    await screen.findByRole('textbox', { name: /Full name/ });
    expect(screen.getByText(/^Step 2\b/)).toBeTruthy(); // the lead step counts
    // What was typed is saved before the screen takes the merchant to the lead step.
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'noor@example.com');
    const lead = screen.getByRole('button', { name: /Request a demo/ });
    expect(lead.textContent).toContain('✓');
    await user.click(lead);
    expect(onLead).toHaveBeenCalledWith('pick-a-date');
    expect(where()).toBe('/w/contact');
    expect(saves.at(-1)?.data).toMatchObject({ full_name: 'Noor', email: 'noor@example.com' });
  });

  it('shows the step with the version’s own texts, and Next checks it and focuses the first field at fault', async () => {
    const user = userEvent.setup();
    const { adapter: draft, saves } = adapter();
    await show(draft);
    const name = await screen.findByRole('textbox', { name: /Full name/ });
    expect(screen.getAllByText('About you').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(saves).toEqual([]);
    expect(where()).toBe('/w/contact');
  });

  it('saves the step on screen with what it owns, and follows the flow’s rule to the next step', async () => {
    const user = userEvent.setup();
    const { adapter: draft, saves } = adapter();
    await show(draft);
    await user.type(await screen.findByRole('textbox', { name: /Full name/ }), 'Noor Al-Saud');
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'noor@example.com');
    await user.click(screen.getByRole('radio', { name: 'In a shop too' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where()).toBe('/w/shop'));
    const last = saves.at(-1)!;
    expect(last.data).toEqual({
      full_name: 'Noor Al-Saud',
      email: 'noor@example.com',
      business_type: 'shop',
    });
    expect(last.context).toMatchObject({ stepId: 'contact', version: compiled.version.id });
    expect(last.context.owns).toEqual(['/full_name', '/email', '/phone', '/business_type']);
    expect(await screen.findByRole('textbox', { name: /City/ })).toBeTruthy();
  });

  it('reports what the merchant saw for form insights: each arrival at a step, each message once a visit, no value', async () => {
    const user = userEvent.setup();
    const { adapter: base } = adapter();
    const events: FormReportEvent[] = [];
    const draft: DraftAdapter = { ...base, report: (reported) => void events.push(...reported) };
    await show(draft);
    await screen.findByRole('textbox', { name: /Full name/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findAllByText('This field is required');
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Noor Al-Saud');
    // Next again: the messages still shown were reported on this visit already.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'noor@example.com');
    await user.click(screen.getByRole('radio', { name: 'In a shop too' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where()).toBe('/w/shop'));
    await screen.findByRole('textbox', { name: /City/ });
    // Back to the first step is a new visit: it is shown again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where()).toBe('/w/contact'));
    await waitFor(() => expect(events.at(-1)).toEqual({ kind: 'step_shown', step: 'contact' }));
    expect(events).toEqual([
      { kind: 'step_shown', step: 'contact' },
      { kind: 'message_shown', step: 'contact', field: '/full_name', rule: 'validation:error.required' },
      { kind: 'message_shown', step: 'contact', field: '/email', rule: 'validation:error.required' },
      { kind: 'message_shown', step: 'contact', field: '/business_type', rule: 'validation:error.required' },
      { kind: 'step_shown', step: 'shop' },
      { kind: 'step_shown', step: 'contact' },
    ]);
    expect(JSON.stringify(events)).not.toContain('Noor');
  });

  it('holds Next while the next step is on its way: the step being left cannot be sent again', async () => {
    const user = userEvent.setup();
    const { adapter: draft, saves } = adapter();
    const gate = holdAt('/w/shop');
    await show(draft, undefined, '/w/contact', undefined, gate.hold);
    await user.type(await screen.findByRole('textbox', { name: /Full name/ }), 'Noor Al-Saud');
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'noor@example.com');
    await user.click(screen.getByRole('radio', { name: 'In a shop too' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves.some((s) => s.context.advance)).toBe(true));
    // The router has the new address; its render waits, so the contact step is still what shows.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('textbox', { name: /Full name/ })).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.click(next).catch(() => undefined);
    expect(saves.filter((s) => s.context.advance)).toHaveLength(1);
    await act(async () => gate.release());
    await waitFor(() => expect(where()).toBe('/w/shop'));
    expect(await screen.findByRole('textbox', { name: /City/ })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Next|Submit|Finish/ }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('shows what the server refused, with its values, and saves the rest again without it', async () => {
    const user = userEvent.setup();
    const { adapter: draft, saves } = adapter({
      initial: { full_name: 'Noor' },
      refuse: (data) =>
        data.email === 'taken@example.com'
          ? { '/email': { key: 'validation:error.maxLength', params: { length: 5 } } }
          : null,
    });
    await show(draft);
    await user.type(await screen.findByRole('textbox', { name: /Work email/ }), 'taken@example.com');
    await user.click(screen.getByRole('radio', { name: 'Online only' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Maximum length is 5')).length).toBeGreaterThan(0);
    expect(where()).toBe('/w/contact');
    // Nothing was stored; the refused answer is put back as last saved (none) and everything else saved at once.
    const refusedAt = saves.findIndex((s) => s.data.email === 'taken@example.com');
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(saves.slice(refusedAt + 1).map((s) => s.data)).toContainEqual({
      full_name: 'Noor',
      business_type: 'online',
    });
  });

  it('an autosave does not send an answer the form marks wrong: the rest is saved, the typing stays on screen', async () => {
    const user = userEvent.setup();
    const { adapter: draft, saves } = adapter({ initial: { full_name: 'Noor' } });
    await show(draft);
    const name = await screen.findByRole('textbox', { name: /Full name/ });
    const email = screen.getByRole('textbox', { name: /Work email/ });
    await user.type(name, ' Saleh');
    await user.type(email, 'noor@');
    await user.tab();
    await waitFor(() => expect(saves.at(-1)?.data).toEqual({ full_name: 'Noor Saleh' }));
    // Never sent (the server would answer 400), and still in the box to be corrected.
    expect(saves.some((s) => s.data.email !== undefined)).toBe(false);
    expect((email as HTMLInputElement).value).toBe('noor@');
    await user.type(email, 'example.com');
    await user.tab();
    await waitFor(() =>
      expect(saves.at(-1)?.data).toEqual({ full_name: 'Noor Saleh', email: 'noor@example.com' }),
    );
  });

  it('a refused save answered after a newer one was asked for neither undoes the newer answer nor speaks of the old one', async () => {
    // As the server does: a refused save stores nothing; a taken one replaces what the step owns at once. Answers
    // come back slowly (a taken save a second after it is stored, the taken e-mail refused after 0.6 s), so the
    // merchant has corrected the e-mail and left it again before any answer is back.
    let stored: FormData = { full_name: 'Noor' };
    const saves: FormData[] = [];
    const draft: DraftAdapter = {
      load: async () => ({ version: compiled.version.id, data: stored, attention: [] }),
      save: async (data) => {
        saves.push(data);
        if (data.email === 'taken@example.com') {
          await new Promise((resolve) => setTimeout(resolve, 600));
          return { fieldErrors: { '/email': { key: 'validation:error.maxLength', params: { length: 5 } } } };
        }
        stored = data;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return undefined;
      },
      submit: async () => undefined,
    };
    const user = userEvent.setup();
    await show(draft);
    const name = await screen.findByRole('textbox', { name: /Full name/ });
    const email = screen.getByRole('textbox', { name: /Work email/ });
    await user.type(name, ' Saleh');
    await user.tab(); // the name is saved (answered late)
    await user.type(email, 'taken@example.com');
    await user.tab(); // saved, and refused a while later
    await user.clear(email);
    await user.type(email, 'noor@example.com');
    await user.tab(); // left again, before either answer has come back
    await waitFor(() => expect(stored.email).toBe('noor@example.com'));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // The newest answers are what the server keeps, and the last save sent holds them.
    expect(stored).toMatchObject({ full_name: 'Noor Saleh', email: 'noor@example.com' });
    expect(saves.at(-1)).toMatchObject({ full_name: 'Noor Saleh', email: 'noor@example.com' });
    expect(screen.queryAllByText('Maximum length is 5')).toEqual([]);
  });

  it('words a refused submit as the flow says (its reason, else any), on the step’s own button, and keeps the form', async () => {
    const user = userEvent.setup();
    const { adapter: draft, submitted } = adapter({
      initial: {
        full_name: 'Noor',
        email: 'noor@example.com',
        business_type: 'online',
        licence_url: 'https://files.example.com/licence.pdf',
      },
      refusals: ['slots_full', 'no_reason_the_flow_knows'],
    });
    await show(draft, undefined, '/w/documents');
    const book = await screen.findByRole('button', { name: 'Book my demo' });
    await user.click(book);
    expect(
      await screen.findByText('Every demo slot this month is taken: we will write when one opens.'),
    ).toBeTruthy();
    await user.click(book);
    expect(await screen.findByText('We could not book your demo. Please try again later.')).toBeTruthy();
    expect(where()).toBe('/w/documents');
    await user.click(book);
    await waitFor(() => expect(submitted).toHaveLength(3));
    await waitFor(() => expect(screen.queryByTestId('wizard-refusal')).toBeNull());
  });

  it('asks the merchant to check the fields a newer version of the form dropped', async () => {
    const { adapter: draft } = adapter({
      initial: { full_name: 'Noor', business_type: 'shop', shop: { city: 'Riyadh' } },
      attention: [{ pointer: '/shop/branches', key: 'validation:error.maximum', params: { limit: 10 } }],
    });
    await show(draft);
    expect(await screen.findByText('Please check these fields')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Your shop: 1 field' })).toBeTruthy();
  });

  it('says when the form cannot be loaded, and loads it on Try again', async () => {
    const user = userEvent.setup();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { adapter: draft } = adapter();
    // Two failures: the first try and its one retry; the merchant's Try again then succeeds.
    await show(draft, createFlowSource(transport({ failModules: 2 }), { retryDelays: [0] }));
    expect(await screen.findByText('The form could not be loaded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: /Full name/ })).toBeTruthy();
    spy.mockRestore();
  });
});
