/**
 * A typed value that paints at once and reaches the form when the typing pauses.
 *
 * rjsf does work over the whole form for every change it is handed (it clones
 * the data, recomputes defaults and the schema, compares props), so a long
 * step cannot take a change per keystroke and still paint each keystroke in
 * the next frame. A text field therefore keeps what is typed — in its own
 * state (useDeferredChange), or in the input itself (useTypedInput) — and
 * hands it to the form once the typing pauses (HAND_OVER_MS), in a
 * React transition (low priority, interruptible), and at once, synchronously,
 * when it loses focus, when the page is hidden (tab closed or switched) and
 * when it unmounts. Validation on blur, Next, Back and autosave all start
 * with a blur, so none of them sees a value older than what is on screen.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** How long typing must pause before the form hears of it: under a slow typist's gap between keys. */
export const HAND_OVER_MS = 150;

/** Values the same once shown: a number field hands "12" and gets 12 back; an emptied field gets `undefined`. */
const shownAs = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The hand-over both kinds of field share: the last typed value the form has not shown back yet, handed over when
 * the typing pauses (in a transition), at once on `flush` (a blur) and when the page is hidden, and on unmount.
 */
function useHandOver<T>(value: T, onChange: (value: T) => void) {
  // The last typed value the form has not shown back yet — waiting for the pause, or handed over in a
  // transition that has not committed. A blur hands it over again, synchronously, so nothing reads an old value.
  const unconfirmed = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  useEffect(() => {
    if (unconfirmed.current && shownAs(unconfirmed.current.value) === shownAs(value))
      unconfirmed.current = null;
  }, [value]);

  // One timer for a run of typing, not one per keystroke: it is armed by the first key and, when it fires
  // early (keys came since), re-armed for what remains of the pause.
  const lastKeyAt = useRef(0);
  const handOver = useCallback(function handOver() {
    const waited = Date.now() - lastKeyAt.current;
    if (waited < HAND_OVER_MS) {
      timer.current = setTimeout(handOver, HAND_OVER_MS - waited);
      return;
    }
    timer.current = undefined;
    const pending = unconfirmed.current;
    if (pending) startTransition(() => latestOnChange.current(pending.value));
  }, []);
  const typed = useCallback(
    (next: T) => {
      unconfirmed.current = { value: next };
      lastKeyAt.current = Date.now();
      timer.current ??= setTimeout(handOver, HAND_OVER_MS);
    },
    [handOver],
  );

  /**
   * Hands the latest typed value over now, synchronously (call before reporting a blur). The form has it then:
   * what it makes of it (`012` kept as 12) no longer holds back a value it brings later (a reset).
   */
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const pending = unconfirmed.current;
    if (pending) flushSync(() => latestOnChange.current(pending.value));
    unconfirmed.current = null;
  }, []);

  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      clearTimeout(timer.current);
      timer.current = undefined;
      // Unmounting (the step left by a route change): hand over what is unconfirmed, without flushSync (React is
      // committing).
      const pending = unconfirmed.current;
      unconfirmed.current = null;
      if (pending) latestOnChange.current(pending.value);
    };
  }, [flush]);

  return { typed, flush, unconfirmed };
}

/** A field whose shown value React keeps (a widget that formats what is typed: a phone, an IBAN, a date). */
export function useDeferredChange<T>(value: T, onChange: (value: T) => void) {
  // What the user typed, while the form has not caught up with it.
  const [typed, setTyped] = useState<{ value: T } | null>(null);
  const caughtUp = typed === null || shownAs(typed.value) === shownAs(value);
  if (typed !== null && caughtUp) setTyped(null);
  const shown = caughtUp ? value : typed.value;
  const handOver = useHandOver(value, onChange);
  const handTyped = handOver.typed;
  const change = useCallback(
    (next: T) => {
      setTyped({ value: next });
      handTyped(next);
    },
    [handTyped],
  );
  return { value: shown, change, flush: handOver.flush };
}

/**
 * A plain text input whose text the browser keeps while it is typed in (an uncontrolled input): a keystroke
 * re-renders nothing, where a React-kept value costs a render and a commit per key — measured at 4x CPU on the
 * 60-field step, ~3 ms of a ~17 ms keystroke (npm run bench:engine, the `static` row). Render the input with
 * `ref` and `defaultValue`, and report each change with `change`. A value the form brings (a draft, a reset, a
 * rule) is written into the input, except while what was typed has not reached the form yet: as with
 * useDeferredChange, the typing wins until the form has it.
 */
export function useTypedInput<T>(value: T, onChange: (value: T) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const [defaultValue] = useState(() => shownAs(value));
  const handOver = useHandOver(value, onChange);
  const { unconfirmed } = handOver;
  // Before the hand-over's own effect clears a confirmed value (layout effects run first), and before paint.
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input || unconfirmed.current) return;
    const text = shownAs(value);
    if (input.value !== text) input.value = text;
  }, [value, unconfirmed]);
  return { ref, defaultValue, change: handOver.typed, flush: handOver.flush };
}
