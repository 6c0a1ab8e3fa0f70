/**
 * The wizard's state and behaviour, apart from how it looks (WizardRunner draws it): the answers, the step in
 * the address, navigation by step id, autosave through the flow's adapter (on blur, on a step change, on page
 * hide), the server's refusals shown on their fields, resets that ask first, and focus on the first error.
 *
 * Everything about routing comes from src/engine/core: the active steps are recomputed from the data on every
 * change and addressed by id, never index. Keystrokes never reach this hook: text fields hand their value over
 * when typing pauses or on blur (useDeferredChange), and the step forms only re-render for their own inputs.
 *
 * This hook composes one hook per concern (./wizard/), each read in one sitting, into the view the runner draws:
 *
 * | Hook | Concern |
 * | --- | --- |
 * | useAnswers | the answers, the committed answers completeness follows, the watch widgets use |
 * | useFieldMessages | the fields' messages, held while a button is pressed; focus on the first |
 * | useSaveQueue | autosave, one at a time, and on page hide; the server's refusals |
 * | useStepNavigation | moving by step id once the target's module is here; what is on its way |
 * | useStepPlace | the active steps, the step on screen and its neighbours, the review above it; the flow's texts |
 * | useStepLoading | the modules and widget code a step waits for; where an unknown or locked step sends |
 * | useFormTools | the form context: services, watch, uploads under way, list templates' holds |
 * | useFormEvents | a form's change (rules, resets that ask first) and blur (live validation, lookups) |
 * | useNeighbourForms | the steps pre-rendered beside the one on screen |
 * | useStepperView | the stepper's ticks and locks, the outlook, the steps to check (carried forward) |
 * | useStepActions | Next (to the step after, the submit or reach-out), Back, a step chosen, the step's question |
 * | useFormReport | what the merchant was shown, for form insights: steps, fields' messages (never an answer) |
 */
import { useCallback, useMemo, useState, useSyncExternalStore, type RefObject } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import { isStepOpen } from '../core/drafts';
import { toFieldMessages, type FieldMessage } from '../core/messages';
import { withOwnedParents } from '../core/steps';
import { isWithin } from '../core/pointer';
import type { FormData } from '../core/types';
import type { DraftAdapter } from './adapter';
import { type FlowLoader, type LoadedStep, type PartialFlow } from './browserFlowSource';
import { toErrorSchema } from './errorSchema';
import type { StepperOutlook, StepperStep } from './WizardStepper';
import type { WidgetServices } from '../widgets/services';
import { stagesOf } from './wizard/steps';
import { useFlowText, useStepPlace } from './wizard/useStepPlace';
import { useAnswers } from './wizard/useAnswers';
import { useFieldMessages } from './wizard/useFieldMessages';
import { useSaveQueue } from './wizard/useSaveQueue';
import { useStepNavigation } from './wizard/useStepNavigation';
import { useStepLoading } from './wizard/useStepLoading';
import { useFormTools } from './wizard/useFormTools';
import { useFormEvents } from './wizard/useFormEvents';
import { useNeighbourForms } from './wizard/useNeighbourForms';
import { useStepperView } from './wizard/useStepperView';
import { useStepActions } from './wizard/useStepActions';
import { useFormReport } from './wizard/useFormReport';

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
  /** Only these answers (JSON pointers) may change; every other field is read-only (core/readOnly.ts). */
  editable?: readonly string[];
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

/** The app's texts a wizard shows besides the flow's own: buttons, notices, messages only the runner knows. */
export const WIZARD_NAMESPACES = ['validation', 'common', 'widgets'];

export function useWizard(options: WizardOptions): WizardView {
  const { adapter, basePath, loader, stepId } = options;
  // The live snapshot, read by every render of this hook (a step that arrived is seen at once, never a stale list).
  const flow = useSyncExternalStore(loader.subscribe, loader.snapshot);
  const definition = flow.flow;
  const text = useFlowText(loader, WIZARD_NAMESPACES);

  const answers = useAnswers(options.initial.data, definition, flow.validators);
  const { data, dataRef, setData, committed, committedValidators } = answers;
  const messages = useFieldMessages(options.initial.attention, stepId);
  const { setMessages } = messages;
  const [attention, setAttention] = useState<FieldMessage[]>(options.initial.attention);
  const navigation = useStepNavigation({ loader, definition, basePath, stepId });

  const place = useStepPlace(flow, data, committed, stepId);
  const { active, step, onScreen, previous, following } = place;

  const ownsOf = useCallback(
    (id: string) => definition.steps.find((s) => s.id === id)?.owns ?? [],
    [definition],
  );
  const saveQueue = useSaveQueue({
    adapter,
    definition,
    loader,
    initial: options.initial.data,
    stepRef: navigation.stepRef,
    dataRef,
    setData,
    ownsOf,
  });
  const { save, saveFailed } = saveQueue;
  const { neighbours, uis } = useNeighbourForms({
    flow,
    definition,
    step,
    previous,
    following,
    ownsOf,
    text,
    editable: options.editable,
    initialData: options.initial.data,
  });
  const owns = useMemo(() => ownsOf(stepId ?? ''), [ownsOf, stepId]);
  /** The current step's messages for some data, with its parent objects present (see withOwnedParents). */
  const stepMessages = (current: FormData) =>
    step ? toFieldMessages(step.validate(withOwnedParents(current, owns)).errors) : [];
  const tools = useFormTools({ services: options.services, watch: answers.watch, dataRef, stepMessages });
  const events = useFormEvents({
    definition,
    stepId,
    step,
    owns,
    answers,
    messages,
    stepMessages,
    save,
    services: options.services,
  });
  const errorSchema = useMemo(
    () => toErrorSchema(messages.messages, (key, params) => text(key, params)),
    [messages.messages, text],
  );
  const { stepper, outlook, attentionSteps } = useStepperView({
    definition,
    active,
    answers,
    attention,
    ownsOf,
    text,
    leadLinks: options.onLead !== undefined,
    current: step?.id,
  });

  const open = step !== undefined && isStepOpen(definition, committedValidators, step.id, committed);
  const { loading, redirect } = useStepLoading({
    flow,
    loader,
    definition,
    data,
    active,
    waitFor: place.waitFor,
    step,
    open,
    basePath,
  });

  const end = onScreen?.end;
  const drawn = !loading && redirect === null && step?.id === stepId;
  useFormReport({ adapter, shownStep: drawn ? stepId : undefined, owns, messages: messages.messages });

  const actions = useStepActions({
    definition,
    loader,
    adapter,
    step,
    onScreen,
    stepId,
    active,
    previous,
    ownsOf,
    answers,
    messages,
    stepMessages,
    tools,
    saveQueue,
    navigation,
    onStepDone: () => {
      setMessages([]);
      setAttention((old) => old.filter((m) => !owns.some((o) => isWithin(m.pointer, o))));
    },
    onEnd: options.onEnd,
    onLead: options.onLead,
    text,
  });
  const { next } = actions;

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
    formContext: tools.formContext,
    formContainer: messages.formContainer,
    onFormChange: events.onFormChange,
    onFormBlur: events.onFormBlur,
    select: actions.select,
    next: () => next(),
    back: previous !== null ? actions.back : undefined,
    busy: actions.busy || navigation.arriving,
    onActionPress: messages.pressStart,
    action: following === null ? (end === 'submit' ? 'submit' : 'finish') : 'next',
    actionLabel: onScreen?.action ? text(onScreen.action) : null,
    backLabel: onScreen?.back ? text(onScreen.back) : null,
    saveFailed,
    refusal: actions.refusal,
    stages: stagesOf(definition, data, text),
    intro: onScreen?.intro === true,
    attention: attentionSteps,
    confirm: actions.confirm,
    reset: events.reset
      ? { ...events.reset, questions: events.reset.questions.map((key) => text(key)) }
      : null,
    text,
    review: place.review,
  };
}
