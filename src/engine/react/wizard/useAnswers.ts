/**
 * The wizard's answers: the data as the forms last reported it (with a ref for stable callbacks), the watch
 * widgets use to follow another answer, and the committed data — as of the last blur or step change — that step
 * completeness (stepper, locked steps) follows, so a keystroke validates nothing beyond rjsf's own work.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StepValidator } from '../../core/drafts';
import { getAt } from '../../core/pointer';
import type { FlowDefinition, FormData } from '../../core/types';
import type { DataWatch } from '../../widgets/services';
import { cachedValidators, withMissingIncomplete } from './steps';

export function useAnswers(
  initial: FormData,
  definition: FlowDefinition,
  validators: Record<string, StepValidator>,
) {
  const [data, setDataState] = useState<FormData>(initial);
  // The latest data, for callbacks that must stay stable (the form's onChange) and for watchers (see below).
  const dataRef = useRef(data);
  const setData = useCallback((next: FormData) => {
    dataRef.current = next;
    setDataState(next);
  }, []);
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
  const [committed, setCommitted] = useState<FormData>(initial);
  const committedValidators = useMemo(
    () => cachedValidators(withMissingIncomplete(definition, validators), committed),
    [definition, validators, committed],
  );
  return { data, dataRef, setData, watch, committed, setCommitted, committedValidators };
}

export type Answers = ReturnType<typeof useAnswers>;
