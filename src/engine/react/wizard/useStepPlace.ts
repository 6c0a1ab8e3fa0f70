/**
 * Where the address stands among the active steps: the steps active for the answers, the step modules it waits
 * for, the step on screen (once its module is here), its neighbours, and on a review step what to show above it.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveSteps } from '../../core/steps';
import type { FormData } from '../../core/types';
import { translateFlowText, type FlowLoader, type LoadedStep, type PartialFlow } from '../browserFlowSource';
import { stepsToWaitFor } from './steps';

/** Translates a catalogue text (the version's own texts first), anew when the language changes. */
export function useFlowText(loader: FlowLoader, namespaces: string[]) {
  const { t, i18n } = useTranslation(namespaces);
  return useCallback(
    (key: string, params?: Record<string, unknown>) =>
      translateFlowText(t, loader.textNamespace, key, params),
    // The language is part of what `t` answers with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, loader.textNamespace, i18n.language],
  );
}

export function useStepPlace(
  flow: PartialFlow,
  data: FormData,
  committed: FormData,
  stepId: string | undefined,
) {
  const definition = flow.flow;
  const active = useMemo(() => resolveSteps(definition, data), [definition, data]);
  // The step modules this address needs (see stepsToWaitFor): until they are here, a skeleton.
  const waitFor = useMemo(() => stepsToWaitFor(flow, active, stepId), [flow, active, stepId]);
  const at = stepId && waitFor.length === 0 ? active.indexOf(stepId) : -1;
  const step: LoadedStep | undefined = at >= 0 ? flow.steps[stepId!] : undefined;
  const onScreen = definition.steps.find((s) => s.id === stepId);
  // On a review step: the flow as loaded, the active steps before it and the committed answers.
  const reviewSteps = step !== undefined && onScreen?.review === true ? active.slice(0, at).join(' ') : '';
  const review = useMemo(
    () => (reviewSteps ? { flow, steps: reviewSteps.split(' '), data: committed } : null),
    [reviewSteps, flow, committed],
  );
  return {
    active,
    waitFor,
    step,
    onScreen,
    // Neighbours come from the active list already resolved for this render (no second resolution per keystroke).
    previous: at > 0 ? active[at - 1]! : null,
    following: at >= 0 ? (active[at + 1] ?? null) : null,
    review,
  };
}
