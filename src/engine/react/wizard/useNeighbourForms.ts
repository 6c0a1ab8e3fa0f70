/**
 * The steps next to the one on screen stay rendered (hidden), so moving on shows a form that is already there;
 * their UI schemas, translated, follow the language. A step that asks for some of the same data (the company
 * owners of several ARE steps) is not pre-rendered: its form would hold the shared data as it was, and hand that
 * back when shown.
 */
import { useMemo } from 'react';
import { isWithin } from '../../core/pointer';
import type { FlowDefinition } from '../../core/types';
import type { LoadedStep, PartialFlow } from '../browserFlowSource';
import { translateUi } from '../translateUi';
import { readOnlyExcept } from '../../core/readOnly';

export function useNeighbourForms(options: {
  flow: PartialFlow;
  definition: FlowDefinition;
  step: LoadedStep | undefined;
  previous: string | null;
  following: string | null;
  ownsOf: (stepId: string) => string[];
  text: (key: string) => string;
  /** Only these answers may change (an application sent back): every other field is read-only (core/readOnly.ts). */
  editable?: readonly string[];
  /** The answers the wizard opened with (their lists' items match the editable answers). */
  initialData: unknown;
}) {
  const { flow, definition, step, previous, following, ownsOf, text, editable, initialData } = options;
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
          .map((id) => {
            const loaded = flow.steps[id]!;
            const ui = translateUi(loaded.schema, loaded.ui, (key) => text(key));
            return [
              id,
              editable
                ? readOnlyExcept(
                    { schema: loaded.schema, ui, resolve: loaded.resolve },
                    initialData,
                    editable,
                  )
                : ui,
            ];
          }),
      ),
    // Texts change with the language. The key lists the loaded neighbours only, and a loaded step's module never
    // changes, so another step arriving in the background does not hand the step on screen a new UI schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [neighbourKey, definition, text, editable, initialData],
  );
  return { neighbours, uis };
}
