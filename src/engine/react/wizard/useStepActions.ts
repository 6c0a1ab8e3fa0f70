/**
 * The wizard's actions: Next (uploads settled, the step checked, its question asked, saved, then the step after
 * or the end — the submit, or reach-out), Back, a step chosen in the stepper, the step's question, and the
 * server's refusals shown on their fields (moving to the step that owns them). Next and Back hold the buttons (`busy`) until the step they are meant for is on screen.
 */
import { useState } from 'react';
import { dropInapplicable } from '../../core/drafts';
import { fromServerFieldErrors, type FieldMessage } from '../../core/messages';
import { isWithin } from '../../core/pointer';
import { applyRules } from '../../core/rules';
import { dropInactiveData, resolveSteps } from '../../core/steps';
import { FACTS_KEY, type FlowDefinition, type FormData, type StepDefinition } from '../../core/types';
import type { DraftAdapter } from '../adapter';
import type { FlowLoader, LoadedStep } from '../browserFlowSource';
import type { Answers } from './useAnswers';
import type { useFieldMessages } from './useFieldMessages';
import type { useFormTools } from './useFormTools';
import type { useSaveQueue } from './useSaveQueue';
import type { useStepNavigation } from './useStepNavigation';

export function useStepActions(options: {
  definition: FlowDefinition;
  loader: FlowLoader;
  adapter: DraftAdapter;
  /** The step on screen, once loaded, and its entry in flow.json. */
  step: LoadedStep | undefined;
  onScreen: StepDefinition | undefined;
  stepId: string | undefined;
  /** The active steps, and the one before the step on screen. */
  active: string[];
  previous: string | null;
  ownsOf: (id: string) => string[];
  answers: Answers;
  messages: ReturnType<typeof useFieldMessages>;
  /** The step on screen's messages for some data. */
  stepMessages: (data: FormData) => FieldMessage[];
  tools: ReturnType<typeof useFormTools>;
  saveQueue: ReturnType<typeof useSaveQueue>;
  navigation: ReturnType<typeof useStepNavigation>;
  /** The step on screen was done: its messages and its fields to check go. */
  onStepDone: () => void;
  onEnd: ((outcome: 'submit' | 'reach-out', data: FormData) => void) | undefined;
  /** Opens a lead step of the flow where the product has it. */
  onLead: ((id: string) => void) | undefined;
  text: (key: string) => string;
}) {
  const { definition, loader, step, onScreen, stepId, active, previous, ownsOf, tools, navigation } = options;
  const { dataRef, setCommitted } = options.answers;
  const { showAndFocus, setMessages } = options.messages;
  const { save, setSaveFailed } = options.saveQueue;
  const { goTo } = navigation;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const end = onScreen?.end;

  const showServerErrors = (serverMessages: FieldMessage[]) => {
    showAndFocus(serverMessages);
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

  /** The last step's submit: the answers that apply, sent; the server's refusal worded by the flow. */
  const submit = async (current: FormData, steps: string[]) => {
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
      if (key) setRefusal(options.text(key));
      else setSaveFailed(true);
    }
    if (result?.fieldErrors) return showServerErrors(fromServerFieldErrors(result.fieldErrors));
    if (result?.refusal !== undefined) return;
    options.onEnd?.('submit', finalData);
  };

  /** Saves the step on screen and moves on: the step after, the submit, or reach-out. */
  const leave = async (answered: FormData, at: LoadedStep) => {
    let current = answered;
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
    const after = steps[steps.indexOf(at.id) + 1] ?? null;
    options.onStepDone();
    if (after) await goTo(after, current);
    else if (end === 'submit') await submit(current, steps);
    else if (end === 'reach-out') options.onEnd?.('reach-out', current);
  };

  const next = async (confirmed = false) => {
    if (!step) return;
    if (tools.uploadsUnderWay()) {
      setBusy(true);
      await tools.settleUploads();
      setBusy(false);
    }
    const current = await latestData();
    setCommitted(current);
    const held = tools.held();
    const errors = options.stepMessages(current);
    if (errors.length > 0) {
      showAndFocus(errors);
      return;
    }
    if (held) return;
    // Asked first; the dialog's yes presses Next again, answered.
    if (onScreen?.confirm && !confirmed) {
      navigation.setAsking(onScreen.confirm);
      return;
    }
    setBusy(true);
    try {
      await leave(current, step);
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

  /** A step chosen in the stepper: what was typed is saved first (also before leaving for a lead step). */
  const select = (id: string) => {
    const data = options.answers.data;
    if (definition.lead?.some((lead) => lead.id === id)) {
      void save(data);
      options.onLead?.(id);
      return;
    }
    setCommitted(data);
    void save(data);
    void goTo(id, data);
  };

  const asking = navigation.asking;
  /** The step's question before it is left, while it is asked. */
  const confirm =
    asking === null
      ? null
      : {
          question: options.text(asking),
          confirm: () => {
            navigation.setAsking(null);
            void next(true);
          },
          cancel: () => navigation.setAsking(null),
        };

  return { next, back, select, confirm, busy, refusal };
}
