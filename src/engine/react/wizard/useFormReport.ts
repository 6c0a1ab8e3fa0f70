/**
 * What the wizard reports for form insights (issue 61; domain/formEvents.ts) through its adapter's `report`: each
 * arrival at a step once it is drawn, and each field message the merchant is shown on it (once per field and rule
 * per visit of the step) — by step, field pointer and message key, never an answer. The adapter batches them.
 */
import { useEffect, useRef } from 'react';
import type { FieldMessage } from '../../core/messages';
import { isWithin } from '../../core/pointer';
import type { DraftAdapter } from '../adapter';

export function useFormReport(options: {
  adapter: DraftAdapter;
  /** The step on screen, once it is drawn (undefined while it loads or sends elsewhere). */
  shownStep: string | undefined;
  /** The pointers the step on screen owns. */
  owns: readonly string[];
  /** The fields' messages on screen. */
  messages: readonly FieldMessage[];
}) {
  const { adapter, shownStep, owns, messages } = options;
  /** The step last reported shown, and the messages reported on this visit of it. */
  const visit = useRef<{ step: string; seen: Set<string> } | null>(null);

  // An arrival: a step other than the one last reported (React's development re-run of an effect is not one).
  useEffect(() => {
    if (shownStep === undefined || visit.current?.step === shownStep) return;
    visit.current = { step: shownStep, seen: new Set() };
    adapter.report?.([{ kind: 'step_shown', step: shownStep }]);
  }, [adapter, shownStep]);

  useEffect(() => {
    const current = visit.current;
    if (!adapter.report || shownStep === undefined || current?.step !== shownStep) return;
    const fresh = messages.filter((m) => {
      const key = `${m.pointer}\n${m.key}`;
      if (current.seen.has(key) || !owns.some((o) => isWithin(m.pointer, o))) return false;
      current.seen.add(key);
      return true;
    });
    if (fresh.length > 0)
      adapter.report(
        fresh.map((m) => ({ kind: 'message_shown', step: shownStep, field: m.pointer, rule: m.key })),
      );
  }, [adapter, messages, owns, shownStep]);
}
