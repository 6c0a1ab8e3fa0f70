/**
 * A wizard's draft kept on the server, whichever calls a flow uses (the spec's application calls for
 * onboarding, the generic drafts API for every other flow): a save the server refuses (400) or a submit it
 * finds incomplete (422) gives the wizard its field errors to show; a submit refused otherwise gives the
 * server's reason (the flow's `refusals` word it); any other failure is thrown (the wizard says the save
 * failed and keeps everything).
 *
 * Form insights (issue 61): what the wizard saw goes to the flow's events call, and the catalogue's form events
 * (a step viewed, a step completed, the form submitted: src/domain/analyticsEvents.ts) to analytics — for every
 * flow alike, by the flow's id, the step's and the version's.
 */
import type { DraftAdapter, OpenedDraft, SaveContext } from '../../engine/react/adapter';
import { FACTS_KEY, type FormData, type Scalar } from '../../engine/core/types';
import { api, ApiError } from './client';
import { analytics } from '../analytics';
import { reportFormEvents } from './formReports';

/** Fetch allows 64 KiB of keepalive bodies at once; a bigger save on page hide goes without keepalive. */
const KEEPALIVE_LIMIT = 60 * 1024;

export interface DraftCalls {
  opened: OpenedDraft;
  /** The save's method, address and body. */
  save(data: FormData, context: SaveContext): { method: 'PUT' | 'POST'; url: string; body: unknown };
  /** The submit's address (POST). */
  submitUrl: string;
  /** The flow, and the draft the form events are about (none: the account's draft under way, onboarding's). */
  about: { flow: string; draft?: string };
}

async function refusedOr(call: () => Promise<unknown>, status: number) {
  try {
    // A taken save answers the draft: its facts (the server's, which its hooks may have changed).
    const answer = await call();
    const facts = (answer as { data?: Record<string, unknown> } | undefined)?.data?.[FACTS_KEY];
    return facts !== null && typeof facts === 'object'
      ? { facts: facts as Record<string, Scalar> }
      : undefined;
  } catch (error) {
    if (error instanceof ApiError && error.status === status && Object.keys(error.fieldErrors).length > 0)
      return { fieldErrors: error.fieldErrors };
    throw error;
  }
}

export function serverDraft(calls: DraftCalls): DraftAdapter {
  const { flow } = calls.about;
  const version = calls.opened.version;
  return {
    load: async () => calls.opened,
    save: async (data, context) => {
      const { method, url, body } = calls.save(data, context);
      const keepalive = context.keepalive === true && JSON.stringify(body).length < KEEPALIVE_LIMIT;
      const result = await refusedOr(() => api(method, url, body, { keepalive }), 400);
      if (context.advance && !result?.fieldErrors)
        analytics.track('Form Step Completed', { flow, step: context.stepId, version: context.version });
      return result;
    },
    report: (events) => {
      for (const event of events)
        if (event.kind === 'step_shown')
          analytics.track('Form Step Viewed', { flow, step: event.step, version });
      reportFormEvents(calls.about, events);
    },
    submit: async () => {
      try {
        await api('POST', calls.submitUrl);
        analytics.track('Form Submitted', { flow, version });
      } catch (error) {
        // Refused (not lost on the way): the fields at fault, and the server's reason for the flow to word.
        if (error instanceof ApiError && error.status >= 400) {
          const details = error.body.details as { reason?: unknown } | undefined;
          const fieldErrors = Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : undefined;
          if (error.status === 422 && fieldErrors) return { fieldErrors };
          return { fieldErrors, refusal: typeof details?.reason === 'string' ? details.reason : '' };
        }
        throw error;
      }
    },
  };
}
