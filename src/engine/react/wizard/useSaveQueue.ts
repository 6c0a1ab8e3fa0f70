/**
 * Autosave through the flow's adapter, one save at a time in the order asked for, and a last save when the page
 * goes away. Two saves at once could land out of order, and a refused one's second try (the rest of its answers,
 * on what was saved before it) could overwrite a newer save made meanwhile: a CI run showed a valid phone number
 * saved, then removed again by the retry of an older save that had held only its dial code (the merchant saw
 * "Invalid phone number" under a valid one, and the draft lost it).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import equal from 'fast-deep-equal';
import { answerProblems, dropInapplicable, revertTo } from '../../core/drafts';
import { fromServerFieldErrors, type FieldMessage } from '../../core/messages';
import { getAt } from '../../core/pointer';
import { FACTS_KEY, type FlowDefinition, type FormData } from '../../core/types';
import type { DraftAdapter } from '../adapter';
import type { FlowLoader } from '../browserFlowSource';

export interface SaveQueueOptions {
  adapter: DraftAdapter;
  definition: FlowDefinition;
  loader: FlowLoader;
  /** The answers the draft was opened with (saved already). */
  initial: FormData;
  /** The step on screen: a save is about that step's answers. */
  stepRef: RefObject<string | undefined>;
  /** The answers now, and how to change them (the server's facts after a save). */
  dataRef: RefObject<FormData>;
  setData: (next: FormData) => void;
  ownsOf: (stepId: string) => string[];
}

/**
 * `save(answers, keepalive, advance)`: saves the answers (a move on when `advance`) and answers the messages of
 * the fields the server refused; `saveFailed` says the last save could not be made at all.
 */
export function useSaveQueue(options: SaveQueueOptions) {
  const { adapter, definition, loader, stepRef, dataRef, setData, ownsOf } = options;
  const [saveFailed, setSaveFailed] = useState(false);
  const lastSaved = useRef({ data: options.initial, serialized: JSON.stringify(options.initial) });
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const saveInTurn = useCallback(
    async (answers: FormData, keepalive = false, advance = false): Promise<FieldMessage[]> => {
      if (!stepRef.current) return [];
      // Fields that no longer apply (the other branch of an `if`) are not saved; the form keeps them for the
      // session, so a merchant who changes the answer back finds what was typed.
      const { checks } = loader.snapshot();
      const applicable = checks[stepRef.current]
        ? dropInapplicable(checks, answers, [stepRef.current])
        : answers;
      // An answer the form already marks wrong (a website without its dot, an IBAN one digit short) is not sent
      // while the merchant types: the server would refuse it, and the console would show a 400 on a normal path
      // (issue 32). It is saved as it was last saved; the form keeps what was typed, with its message. A move on
      // is judged by the step's own messages first, so a press never gets here with such an answer.
      const wrong =
        checks[stepRef.current] && !advance
          ? answerProblems(definition, checks, applicable, [stepRef.current]).map((m) => m.pointer)
          : [];
      const next = wrong.length > 0 ? revertTo(lastSaved.current.data, applicable, wrong) : applicable;
      const serialized = JSON.stringify(next);
      if (serialized === lastSaved.current.serialized && !advance) return [];
      const context = {
        stepId: stepRef.current,
        version: loader.version,
        owns: ownsOf(stepRef.current),
        keepalive,
        ...(advance ? { advance } : {}),
      };
      try {
        const result = await adapter.save(next, context);
        if (result?.fieldErrors) {
          // Nothing was stored. Store the rest at once, with the refused answers as they were last saved: the
          // merchant's other answers never wait for the one the server refused.
          const refused = fromServerFieldErrors(result.fieldErrors);
          const rest = revertTo(
            lastSaved.current.data,
            next,
            refused.map((m) => m.pointer),
          );
          const restSerialized = JSON.stringify(rest);
          if (restSerialized !== lastSaved.current.serialized) {
            // Not as a move on: only the refused step's press acts, with the answers the merchant gave.
            const again = await adapter.save(rest, { ...context, advance: false });
            if (!again?.fieldErrors) lastSaved.current = { data: rest, serialized: restSerialized };
          }
          setSaveFailed(false);
          // What the merchant has changed since this save was asked for is judged by the save that follows, not
          // by this answer: a message about the old value would sit under the new one.
          return refused.filter((m) => equal(getAt(dataRef.current, m.pointer), getAt(next, m.pointer)));
        }
        lastSaved.current = { data: next, serialized };
        // The server's facts as they are after the save (a hook acting on the step may have changed them).
        if (result?.facts && JSON.stringify(result.facts) !== JSON.stringify(dataRef.current[FACTS_KEY]))
          setData({ ...dataRef.current, [FACTS_KEY]: result.facts });
        setSaveFailed(false);
        return [];
      } catch {
        setSaveFailed(true);
        return [];
      }
    },
    [adapter, definition, loader, ownsOf, setData, stepRef, dataRef],
  );
  const save = useCallback(
    (answers: FormData, keepalive = false, advance = false): Promise<FieldMessage[]> => {
      // The page is going away: this one cannot wait for the one in flight (it is sent with keepalive, and holds
      // the newest answers anyway).
      if (keepalive) return saveInTurn(answers, keepalive, advance);
      const turn = saving.current.then(() => saveInTurn(answers, keepalive, advance));
      saving.current = turn.catch(() => undefined);
      return turn;
    },
    [saveInTurn],
  );

  // A closing tab, a reload or a phone switching apps saves what is on screen (the adapter sends it with
  // keepalive). Text fields hand their typing to the form on the same event first (useDeferredChange): their
  // listeners were added before this one, as children's effects run before their parent's.
  useEffect(() => {
    const flush = () => void save(dataRef.current, true);
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [save, dataRef]);

  return { save, saveFailed, setSaveFailed };
}
