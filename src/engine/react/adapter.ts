/**
 * How a flow keeps its draft. The runner calls `save` on a step change and on
 * blur (when something changed) — never per keystroke — and `submit` at the
 * end. A flow supplies its adapter: the onboarding one talks to the API; the
 * dev page keeps drafts in session storage.
 */
import type { Draft } from '../core/drafts';

export interface SaveResult {
  /** Problems the server found, by JSON pointer (the API's `field_errors`). */
  fieldErrors?: Record<string, string>;
}

export interface DraftAdapter {
  load(): Promise<Draft | null>;
  save(draft: Draft): Promise<SaveResult | void>;
  submit(draft: Draft): Promise<SaveResult | void>;
}

/** Keeps drafts in session storage under a key (dev page, tests). */
export function sessionStorageAdapter(key: string): DraftAdapter {
  return {
    load: async () => {
      const raw = sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as Draft) : null;
    },
    save: async (draft) => {
      sessionStorage.setItem(key, JSON.stringify(draft));
    },
    submit: async (draft) => {
      sessionStorage.setItem(key, JSON.stringify({ ...draft, submitted: true }));
    },
  };
}
