/**
 * The onboarding application's calls (spec §7) for the wizard: start it (with the landing page's UTM values)
 * and the draft adapter (load, autosave, submit). Widgets' uploads and lists are every form's
 * (src/web/api/widgetServices.ts).
 */
import { api } from '../../api/client';
import { serverDraft } from '../../api/serverDraft';
import { answersOf, APPLICATION_URL, type Application } from '../../api/application';
import type { DraftAdapter } from '../../../engine/react/adapter';
import { FLOW } from './components/WithApplication';

/** Starts the account's application, with the landing page's UTM values. */
export const startApplication = (advertisement: Record<string, string> | null) =>
  api<Application>('POST', APPLICATION_URL, { advertisement: advertisement ?? undefined });

/**
 * The draft on the server, through the spec's application calls: opened as the server gave it (carried to
 * the current form version), saved whole with the landing page's UTM values, then submitted.
 */
export function applicationAdapter(
  initial: Application,
  advertisement: Record<string, string> | null,
): DraftAdapter {
  const url = `${APPLICATION_URL}/${encodeURIComponent(initial.id)}`;
  return serverDraft({
    opened: {
      version: initial.flow_version,
      data: answersOf(initial),
      attention: initial.attention,
      pinned: true,
    },
    // `from`: the step whose main button was pressed (form insights count it completed).
    save: (data, { advance, stepId }) => ({
      method: 'PUT',
      url: advance ? `${url}?from=${encodeURIComponent(stepId)}` : url,
      body: { ...data, advertisement: advertisement ?? undefined },
    }),
    submitUrl: `${url}/submit`,
    about: { flow: FLOW },
  });
}
