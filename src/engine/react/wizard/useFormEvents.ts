/**
 * What the step forms report: a change (merged into the answers, the flow's rules applied, a reset that clears
 * other answers asked about first, a message gone as soon as its field is put right), and a blur (live
 * validation of that field, a save, and the field's lookup). Keystrokes never reach here: text fields hand their
 * value over when typing pauses or on blur (useDeferredChange).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldMessage } from '../../core/messages';
import { changedPointers, getAt, isWithin, setAt } from '../../core/pointer';
import { applyResets, applyRules, resetsFor } from '../../core/rules';
import { walkFields } from '../../core/schemaWalk';
import { applyStepChanges } from '../../core/steps';
import type { FlowDefinition, FlowReset, FormData } from '../../core/types';
import { lookupOf, type WidgetServices } from '../../widgets/services';
import type { LoadedStep } from '../browserFlowSource';
import { fieldId } from '../errorSchema';
import type { Answers } from './useAnswers';
import type { useFieldMessages } from './useFieldMessages';

export function useFormEvents(options: {
  definition: FlowDefinition;
  stepId: string | undefined;
  /** The step on screen, once loaded. */
  step: LoadedStep | undefined;
  /** The pointers the step on screen owns. */
  owns: string[];
  answers: Answers;
  messages: ReturnType<typeof useFieldMessages>;
  /** The step on screen's messages for some data. */
  stepMessages: (data: FormData) => FieldMessage[];
  save: (answers: FormData) => Promise<FieldMessage[]>;
  services: WidgetServices | undefined;
}) {
  const { definition, stepId, step, owns, stepMessages, save, services } = options;
  const { dataRef, setData, setCommitted } = options.answers;
  const { messages, setMessages, showFieldMessages } = options.messages;
  // A change that clears other answers and needs the merchant's word first (flow.json `resets` with `confirm`).
  const [pendingReset, setPendingReset] = useState<{
    before: FormData;
    after: FormData;
    resets: FlowReset[];
  } | null>(null);

  /**
   * A field with a lookup (UI schema `ui:options.lookup`: `source`, and `fill`, pointers to the answer's keys)
   * asks the source about its value when it loses focus, and fills the fields named in `fill` that are still
   * empty (an IBAN fills the bank's name; a name the merchant typed is never replaced).
   */
  const lookUp = (id: string, on: LoadedStep, current: FormData) => {
    const ask = services?.lookup;
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
    onFormChange,
    onFormBlur,
    /** A change that would clear other answers, waiting for the merchant's word: its reset questions' keys. */
    reset: pendingReset
      ? {
          questions: pendingReset.resets.filter((r) => r.confirm).map((r) => r.confirm!),
          confirm: () => confirmReset(true),
          cancel: () => confirmReset(false),
        }
      : null,
  };
}
