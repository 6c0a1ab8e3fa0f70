/**
 * Small facts this browser remembers, under the spec's `tby:md:` prefix (spec §3): survey visited / closed,
 * sidebar collapsed, disputes tutorial step. The "new" badges of capital and disputes are remembered for the
 * account instead (domain/seenAreas.ts; issue 56), so a second browser does not show them again. Logout clears them
 * with the rest of local storage.
 */
import { useCallback, useSyncExternalStore } from 'react';

export const LOCAL_FLAGS = {
  surveyVisited: 'tby:md:survey-visited',
  surveyClosed: 'tby:md:survey-closed',
  sidebarCollapsed: 'tby:md:sidebar-collapsed',
  disputesTutorial: 'tby:md:disputes-tutorial',
  /** Session replay allowed in this browser ('yes'; shell §1, src/web/sessionReplay.ts): kept across logout. */
  replayConsent: 'tby:md:replay-consent',
} as const;

type Key = (typeof LOCAL_FLAGS)[keyof typeof LOCAL_FLAGS];
const listeners = new Set<() => void>();

export function readFlag(key: Key): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeFlag(key: Key, value: string | null) {
  if (readFlag(key) === value) return; // nothing changed: no re-render of the readers
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the flag is not remembered.
  }
  listeners.forEach((l) => l());
}

/** Calls `listener` whenever a flag changes, here or in another tab; returns the way to stop. */
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

/** A remembered flag as React state: `[value, set]`. */
export function useLocalFlag(key: Key): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(subscribe, () => readFlag(key));
  const set = useCallback((next: string | null) => writeFlag(key, next), [key]);
  return [value, set];
}
