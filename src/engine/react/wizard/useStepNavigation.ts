/**
 * Moving between steps by id: a move waits for the target step's module (and its widgets' code) while the step on
 * screen stays, then changes the address. Holds what is on its way and the step's question before it is left.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { resolveSteps } from '../../core/steps';
import type { FlowDefinition, FormData } from '../../core/types';
import type { FlowLoader } from '../browserFlowSource';
import { widgetsLoading } from '../registry';
import { stepsToWaitFor } from './steps';

export function useStepNavigation(options: {
  loader: FlowLoader;
  definition: FlowDefinition;
  basePath: string;
  stepId: string | undefined;
}) {
  const { loader, definition, basePath, stepId } = options;
  const navigate = useNavigate();
  // The step on screen, for saves made from events and effects (a save is about that step's answers).
  const stepRef = useRef(stepId);
  useLayoutEffect(() => {
    stepRef.current = stepId;
  }, [stepId]);
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
  return { stepRef, goTo, arriving: arriving !== null, asking, setAsking };
}
