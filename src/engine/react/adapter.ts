/**
 * How a flow keeps its draft — each flow's adapter says where its draft lives and where submit goes (the
 * onboarding one keeps the spec's application calls; every other flow uses the generic drafts API; the dev
 * playground keeps drafts in the tab). The runner calls `save` on blur and on a step change (never per
 * keystroke), on page hide (`keepalive`), and `submit` at the end.
 */
import type { FieldError, FieldMessage } from '../core/messages';
import type { FormData, Scalar } from '../core/types';

export interface OpenedDraft {
  /** The flow version the data belongs to (a server carries a draft to the current one before it answers). */
  version: string;
  data: FormData;
  /** Fields to ask the merchant to check (dropped when the draft was carried to a newer version). */
  attention: FieldMessage[];
  /**
   * The server answers the draft on `version` (it carried it there before answering): the wizard draws that
   * version, even when the flow's pointer for this merchant names another — during a staged rollout a draft
   * keeps the version it began on. Unset (the playground's own drafts): carried to the current version here.
   */
  pinned?: boolean;
}

export interface SaveResult {
  /** The server refused the save (nothing was stored) for these answers, by JSON pointer. */
  fieldErrors?: Record<string, FieldError>;
  /**
   * The server refused a submit for a reason of its own (its answer's `details.reason`, '' when it gave none):
   * the form says what the flow's `refusals` say for it.
   */
  refusal?: string;
  /** The server's facts after a save that was taken (its hooks may change them as the merchant moves on). */
  facts?: Record<string, Scalar>;
}

export interface SaveContext {
  /** The step on screen, whose answers the save is about. */
  stepId: string;
  /** The flow version the data belongs to. */
  version: string;
  /** The data that step owns (a per-step save sends only that). */
  owns: readonly string[];
  /** The page is going away: the request must outlive it. */
  keepalive?: boolean;
  /**
   * The merchant pressed the step's main button (Next, Submit): the server's hooks act on the complete step
   * (capital's KYB sends the signatory's code). Sent even when the answers are already saved.
   */
  advance?: boolean;
}

/** What the wizard saw of the form, for form insights (domain/formEvents.ts): never an answer. */
export interface FormReportEvent {
  kind: 'step_shown' | 'message_shown';
  step: string;
  /** message_shown: the field's JSON pointer. */
  field?: string;
  /** message_shown: the message's key (the rule the answer broke). */
  rule?: string;
}

export interface DraftAdapter {
  /** The draft to open (null: start from nothing). */
  load(): Promise<OpenedDraft | null>;
  save(data: FormData, context: SaveContext): Promise<SaveResult | void>;
  submit(data: FormData): Promise<SaveResult | void>;
  /** Where what the wizard saw goes, as it happens (the adapter batches it); none: not reported. */
  report?(events: FormReportEvent[]): void;
}

/** Keeps drafts in session storage under a key (the dev playground, tests). */
export function sessionStorageAdapter(key: string): DraftAdapter {
  const read = () => {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { version: string; data: FormData }) : null;
  };
  return {
    load: async () => {
      const stored = read();
      return stored ? { version: stored.version, data: stored.data, attention: [] } : null;
    },
    save: async (data, { version }) => {
      sessionStorage.setItem(key, JSON.stringify({ version, data }));
    },
    submit: async (data) => {
      sessionStorage.setItem(key, JSON.stringify({ ...read(), data, submitted: true }));
    },
  };
}
