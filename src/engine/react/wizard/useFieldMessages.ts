/**
 * The messages under the step's fields, and focus on the first of them once it is on screen. While Next, Back or
 * Submit is held down, the messages a field's blur or change brings wait until the press is over: pressing the
 * button takes the focus from the field, and a message appearing or going then moves the button from under the
 * pointer, so the release lands elsewhere and the click is lost (a submit that silently did nothing). The action
 * validates and shows its own messages anyway.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldMessage } from '../../core/messages';
import { fieldId } from '../errorSchema';

type Update = FieldMessage[] | ((old: FieldMessage[]) => FieldMessage[]);

export function useFieldMessages(initial: FieldMessage[], stepId: string | undefined) {
  const [messages, setMessages] = useState<FieldMessage[]>(initial);
  const pressing = useRef(false);
  const heldMessages = useRef<Update | null>(null);
  /** A blur's or a change's messages: at once, or after the press under way. */
  const showFieldMessages = useCallback((update: Update) => {
    if (!pressing.current) return setMessages(update);
    const before = heldMessages.current;
    // Updates made during the press apply in order once it is over.
    heldMessages.current =
      before === null
        ? update
        : (old: FieldMessage[]) => {
            const first = typeof before === 'function' ? before(old) : before;
            return typeof update === 'function' ? update(first) : update;
          };
  }, []);
  const pressStart = useCallback(() => {
    pressing.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // After the click the release makes (it is dispatched after pointerup, in the same task).
      setTimeout(() => {
        pressing.current = false;
        const held = heldMessages.current;
        heldMessages.current = null;
        if (held !== null) setMessages(held);
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  }, []);

  const formContainer = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  // Move focus to the first field with an error once it is on screen.
  useEffect(() => {
    if (!focusPending.current || messages.length === 0) return;
    focusPending.current = false;
    // Hidden neighbour steps are in the page too: look inside the visible step only.
    const container = formContainer.current;
    const find = (pointer: string) =>
      container?.querySelector<HTMLElement>(`[id="${fieldId(pointer)}"]`) ?? null;
    const first = messages.find((m) => find(m.pointer));
    const element = first ? find(first.pointer) : null;
    // A widget's id may be on a wrapper (code boxes, a group): focus the first control inside it.
    const control = element?.matches('input, select, textarea, button')
      ? element
      : element?.querySelector<HTMLElement>('input, select, textarea, button, [tabindex]');
    control?.focus();
  }, [messages, stepId]);

  /** An action's messages: shown at once, and the first field with one focused. */
  const showAndFocus = useCallback((next: FieldMessage[]) => {
    focusPending.current = true;
    setMessages(next);
  }, []);

  return { messages, setMessages, showFieldMessages, showAndFocus, pressStart, formContainer };
}
