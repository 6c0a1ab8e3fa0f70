/**
 * The account's onboarding application (spec §7 `GET /partners/application/api/v1/application`): read by the
 * shell (sidebar item, root's redirect) and by the application's screens, under one query key.
 */
import { api } from './client';
import { APPLICATION_META_FIELDS } from '../../domain/application';
import type { Application, ApplicationOrNone } from '../../contract/application';
import type { Static } from '../../contract/common';

export const APPLICATION_URL = '/partners/application/api/v1/application';
/** Refreshed when the status changes (submit), so the sidebar and the gates follow. */
export const APPLICATION_QUERY_KEY = ['application-summary'];

export type { Application } from '../../contract/application';

/** The account's application, or null when it has none. */
export async function fetchApplication(): Promise<Application | null> {
  return api<Static<typeof ApplicationOrNone>>('GET', APPLICATION_URL);
}

/** The answers of an application: everything but the fields about it. */
export function answersOf(application: Application): Record<string, unknown> {
  const answers: Record<string, unknown> = { ...application };
  for (const key of APPLICATION_META_FIELDS) delete answers[key];
  return answers;
}
