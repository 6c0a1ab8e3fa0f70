/**
 * A list's search box (disputes, users, stores): what is typed shows at once and reaches the address (and so the
 * list and the server) a pause after the last key, not on every key; when the address's search changes from
 * elsewhere (cleared, the back button) the box follows it.
 */
import { useEffect, useState } from 'react';

/** How long typing in a search waits before the list follows. */
export const SEARCH_PAUSE_MS = 400;

/**
 * @param committed - the search as the address holds it
 * @param commit - puts a text in the address (stable across renders: a patch of useAddressFilters)
 * @returns the box's text and its setter
 */
export function useSearchDraft(
  committed: string,
  commit: (text: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (seen !== committed) {
    setSeen(committed);
    setText(committed);
  }
  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => commit(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, committed, commit]);
  return [text, setText];
}
