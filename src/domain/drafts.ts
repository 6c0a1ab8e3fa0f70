/**
 * A draft of a catalogue flow as the drafts API shows it (GET/PUT/POST /merchant/api/v1/flows/:flow/drafts…):
 * shared by the server that answers and the app that asks.
 */
import type { FieldMessage } from '../engine/core/messages';

export interface DraftView {
  id: string;
  flow: string;
  scope: string;
  /** The flow version (SHA-256 id) the answers belong to. */
  version: string;
  status: 'draft' | 'submitted';
  data: Record<string, unknown>;
  /** The active steps, in order. */
  steps: string[];
  /** Where to resume (null once submitted, or when every step is complete). */
  first_incomplete_step: string | null;
  /** How the submitted path ended (the `end` of its last step). */
  outcome: 'submit' | 'reach-out' | null;
  /** Fields dropped when the draft was carried to a newer version: ask the merchant to check them. */
  attention: FieldMessage[];
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
}
