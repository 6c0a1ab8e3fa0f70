/**
 * The account's onboarding application (spec §7 `GET /partners/application/api/v1/application`): read by the
 * shell (sidebar item, root's redirect) and by the application's screens, under one query key.
 */
import { api } from './client';
import { APPLICATION_META_FIELDS } from '../../domain/application';
import type { FieldMessage } from '../../engine/core/messages';

export const APPLICATION_URL = '/partners/application/api/v1/application';
/** Refreshed when the status changes (submit), so the sidebar and the gates follow. */
export const APPLICATION_QUERY_KEY = ['application-summary'];

export interface Application extends Record<string, unknown> {
  id: string;
  status: 'draft' | 'partially_submitted' | 'submitted';
  /** The onboarding flow version (SHA-256 id) the answers belong to. */
  flow_version: string;
  steps: string[];
  /** Fields a newer version of the form dropped: the merchant is asked to check them. */
  attention: FieldMessage[];
  first_incomplete_step: string | null;
  requires_sales_contact: boolean;
  business_name?: string;
  phone?: string | null;
  email?: string | null;
  submitted_at: string | null;
}

/** The account's application, or null when it has none. */
export async function fetchApplication(): Promise<Application | null> {
  return api<Application | null>('GET', APPLICATION_URL);
}

/** The answers of an application: everything but the fields about it. */
export function answersOf(application: Application): Record<string, unknown> {
  const answers: Record<string, unknown> = { ...application };
  for (const key of APPLICATION_META_FIELDS) delete answers[key];
  return answers;
}
