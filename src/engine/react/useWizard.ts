/**
 * The wizard's state and behaviour, apart from how it looks (WizardRunner draws it): the answers, the step in
 * the address, navigation by step id, autosave through the flow's adapter (on blur, on a step change, on page
 * hide), the server's refusals shown on their fields, resets that ask first, and focus on the first error.
 *
 * Everything about routing comes from src/engine/core: the active steps are recomputed from the data on every
 * change and addressed by id, never index. Keystrokes never reach this hook: text fields hand their value over
 * when typing pauses or on blur (useDeferredChange), and the step forms only re-render for their own inputs.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import equal from 'fast-deep-equal';
import { useNavigate } from 'react-router';
import { preloadDeferred } from '../widgets/deferred';
import { useTranslation } from 'react-i18next';
import {
  answerProblems,
  dropInapplicable,
  firstIncompleteStep,
  isStepComplete,
  isStepOpen,
  missingValidator,
  revertTo,
  type StepValidator,
} from '../core/drafts';
import { fromServerFieldErrors, toFieldMessages, type FieldMessage } from '../core/messages';
import { applyStepChanges, dropInactiveData, resolveSteps, withOwnedParents } from '../core/steps';
import { applyResets, applyRules, resetsFor } from '../core/rules';
import { changedPointers, getAt, isWithin, setAt } from '../core/pointer';
import { walkFields } from '../core/schemaWalk';
import { deriveContext } from '../core/context';
import { pathOutlook } from '../core/outlook';
import { FACTS_KEY, type FlowDefinition, type FlowReset, type FormData } from '../core/types';
import type { DraftAdapter } from './adapter';
import { translateFlowText, type FlowLoader, type LoadedStep, type PartialFlow } from './browserFlowSource';
import { translateUi } from './translateUi';
import { widgetsLoading } from './registry';
import { fieldId, toErrorSchema } from './errorSchema';
import type { StepperOutlook, StepperStep } from './WizardStepper';
import { lookupOf, type DataWatch, type PendingWork, type WidgetServices } from '../widgets/services';

export type Outcome = 'submit' | 'reach-out';

export interface WizardOptions {
  /** The flow version; its steps arrive one by one (the wizard follows its snapshot). */
  loader: FlowLoader;
  /** The draft's answers and the fields to ask the merchant to check. */
  initial: { data: FormData; attention: FieldMessage[] };
  adapter: DraftAdapter;
  /** The address of the wizard without the step id (steps are `<basePath>/<stepId>`). */
  basePath: string;
  /** The step in the address. */
  stepId: string | undefined;
  /** Called when a path ends: after submit (`submit`), or at a `reach-out` step. */
  onEnd?: (outcome: Outcome, data: FormData) => void;
  /** What the widgets need from outside (uploads, OTP resend, a known IBAN). */
  services?: WidgetServices;
  /** Opens a lead step of the flow (flow.json `lead`) where the product has it; none: lead steps are not links. */
  onLead?: (id: string) => void;
}

/** One step's form as the runner draws it (the step on screen and, hidden, its neighbours). */
export interface WizardForm {
  id: string;
  step: LoadedStep;
  ui: Record<string, unknown>;
  data: FormData;
  errorSchema: ErrorSchema;
  visible: boolean;
}

export interface WizardView {
  /** Step modules this address needs are still on their way: show a skeleton (never a step without its module). */
  loading: boolean;
  /** Where to send the merchant instead (an unknown, hidden or still locked step): the first step that needs work. */
  redirect: string | null;
  stepId: string;
  forms: WizardForm[];
  stepper: StepperStep[];
  /** Whether the steps ahead are known yet, and which steps' answers decide them (titles). */
  outlook: StepperOutlook;
  formContext: object;
  formContainer: RefObject<HTMLDivElement | null>;
  onFormChange: (data: FormData, stepId: string) => void;
  onFormBlur: (id: string, stepId: string) => void;
  select: (stepId: string) => void;
  next: () => Promise<void>;
  back: (() => Promise<void>) | undefined;
  busy: boolean;
  /** Call on pointerdown on Next, Back or Submit: field messages wait until the press is over (see pressStart). */
  onActionPress: () => void;
  /** What the main button says. */
  action: 'next' | 'submit' | 'finish';
  /** The step's own words for it (flow.json `action`), translated; null: the action's. */
  actionLabel: string | null;
  /** The step's own words for Back (flow.json `back`: "Change number"), translated; null: Back. */
  backLabel: string | null;
  saveFailed: boolean;
  /** Why the server refused the submit, worded by the flow's `refusals` (null: it did not). */
  refusal: string | null;
  /** The longer process this form is part of (flow.json `stages`): its titles and the current one; null: none. */
  stages: { titles: string[]; current: number } | null;
  /** The step on screen is an introduction (flow.json `intro`): no stepper beside it. */
  intro: boolean;
  /** Steps with fields a newer form version dropped, to check. */
  attention: { stepId: string; title: string; count: number }[];
  /** A change that would clear other answers, waiting for the merchant's word. */
  reset: { questions: string[]; confirm: () => void; cancel: () => void } | null;
  /** The step's question before it is left (flow.json `confirm`), while it is asked; null otherwise. */
  confirm: { question: string; confirm: () => void; cancel: () => void } | null;
  /** Translates a catalogue text (the version's own texts first). */
  text: (key: string, params?: Record<string, unknown>) => string;
  /**
   * On a review step (flow.json `review`): the flow as loaded, the active steps before this one (each loaded,
   * since this step waited for them) and the answers as of the last blur or step change, to show above the form.
   */
  review: { flow: PartialFlow; steps: string[]; data: FormData } | null;
}

const NO_ERRORS: ErrorSchema = {};

/** The flow's stages with the current one read from its fact; null without stages or without the fact. */
function stagesOf(definition: FlowDefinition, data: FormData, text: (key: string) => string) {
  if (!definition.stages) return null;
  const current = getAt(data, definition.stages.pointer);
  if (typeof current !== 'number' || !Number.isInteger(current)) return null;
  const titles = definition.stages.titles.map((key) => text(key));
  return { titles, current: Math.max(0, Math.min(current, titles.length - 1)) };
}

/** The app's texts a wizard shows besides the flow's own: buttons, notices, messages only the runner knows. */
export const WIZARD_NAMESPACES = ['validation', 'common', 'widgets'];

/** Validators that validate `snapshot` once per step and answer from memory after that. */
function cachedValidators(
  validators: Record<string, StepValidator>,
  snapshot: FormData,
): Record<string, StepValidator> {
  const results = new Map<string, ReturnType<StepValidator>>();
  return Object.fromEntries(
    Object.entries(validators).map(([id, validate]) => [
      id,
      (data: FormData) => {
        if (data !== snapshot) return validate(data);
        let result = results.get(id);
        if (!result) results.set(id, (result = validate(data)));
        return result;
      },
    ]),
  );
}

/**
 * The step modules a render of `stepId` needs and does not have: the active steps up to it (fetched together) —
 * its own form, and the ticks and locks of the steps before it. Steps after it show as not complete until their
 * modules arrive in the background; the redirect to the first incomplete step waits for its own.
 */
export function stepsToWaitFor(flow: PartialFlow, active: string[], stepId: string | undefined) {
  if (flow.complete || !stepId || !active.includes(stepId)) return [];
  return active.slice(0, active.indexOf(stepId) + 1).filter((id) => !flow.steps[id]);
}

/** Validators for every step of the flow: one not loaded yet counts as not complete. */
function withMissingIncomplete(
  definition: FlowDefinition,
  validators: Record<string, StepValidator>,
): Record<string, StepValidator> {
  const notYet: StepValidator = () => ({ valid: false, errors: [] });
  return Object.fromEntries(definition.steps.map((s) => [s.id, validators[s.id] ?? notYet]));
}

export function useWizard(options: WizardOptions): WizardView {
  const { adapter, basePath, loader, stepId } = options;
  // The live snapshot, read by every render of this hook (a step that arrived is seen at once, never a stale list).
  const flow = useSyncExternalStore(loader.subscribe, loader.snapshot);
  const definition = flow.flow;
  const { t, i18n } = useTranslation(WIZARD_NAMESPACES);
  const text = useCallback(
    (key: string, params?: Record<string, unknown>) =>
      translateFlowText(t, loader.textNamespace, key, params),
    // The language is part of what `t` answers with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, loader.textNamespace, i18n.language],
  );
  const navigate = useNavigate();

  const [data, setDataState] = useState<FormData>(options.initial.data);
  // The latest data, for callbacks that must stay stable (the form's onChange) and for watchers (see below).
  const dataRef = useRef(data);
  const setData = useCallback((next: FormData) => {
    dataRef.current = next;
    setDataState(next);
  }, []);
  // A change that clears other answers and needs the merchant's word first (flow.json `resets` with `confirm`).
  const [pendingReset, setPendingReset] = useState<{
    before: FormData;
    after: FormData;
    resets: FlowReset[];
  } | null>(null);
  // Widgets that depend on another answer (a category list on the chosen section) watch it here, so the
  // form's context never changes per keystroke.
  const [watchers] = useState(() => new Set<() => void>());
  const watch = useMemo<DataWatch>(
    () => ({
      get: (pointer) => getAt(dataRef.current, pointer),
      subscribe: (listener) => {
        watchers.add(listener);
        return () => watchers.delete(listener);
      },
    }),
    [watchers],
  );
  useEffect(() => watchers.forEach((listener) => listener()), [data, watchers]);
  // The data as of the last blur or step change: step completeness (stepper, locked steps) follows it, so a
  // keystroke validates nothing beyond rjsf's own work.
  const [committed, setCommitted] = useState<FormData>(options.initial.data);
  const committedValidators = useMemo(
    () => cachedValidators(withMissingIncomplete(definition, flow.validators), committed),
    [definition, flow.validators, committed],
  );
  const [messages, setMessages] = useState<FieldMessage[]>(options.initial.attention);
  // While Next, Back or Submit is held down, the messages a field's blur or change brings wait until the press
  // is over: pressing the button takes the focus from the field, and a message appearing or going then moves the
  // button from under the pointer, so the release lands elsewhere and the click is lost (a submit that silently
  // did nothing). The action validates and shows its own messages anyway.
  const pressing = useRef(false);
  const heldMessages = useRef<Parameters<typeof setMessages>[0] | null>(null);
  const showFieldMessages = useCallback((update: Parameters<typeof setMessages>[0]) => {
    if (!pressing.current) return setMessages(update);
    const before = heldMessages.current;
    // Updates made during the press apply in order once it is over.
    heldMessages.current =
      before === null
        ? update
        : (old: FieldMessage[]) => {
            const first = typeof before === 'function' ? before(old) : before;
            return typeof update === 'function' ? update(first) : update;
          };
  }, []);
  const pressStart = useCallback(() => {
    pressing.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // After the click the release makes (it is dispatched after pointerup, in the same task).
      setTimeout(() => {
        pressing.current = false;
        const held = heldMessages.current;
        heldMessages.current = null;
        if (held !== null) setMessages(held);
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  }, []);
  const [attention, setAttention] = useState<FieldMessage[]>(options.initial.attention);
  const [saveFailed, setSaveFailed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastSaved = useRef({ data: options.initial.data, serialized: JSON.stringify(options.initial.data) });
  const formContainer = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  // The step on screen, for saves made from events and effects (a save is about that step's answers).
  const stepRef = useRef(stepId);
  useLayoutEffect(() => {
    stepRef.current = stepId;
  }, [stepId]);

  const active = useMemo(() => resolveSteps(definition, data), [definition, data]);
  // The step modules this address needs (see stepsToWaitFor): until they are here, a skeleton.
  const waitFor = useMemo(() => stepsToWaitFor(flow, active, stepId), [flow, active, stepId]);
  // The step's question before it is left (flow.json `confirm`): answered by the merchant in a dialog.
  const [asking, setAsking] = useState<string | null>(null); // the question's text key
  // The step a move is going to, until the address's step is on screen. The router changes the address at once
  // and renders the new step in a transition, so for a moment the address names the next step while the one
  // before is still shown: its buttons stay held, or a press would act on the step being left (a CI run showed
  // the shareholders' question again over the shareholder IDs).
  const [arriving, setArriving] = useState<string | null>(null);
  // Once the address's step changes (the move arrived, or the browser went elsewhere) nothing is on its way, and
  // a question asked on the step before is gone with it (React's pattern for state that follows a prop).
  const [stepShown, setStepShown] = useState(stepId);
  if (stepShown !== stepId) {
    setStepShown(stepId);
    setArriving(null);
    setAsking(null);
  }
  /** Moves to a step once its module (and what the stepper needs there) is here: the step on screen stays meanwhile. */
  const goTo = async (target: string, current: FormData) => {
    try {
      const missing = stepsToWaitFor(loader.snapshot(), resolveSteps(definition, current), target);
      if (missing.length > 0) await loader.steps(missing);
      const arrived = loader.snapshot().steps[target];
      if (arrived) await widgetsLoading(arrived);
    } catch {
      // A module that could not be fetched: the step's render meets the same failure and says so.
    }
    if (target !== stepRef.current) setArriving(target);
    void navigate(`${basePath}/${target}`, { replace: definition.history === 'replace' });
  };
  const at = stepId && waitFor.length === 0 ? active.indexOf(stepId) : -1;
  const step = at >= 0 ? flow.steps[stepId!] : undefined;
  // Neighbours come from the active list already resolved for this render (no second resolution per keystroke).
  const previous = at > 0 ? active[at - 1]! : null;
  const following = at >= 0 ? (active[at + 1] ?? null) : null;

  const ownsOf = useCallback(
    (id: string) => definition.steps.find((s) => s.id === id)?.owns ?? [],
    [definition],
  );
  // Saves go one at a time, in the order they were asked for. Two at once could land out of order, and a refused
  // one's second try (the rest of its answers, on what was saved before it) could overwrite a newer save made
  // meanwhile: a CI run showed a valid phone number saved, then removed again by the retry of an older save that
  // had held only its dial code (the merchant saw "Invalid phone number" under a valid one, and the draft lost it).
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const saveInTurn = useCallback(
    async (answers: FormData, keepalive = false, advance = false): Promise<FieldMessage[]> => {
      if (!stepRef.current) return [];
      // Fields that no longer apply (the other branch of an `if`) are not saved; the form keeps them for the
      // session, so a merchant who changes the answer back finds what was typed.
      const { checks } = loader.snapshot();
      const applicable = checks[stepRef.current]
        ? dropInapplicable(checks, answers, [stepRef.current])
        : answers;
      // An answer the form already marks wrong (a website without its dot, an IBAN one digit short) is not sent
      // while the merchant types: the server would refuse it, and the console would show a 400 on a normal path
      // (issue 32). It is saved as it was last saved; the form keeps what was typed, with its message. A move on
      // is judged by the step's own messages first, so a press never gets here with such an answer.
      const wrong =
        checks[stepRef.current] && !advance
          ? answerProblems(definition, checks, applicable, [stepRef.current]).map((m) => m.pointer)
          : [];
      const next = wrong.length > 0 ? revertTo(lastSaved.current.data, applicable, wrong) : applicable;
      const serialized = JSON.stringify(next);
      if (serialized === lastSaved.current.serialized && !advance) return [];
      const context = {
        stepId: stepRef.current,
        version: loader.version,
        owns: ownsOf(stepRef.current),
        keepalive,
        ...(advance ? { advance } : {}),
      };
      try {
        const result = await adapter.save(next, context);
        if (result?.fieldErrors) {
          // Nothing was stored. Store the rest at once, with the refused answers as they were last saved: the
          // merchant's other answers never wait for the one the server refused.
          const refused = fromServerFieldErrors(result.fieldErrors);
          const rest = revertTo(
            lastSaved.current.data,
            next,
            refused.map((m) => m.pointer),
          );
          const restSerialized = JSON.stringify(rest);
          if (restSerialized !== lastSaved.current.serialized) {
            // Not as a move on: only the refused step's press acts, with the answers the merchant gave.
            const again = await adapter.save(rest, { ...context, advance: false });
            if (!again?.fieldErrors) lastSaved.current = { data: rest, serialized: restSerialized };
          }
          setSaveFailed(false);
          // What the merchant has changed since this save was asked for is judged by the save that follows, not
          // by this answer: a message about the old value would sit under the new one.
          return refused.filter((m) => equal(getAt(dataRef.current, m.pointer), getAt(next, m.pointer)));
        }
        lastSaved.current = { data: next, serialized };
        // The server's facts as they are after the save (a hook acting on the step may have changed them).
        if (result?.facts && JSON.stringify(result.facts) !== JSON.stringify(dataRef.current[FACTS_KEY]))
          setData({ ...dataRef.current, [FACTS_KEY]: result.facts });
        setSaveFailed(false);
        return [];
      } catch {
        setSaveFailed(true);
        return [];
      }
    },
    [adapter, definition, loader, ownsOf, setData],
  );
  const save = useCallback(
    (answers: FormData, keepalive = false, advance = false): Promise<FieldMessage[]> => {
      // The page is going away: this one cannot wait for the one in flight (it is sent with keepalive, and holds
      // the newest answers anyway).
      if (keepalive) return saveInTurn(answers, keepalive, advance);
      const turn = saving.current.then(() => saveInTurn(answers, keepalive, advance));
      saving.current = turn.catch(() => undefined);
      return turn;
    },
    [saveInTurn],
  );

  // A closing tab, a reload or a phone switching apps saves what is on screen (the adapter sends it with
  // keepalive). Text fields hand their typing to the form on the same event first (useDeferredChange): their
  // listeners were added before this one, as children's effects run before their parent's.
  useEffect(() => {
    const flush = () => void save(dataRef.current, true);
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [save]);

  // Move focus to the first field with an error once it is on screen.
  useEffect(() => {
    if (!focusPending.current || messages.length === 0) return;
    focusPending.current = false;
    // Hidden neighbour steps are in the page too: look inside the visible step only.
    const container = formContainer.current;
    const find = (pointer: string) =>
      container?.querySelector<HTMLElement>(`[id="${fieldId(pointer)}"]`) ?? null;
    const first = messages.find((m) => find(m.pointer));
    const element = first ? find(first.pointer) : null;
    // A widget's id may be on a wrapper (code boxes, a group): focus the first control inside it.
    const control = element?.matches('input, select, textarea, button')
      ? element
      : element?.querySelector<HTMLElement>('input, select, textarea, button, [tabindex]');
    control?.focus();
  }, [messages, stepId]);

  // The steps next to this one stay rendered (hidden); their UI schemas, translated, follow the language.
  // A step that asks for some of the same data (the company owners of several ARE steps) is not pre-rendered:
  // its form would hold the shared data as it was, and hand that back when shown.
  const shares = (a: string, b: string) =>
    ownsOf(a).some((p) => ownsOf(b).some((q) => isWithin(p, q) || isWithin(q, p)));
  const neighbours = step
    ? [previous, step.id, following].filter(
        (id): id is string =>
          id !== null && (id === step.id || (flow.steps[id] !== undefined && !shares(id, step.id))),
      )
    : [];
  const neighbourKey = neighbours.join(' ');
  const uis = useMemo(
    () =>
      Object.fromEntries(
        neighbourKey
          .split(' ')
          .filter((id) => flow.steps[id])
          .map((id) => [id, translateUi(flow.steps[id]!.schema, flow.steps[id]!.ui, (key) => text(key))]),
      ),
    // Texts change with the language. The key lists the loaded neighbours only, and a loaded step's module never
    // changes, so another step arriving in the background does not hand the step on screen a new UI schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [neighbourKey, definition, text],
  );
  // Uploads under way: Next waits for them (see PendingWork).
  const pendingWork = useRef(new Set<Promise<unknown>>());
  const pending = useMemo<PendingWork>(
    () => ({
      add: (work) => {
        pendingWork.current.add(work);
        const done = () => pendingWork.current.delete(work);
        work.then(done, done);
      },
    }),
    [],
  );
  // For list templates (listLayouts.tsx), made once: one with an item open for editing holds the step — Next asks
  // it first, and it says why (capital's shareholders: "save this shareholder before continuing"); and the step's
  // rules on the data as typed so far, under a pointer (may this item be closed?).
  const holds = useRef(new Set<() => boolean>());
  const stepRefValidate = useRef<((data: FormData) => FieldMessage[]) | null>(null);
  const [listTools] = useState(() => ({
    hold: (check: () => boolean) => {
      holds.current.add(check);
      return () => void holds.current.delete(check);
    },
    problemsAt: (pointer: string) =>
      (stepRefValidate.current?.(dataRef.current) ?? []).filter((m) => isWithin(m.pointer, pointer)),
  }));
  const formContext = useMemo(
    () => ({ services: options.services, watch, pending, ...listTools }),
    [options.services, watch, pending, listTools],
  );
  const owns = useMemo(() => ownsOf(stepId ?? ''), [ownsOf, stepId]);
  /** The current step's messages for some data, with its parent objects present (see withOwnedParents). */
  const stepMessages = (current: FormData) =>
    step ? toFieldMessages(step.validate(withOwnedParents(current, owns)).errors) : [];
  useEffect(() => {
    stepRefValidate.current = stepMessages;
  });
  // Live validation on blur: show (or clear) the message of the field that lost focus; save if anything changed.
  const handleBlur = (id: string, from: string) => {
    if (!step || from !== step.id) return;
    // The latest data, not this render's: a widget may report a change and its blur in one go.
    const current = dataRef.current;
    setCommitted(current);
    const fresh = stepMessages(current);
    showFieldMessages((old) => [
      ...old.filter((m) => fieldId(m.pointer) !== id && fresh.some((f) => f.pointer === m.pointer)),
      ...fresh.filter((m) => fieldId(m.pointer) === id),
    ]);
    void save(current).then((refused) => refused.length > 0 && showFieldMessages(refused));
    lookUp(id, step, current);
  };

  /**
   * A field with a lookup (UI schema `ui:options.lookup`: `source`, and `fill`, pointers to the answer's keys)
   * asks the source about its value when it loses focus, and fills the fields named in `fill` that are still
   * empty (an IBAN fills the bank's name; a name the merchant typed is never replaced).
   */
  const lookUp = (id: string, on: LoadedStep, current: FormData) => {
    const ask = options.services?.lookup;
    if (!ask) return;
    walkFields({ schema: on.schema, ui: on.ui, data: current }, on.resolve, (node) => {
      if (fieldId(node.pointer) !== id) return;
      const lookup = lookupOf(node.ui);
      if (!lookup || typeof node.data !== 'string' || node.data === '') return false;
      const asked = node.data;
      void ask(lookup.source, asked)
        .then((answer) => {
          const latest = dataRef.current;
          if (!answer || getAt(latest, node.pointer) !== asked) return;
          let filled = latest;
          for (const [target, key] of Object.entries(lookup.fill)) {
            const value = answer[key];
            const now = getAt(filled, target);
            if (typeof value === 'string' && value !== '' && (now === undefined || now === ''))
              filled = setAt(filled, target, value);
          }
          if (filled === latest) return;
          setData(filled);
          setCommitted(filled);
          void save(filled);
        })
        // A lookup that fails leaves the fields for the merchant to fill, as they would without it.
        .catch(() => undefined);
      return false;
    });
  };

  // Stable callbacks keep the memoized forms from re-rendering on the wizard's own state changes.
  // The data made from the form's own changes is handed back to it too: rjsf re-derives its state from the
  // `formData` prop whenever any prop changes (new messages, say), so a form left holding older data than it
  // reported would drop its newer answers then (a box ticked or an owner added right after typing elsewhere).
  const lastReport = useRef<{ step: string; data: FormData } | null>(null);
  // One callback for every form, for the whole run (it reads the step on screen from a ref): React may not have
  // handed a newly shown, pre-rendered form its new props yet, so nothing may depend on them.
  const changeRef = useRef<(next: FormData, from: string) => void>(() => undefined);
  const onFormChange = useCallback((next: FormData, from: string) => changeRef.current(next, from), []);
  const handleChange = (next: FormData, from: string) => {
    // Only the step on screen speaks: a pre-rendered neighbour's form may report (its defaults) too.
    if (!stepId || from !== stepId) return;
    const current = dataRef.current;
    // Only what this form changed since its last report (a late report must not undo newer answers).
    const last = lastReport.current;
    const before = last && last.step === stepId ? last.data : current;
    lastReport.current = { step: stepId, data: next };
    const merged = applyStepChanges(current, before, next, owns);
    const resets = resetsFor(definition, current, merged);
    if (resets.some((r) => r.confirm)) {
      setPendingReset({ before: current, after: merged, resets });
      return;
    }
    const settled = applyRules(definition, applyResets(merged, resets));
    setData(settled);
    // A message goes as soon as its field is put right, not at the next blur: the page does not change under
    // the merchant's next press (a ticked declaration's message leaving as Submit goes down).
    if (messages.length > 0) {
      const changed = changedPointers(current, settled);
      const touched = (m: FieldMessage) =>
        changed.some((p) => isWithin(m.pointer, p) || isWithin(p, m.pointer));
      if (messages.some(touched)) {
        const fresh = stepMessages(settled);
        showFieldMessages((old) =>
          old.flatMap((m) => (touched(m) ? fresh.filter((f) => f.pointer === m.pointer) : [m])),
        );
      }
    }
  };
  const blurRef = useRef<(id: string, from: string) => void>(() => undefined);
  // rjsf reports a change after its own render commits; a widget that reports a change and its blur together
  // (a checkbox, an upload) would have the blur handled first, with the data from before. So a blur is queued
  // and handled after the commit it is rendered in — by then rjsf has reported the change it came with.
  const blurs = useRef<{ id: string; from: string }[]>([]);
  const [blurTick, setBlurTick] = useState(0);
  const onFormBlur = useCallback((id: string, from: string) => {
    blurs.current.push({ id, from });
    setBlurTick((tick) => tick + 1);
  }, []);
  useEffect(() => {
    for (const blur of blurs.current.splice(0)) blurRef.current(blur.id, blur.from);
  }, [blurTick]);
  useLayoutEffect(() => {
    blurRef.current = handleBlur;
    changeRef.current = handleChange;
  });
  const errorSchema = useMemo(
    () => toErrorSchema(messages, (key, params) => text(key, params)),
    [messages, text],
  );

  // The stepper follows the committed data: recomputed on blur and step changes, or when the step list changes.
  // A step shows as complete only when every step before it is too (an empty review step is not "done" early);
  // a locked step is open once every step before it is complete (isStepOpen's rule, from the same pass).
  const activeKey = active.join(' ');
  const leadLinks = options.onLead !== undefined;
  const stepper = useMemo(() => {
    const ids = activeKey.split(' ');
    const firstIncomplete = ids.findIndex((id) => !isStepComplete(committedValidators, id, committed));
    // Steps done before the form (flow.json `lead`) come first, done; they open where the product has them.
    const lead = (definition.lead ?? []).map((step): StepperStep => ({
      id: step.id,
      title: text(step.title),
      complete: true,
      open: leadLinks,
      lead: true,
    }));
    return [
      ...lead,
      ...ids.map((id, index): StepperStep => {
        const definitionOf = definition.steps.find((s) => s.id === id);
        const complete = firstIncomplete < 0 || index < firstIncomplete;
        return {
          id,
          title: text(definitionOf?.title ?? id),
          complete,
          open: !definitionOf?.locked || firstIncomplete < 0 || index <= firstIncomplete,
        };
      }),
    ];
  }, [activeKey, committedValidators, committed, definition, text, leadLinks]);

  // Whether the steps ahead are known yet (the stepper says "more may follow" instead of a total until they are).
  // It follows the answers as they change (like the list of steps), so what it says changes when an answer is
  // given, never under a press of Next.
  const contextKey = JSON.stringify(deriveContext(definition, data));
  const outlook = useMemo(() => {
    const known = pathOutlook(definition, data);
    return {
      ...known,
      decidedInIds: known.decidedIn,
      decidedIn: known.decidedIn.map((id) => text(definition.steps.find((s) => s.id === id)?.title ?? id)),
    };
    // The outlook depends on the data only through its context.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, contextKey, text]);

  const attentionSteps = useMemo(
    () =>
      active
        .map((id) => {
          const count = attention.filter((m) => ownsOf(id).some((o) => isWithin(m.pointer, o))).length;
          return { stepId: id, title: text(definition.steps.find((s) => s.id === id)?.title ?? id), count };
        })
        .filter((s) => s.count > 0),
    [active, attention, ownsOf, text, definition],
  );

  const open = step !== undefined && isStepOpen(definition, committedValidators, step.id, committed);
  // Unknown, inactive or still locked step: the merchant goes to the first step that needs work (or the first
  // one). How far that is depends on the answers, so the walk waits for each step module it reaches, one by one.
  const lacking =
    waitFor.length > 0
      ? waitFor
      : open
        ? []
        : [missingValidator(definition, flow.validators, data)].filter((id) => id !== null);
  const lackingKey = lacking.join(' ');
  // Looking for where to send the merchant: the rest of the flow may be needed, so it starts loading now.
  const seeking = waitFor.length === 0 && !open;
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (seeking) loader.all().catch(() => undefined);
    if (lackingKey) loader.steps(lackingKey.split(' ')).catch((error: unknown) => setFailure({ error }));
  }, [lackingKey, loader, seeking]);
  // The step shows once its widgets' code is here too (see widgetsLoading): a skeleton meanwhile, as for modules.
  const widgetsPending = lacking.length === 0 && open ? widgetsLoading(step) : null;
  const [, widgetsArrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!widgetsPending) return;
    let current = true;
    widgetsPending.then(
      () => current && widgetsArrived(),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [widgetsPending]);
  // Thrown to the runner's boundary, which says the form could not be loaded and offers to try again.
  if (failure) throw failure.error;
  const loading = lacking.length > 0 || widgetsPending !== null;
  // Once a step is on screen, the other steps load behind it, so moving on seldom waits. (A failure here is
  // met again, and said, when a step that needs the module is shown.)
  const shown = !loading && open;
  useEffect(() => {
    if (!shown) return;
    loader.all().catch(() => undefined);
    preloadDeferred(); // the widgets and dialogs the first step did not need
  }, [shown, loader]);
  const redirect =
    loading || open
      ? null
      : // Every step complete (a draft that is only waiting for its submit): the last step, where it is submitted.
        `${basePath}/${firstIncompleteStep(definition, flow.validators, data) ?? active[active.length - 1]}`;

  const showServerErrors = (serverMessages: FieldMessage[]) => {
    setMessages(serverMessages);
    focusPending.current = true;
    const owner = active.find((id) =>
      ownsOf(id).some((o) => serverMessages.some((m) => isWithin(m.pointer, o))),
    );
    if (owner && owner !== stepId) void goTo(owner, dataRef.current);
  };

  /**
   * The data once every change already made has arrived: a widget may have changed a moment ago (an upload that
   * just finished) and rjsf reports it after its render commits, which a click can overtake. React finishes
   * pending renders before a new task, so one task later the wizard holds the latest data.
   */
  const latestData = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return dataRef.current;
  };

  const onScreen = definition.steps.find((s) => s.id === stepId);
  const end = onScreen?.end;
  const reviewing = step !== undefined && onScreen?.review === true;
  const reviewSteps = reviewing ? active.slice(0, at).join(' ') : '';
  const review = useMemo(
    () => (reviewSteps ? { flow, steps: reviewSteps.split(' '), data: committed } : null),
    [reviewSteps, flow, committed],
  );

  const next = async (confirmed = false) => {
    if (!step) return;
    if (pendingWork.current.size > 0) {
      setBusy(true);
      await Promise.allSettled([...pendingWork.current]);
      setBusy(false);
    }
    let current = await latestData();
    setCommitted(current);
    const held = [...holds.current].some((check) => check());
    const errors = stepMessages(current);
    if (errors.length > 0) {
      focusPending.current = true;
      setMessages(errors);
      return;
    }
    if (held) return;
    // Asked first; the dialog's yes presses Next again, answered.
    if (onScreen?.confirm && !confirmed) {
      setAsking(onScreen.confirm);
      return;
    }
    setBusy(true);
    try {
      const refused = await save(current, false, true);
      if (refused.length > 0) return showServerErrors(refused);
      // The step after this one, with what the server knows now (its hooks may have changed the facts as the
      // merchant moved on: KYB's IBAN not the business's opens the negative step).
      const facts = dataRef.current[FACTS_KEY];
      if (facts !== current[FACTS_KEY]) {
        current = { ...current, [FACTS_KEY]: facts };
        setCommitted(current); // whether the next step is open is judged on committed data
      }
      const steps = resolveSteps(definition, current);
      const after = steps[steps.indexOf(step.id) + 1] ?? null;
      setMessages([]);
      setAttention((old) => old.filter((m) => !owns.some((o) => isWithin(m.pointer, o))));
      if (after) {
        await goTo(after, current);
        return;
      }
      if (end === 'submit') {
        // Data only hidden steps own goes; the rules then put back what they require (a forced licence type).
        const snapshot = loader.snapshot();
        const finalData = dropInapplicable(
          snapshot.checks,
          applyRules(definition, dropInactiveData(definition, current)),
          steps.filter((id) => snapshot.checks[id]),
        );
        setRefusal(null);
        const result = await options.adapter.submit(finalData);
        if (result?.refusal !== undefined) {
          // The flow's words for the server's reason, else for any refusal; a flow with none says the save failed.
          const key = definition.refusals?.[result.refusal] ?? definition.refusals?.['*'];
          if (key) setRefusal(text(key));
          else setSaveFailed(true);
        }
        if (result?.fieldErrors) return showServerErrors(fromServerFieldErrors(result.fieldErrors));
        if (result?.refusal !== undefined) return;
        options.onEnd?.('submit', finalData);
      } else if (end === 'reach-out') options.onEnd?.('reach-out', current);
    } catch {
      setSaveFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // Back holds the buttons like Next does: a second press before the step before is on screen would go to the
  // same step again (the one on screen has not changed yet), so it waits for the step it is meant for.
  const back = async () => {
    setBusy(true);
    try {
      const current = await latestData();
      setCommitted(current);
      await save(current);
      setMessages([]);
      if (previous) await goTo(previous, current);
    } finally {
      setBusy(false);
    }
  };

  const confirmReset = (confirmed: boolean) => {
    if (!pendingReset) return;
    setPendingReset(null);
    // Declined: the form still shows the new answer, so hand it the old data.
    const settled = confirmed
      ? applyRules(definition, applyResets(pendingReset.after, pendingReset.resets))
      : { ...pendingReset.before };
    setData(settled);
    if (confirmed) {
      setCommitted(settled);
      setMessages([]);
      void save(settled);
    }
  };

  return {
    loading,
    redirect,
    stepId: stepId ?? '',
    forms: neighbours.map((id) => {
      const visible = id === stepId;
      return {
        id,
        step: flow.steps[id]!,
        ui: uis[id] ?? {},
        // Hidden steps get the committed data, so a change re-renders only the visible one.
        data: visible ? data : committed,
        errorSchema: visible ? errorSchema : NO_ERRORS,
        visible,
      };
    }),
    stepper,
    outlook,
    formContext,
    formContainer,
    onFormChange,
    onFormBlur,
    select: (id) => {
      if (definition.lead?.some((step) => step.id === id)) {
        // What was typed is saved before the merchant leaves for the lead step.
        void save(data);
        options.onLead?.(id);
        return;
      }
      setCommitted(data);
      void save(data);
      void goTo(id, data);
    },
    next: () => next(),
    back: previous !== null ? back : undefined,
    busy: busy || arriving !== null,
    onActionPress: pressStart,
    action: following === null ? (end === 'submit' ? 'submit' : 'finish') : 'next',
    actionLabel: onScreen?.action ? text(onScreen.action) : null,
    backLabel: onScreen?.back ? text(onScreen.back) : null,
    saveFailed,
    refusal,
    stages: stagesOf(definition, data, text),
    intro: onScreen?.intro === true,
    attention: attentionSteps,
    confirm:
      asking === null
        ? null
        : {
            question: text(asking),
            confirm: () => {
              setAsking(null);
              void next(true);
            },
            cancel: () => setAsking(null),
          },
    reset: pendingReset
      ? {
          questions: pendingReset.resets.filter((r) => r.confirm).map((r) => text(r.confirm!)),
          confirm: () => confirmReset(true),
          cancel: () => confirmReset(false),
        }
      : null,
    text,
    review,
  };
}
