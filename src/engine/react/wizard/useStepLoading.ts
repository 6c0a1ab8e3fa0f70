/**
 * What the step in the address needs before it shows: its module and those of the steps before it (stepsToWaitFor),
 * its widgets' code, and — for an unknown, inactive or still locked step — the steps up to the one the merchant is
 * sent to instead. A module or widget that fails is thrown to the runner's boundary, which says the form could not
 * be loaded and offers to try again.
 */
import { useEffect, useReducer, useState } from 'react';
import { firstIncompleteStep, missingValidator } from '../../core/drafts';
import type { FlowDefinition, FormData } from '../../core/types';
import { preloadDeferred } from '../../widgets/deferred';
import type { FlowLoader, LoadedStep, PartialFlow } from '../browserFlowSource';
import { widgetsLoading } from '../registry';

export function useStepLoading(options: {
  flow: PartialFlow;
  loader: FlowLoader;
  definition: FlowDefinition;
  data: FormData;
  /** The active steps. */
  active: string[];
  /** The modules the address's step waits for (stepsToWaitFor). */
  waitFor: string[];
  /** The step on screen, once its module is here. */
  step: LoadedStep | undefined;
  /** The step may be shown (known, active, not locked). */
  open: boolean;
  basePath: string;
}) {
  const { flow, loader, definition, data, active, waitFor, step, open, basePath } = options;
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
  const widgetsPending = lacking.length === 0 && open && step ? widgetsLoading(step) : null;
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
  return { loading, redirect };
}
