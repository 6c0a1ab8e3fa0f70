/**
 * What the stepper beside the form shows: each active step with its tick and lock (after the lead steps done
 * before the form), whether the steps ahead are known yet, and the steps with fields a newer form version dropped.
 */
import { useMemo, useState } from 'react';
import { hasAnswer, isStepComplete, stepTicks } from '../../core/drafts';
import { deriveContext } from '../../core/context';
import type { Answers } from './useAnswers';
import type { FieldMessage } from '../../core/messages';
import { pathOutlook } from '../../core/outlook';
import { isWithin } from '../../core/pointer';
import type { FlowDefinition } from '../../core/types';
import type { StepperStep } from '../WizardStepper';

export function useStepperView(options: {
  definition: FlowDefinition;
  active: string[];
  /** The answers, those committed (completeness follows them) and their validators. */
  answers: Pick<Answers, 'data' | 'committed' | 'committedValidators'>;
  /** Fields to check (carried forward from an older form version). */
  attention: FieldMessage[];
  ownsOf: (stepId: string) => string[];
  text: (key: string) => string;
  /** Lead steps open where the product has them. */
  leadLinks: boolean;
  /** The step on screen (undefined while none is). */
  current: string | undefined;
}) {
  const { definition, active, attention, ownsOf, text, leadLinks, current } = options;
  const { data, committed, committedValidators } = options.answers;
  // The steps the merchant has been on in this visit: a step that asks nothing required is ticked once reached.
  // (State adjusted while rendering, React's pattern for a value that follows a prop, not an effect.)
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(current ? [current] : []));
  if (current && !visited.has(current)) setVisited(new Set([...visited, current]));

  // The stepper follows the committed data: recomputed on blur and step changes, or when the step list changes.
  // A step shows as complete only when every step before it is too (an empty review step is not "done" early) and
  // it was reached (stepTicks);
  // a locked step is open once every step before it is complete (isStepOpen's rule, from the same pass).
  const activeKey = active.join(' ');
  const stepper = useMemo(() => {
    const ids = activeKey.split(' ');
    const completeness = ids.map((id) => isStepComplete(committedValidators, id, committed));
    const firstIncomplete = completeness.indexOf(false);
    const ticks = stepTicks(
      ids,
      completeness,
      ids.map((id) => hasAnswer(committed, ownsOf(id))),
      visited,
    );
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
        return {
          id,
          title: text(definitionOf?.title ?? id),
          complete: ticks[index]!,
          open: !definitionOf?.locked || firstIncomplete < 0 || index <= firstIncomplete,
        };
      }),
    ];
  }, [activeKey, committedValidators, committed, definition, text, leadLinks, ownsOf, visited]);

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

  return { stepper, outlook, attentionSteps };
}
