/**
 * The onboarding application's calls (spec §7) for the wizard: start it (with the landing page's UTM values)
 * and the draft adapter (load, autosave, submit). Widgets' uploads and lists are every form's
 * (src/web/api/widgetServices.ts).
 */
import { api, ApiError } from '../../api/client';
import { answersOf, APPLICATION_URL, type Application } from '../../api/application';
import type { DraftAdapter } from '../../../engine/react/adapter';

/** Starts the account's application, with the landing page's UTM values. */
export const startApplication = (advertisement: Record<string, string> | null) =>
  api<Application>('POST', APPLICATION_URL, { advertisement: advertisement ?? undefined });

/** Fetch keeps a keepalive body to 64 KiB; a larger application is saved without it (then only on blur/step). */
const KEEPALIVE_LIMIT = 60 * 1024;

/**
 * The draft on the server, through the spec's application calls: load it (the server has carried it to the
 * current form version), save the whole application (keepalive, so a closing tab still saves; a refused save
 * answers 400 with what it refused), submit it (422 with what is missing).
 */
export function applicationAdapter(
  initial: Application,
  advertisement: Record<string, string> | null,
): DraftAdapter {
  const url = `${APPLICATION_URL}/${encodeURIComponent(initial.id)}`;
  const refusal = (error: unknown, status: number) => {
    if (error instanceof ApiError && error.status === status && Object.keys(error.fieldErrors).length > 0)
      return { fieldErrors: error.fieldErrors };
    throw error;
  };
  return {
    load: async () => ({
      version: initial.flow_version,
      data: answersOf(initial),
      attention: initial.attention,
    }),
    save: async (data, { keepalive }) => {
      const body = { ...data, advertisement: advertisement ?? undefined };
      try {
        await api<Application>('PUT', url, body, {
          keepalive: keepalive && JSON.stringify(body).length < KEEPALIVE_LIMIT,
        });
      } catch (error) {
        return refusal(error, 400);
      }
    },
    submit: async () => {
      try {
        await api('POST', `${url}/submit`);
      } catch (error) {
        return refusal(error, 422);
      }
    },
  };
}
