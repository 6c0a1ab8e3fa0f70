/**
 * A field's text in the direction of its own first letter: a handle, an address or a Latin name typed on an
 * Arabic form reads left to right ("@yourstore", not "yourstore@"), Arabic on an English form right to left;
 * an empty field keeps the page's direction (its caret and placeholder where the page's text starts).
 * Set on the element itself: Mantine puts a `dir` prop on the field's wrapper, where `auto` sees no text.
 * The element changes only when the field turns empty or not, never on other keystrokes.
 */
import { useLayoutEffect, useRef } from 'react';

export function useAutoDir<Element extends HTMLInputElement | HTMLTextAreaElement>(empty: boolean) {
  const ref = useRef<Element>(null);
  useLayoutEffect(() => {
    if (ref.current) setAutoDir(ref.current, empty);
  }, [empty]);
  return ref;
}

/** The same for a field whose text the browser keeps (useTypedInput): called with each change of its text. */
export function setAutoDir(element: HTMLInputElement | HTMLTextAreaElement, empty: boolean) {
  if (empty) element.removeAttribute('dir');
  else if (element.getAttribute('dir') !== 'auto') element.setAttribute('dir', 'auto');
}
