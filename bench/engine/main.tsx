/**
 * The benchmark page. `?mode=engine` runs our WizardRunner on the generated
 * 60-field steps (precompiled validators, validation on blur and before Next);
 * `?mode=plain` runs a plain @rjsf/mantine form with the runtime ajv validator
 * and rjsf's own liveValidate, switching between the same two schemas.
 * Timing helpers on `window` are driven by bench/engine/run.ts.
 */
import '@mantine/core/styles.css';
import { StrictMode, Suspense, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Button, MantineProvider, TextInput } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import PlainForm from '@rjsf/mantine';
import validator from '@rjsf/validator-ajv8';
import { WizardRunner } from '../../src/engine/react/WizardRunner';
import type { DraftAdapter } from '../../src/engine/react/adapter';
import benchTexts from '@bench/locales.json';
import benchData from '@bench/data.json';
import common from '../../locales/en/common.json';
import validation from '../../locales/en/validation.json';
import widgetsText from '../../locales/en/widgets.json';

declare global {
  interface Window {
    __ready?: boolean;
    __keys: number[];
    /** Settles when the keystroke armed for (run.ts) has been timed: waited on without polling. */
    __keyed?: Promise<void>;
    __onKey?: () => void;
    __armSwitch: (fieldId: string) => Promise<number>;
  }
}

// Keystroke → next frame: from the keydown's timestamp to a task after the next animation frame.
window.__keys = [];
document.addEventListener(
  'keydown',
  (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.__keys.push(performance.now() - start);
        window.__onKey?.();
      };
      channel.port2.postMessage(null);
    });
  },
  true,
);

// Click → the new step painted: from the click's timestamp until the target field exists and a frame has passed.
window.__armSwitch = (fieldId) =>
  new Promise((resolve) => {
    let start = 0;
    const onClick = (event: Event) => {
      start = event.timeStamp;
      document.removeEventListener('click', onClick, true);
      const check = () => {
        if (!document.getElementById(fieldId)) {
          requestAnimationFrame(check);
          return;
        }
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - start);
          channel.port2.postMessage(null);
        });
      };
      check();
    };
    document.addEventListener('click', onClick, true);
  });

const mode = new URLSearchParams(location.search).get('mode');
const data = benchData as {
  /** The bench flow's version id (run.ts compiles it and serves it as the server would). */
  version: string;
  a: Record<string, unknown>;
  b: Record<string, unknown>;
  schemas: Record<string, object>;
};

function Plain() {
  const [step, setStep] = useState<'a' | 'b'>('a');
  const [formData, setFormData] = useState<Record<string, unknown>>({ ...data.a, ...data.b });
  return (
    <div style={{ padding: 24 }}>
      <PlainForm
        key={step}
        schema={data.schemas[step] as never}
        validator={validator}
        formData={formData}
        liveValidate
        showErrorList={false}
        onChange={(e) => setFormData(e.formData as Record<string, unknown>)}
      >
        <></>
      </PlainForm>
      <Button onClick={() => setStep(step === 'a' ? 'b' : 'a')}>{step === 'a' ? 'Next' : 'Back'}</Button>
    </div>
  );
}

const adapter: DraftAdapter = {
  load: async () => ({ version: data.version, data: { ...data.a, ...data.b }, attention: [] }),
  save: async () => undefined,
  submit: async () => undefined,
};

/**
 * The measurement's floors: one bare input (`bare`), and one Mantine TextInput (`mantine`) — the input every
 * text field of both forms draws, so no form can beat it.
 */
function Bare(props: { mantine?: boolean }) {
  const [value, setValue] = useState('');
  const [step, setStep] = useState<'a' | 'b'>('a');
  return (
    <div style={{ padding: 24 }}>
      {props.mantine ? (
        <TextInput id={`root_${step}_f4`} value={value} onChange={(e) => setValue(e.target.value)} />
      ) : (
        <input id={`root_${step}_f4`} value={value} onChange={(e) => setValue(e.target.value)} />
      )}
      <input id={`root_${step}_f0`} readOnly />
      <Button onClick={() => setStep(step === 'a' ? 'b' : 'a')}>{step === 'a' ? 'Next' : 'Back'}</Button>
    </div>
  );
}

/**
 * A floor for a long page: 60 Mantine TextInputs, one of them typed in (`page60`). What a keystroke costs the
 * browser grows with the page around the input, whatever the form engine does; this row shows how much.
 */
function Page60() {
  const [value, setValue] = useState('');
  const [step, setStep] = useState<'a' | 'b'>('a');
  return (
    <div style={{ padding: 24 }}>
      {Array.from({ length: 60 }, (_, i) =>
        i === 4 ? (
          <TextInput
            key={i}
            label={`Field ${i}`}
            id={`root_${step}_f4`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <TextInput key={i} label={`Field ${i}`} id={`root_${step}_f${i}`} defaultValue="Hello world" />
        ),
      )}
      <Button onClick={() => setStep(step === 'a' ? 'b' : 'a')}>{step === 'a' ? 'Next' : 'Back'}</Button>
    </div>
  );
}

const router = createMemoryRouter(
  [{ path: '/w/:stepId', element: <WizardRunner flowId="bench" adapter={adapter} basePath="/w" /> }],
  { initialEntries: ['/w/a'] },
);

function Engine() {
  return (
    <div style={{ padding: 24 }}>
      <RouterProvider router={router} />
    </div>
  );
}

/**
 * A floor for this step's own markup (`static`): our step as the engine drew it, then frozen — the same elements,
 * classes and styles with no React and no engine behind them, so a keystroke only changes the input's text. What
 * a keystroke costs the browser on a page of these sixty fields whatever the engine does; ours against it is the
 * engine's own work per keystroke.
 */
async function freeze(root: Root, container: HTMLElement) {
  while (!document.getElementById('root_a_f4') || !document.getElementById('root_b_f4'))
    await new Promise((resolve) => setTimeout(resolve, 50));
  // The runner's start-up (the next step drawn in the background, the first draft read) settles first.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const copy = container.cloneNode(true) as HTMLElement;
  root.unmount();
  container.replaceWith(copy);
}

void i18next
  .use(initReactI18next)
  .init({
    lng: 'en',
    resources: { en: { bench: benchTexts, common, validation, widgets: widgetsText } },
    interpolation: { escapeValue: false },
  })
  .then(() => {
    const container = document.getElementById('root')!;
    const root = createRoot(container);
    root.render(
      <StrictMode>
        <MantineProvider>
          <Suspense fallback={null}>
            {mode === 'plain' ? (
              <Plain />
            ) : mode === 'bare' ? (
              <Bare />
            ) : mode === 'mantine' ? (
              <Bare mantine />
            ) : mode === 'page60' ? (
              <Page60 />
            ) : (
              <Engine />
            )}
          </Suspense>
        </MantineProvider>
      </StrictMode>,
    );
    if (mode === 'static') return freeze(root, container);
  })
  .then(() => {
    window.__ready = true;
  });
