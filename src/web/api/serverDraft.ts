/**
 * A wizard's draft kept on the server, whichever calls a flow uses (the spec's application calls for
 * onboarding, the generic drafts API for every other flow): a save the server refuses (400) or a submit it
 * finds incomplete (422) gives the wizard its field errors to show; a submit refused otherwise gives the
 * server's reason (the flow's `refusals` word it); any other failure is thrown (the wizard says the save
 * failed and keeps everything).
 */
import type { DraftAdapter, OpenedDraft, SaveContext } from '../../engine/react/adapter';
import { FACTS_KEY, type FormData, type Scalar } from '../../engine/core/types';
import { api, ApiError } from './client';

/** Fetch allows 64 KiB of keepalive bodies at once; a bigger save on page hide goes without keepalive. */
const KEEPALIVE_LIMIT = 60 * 1024;

export interface DraftCalls {
  opened: OpenedDraft;
  /** The save's method, address and body. */
  save(data: FormData, context: SaveContext): { method: 'PUT' | 'POST'; url: string; body: unknown };
  /** The submit's address (POST). */
  submitUrl: string;
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
  return {
    load: async () => calls.opened,
    save: (data, context) => {
      const { method, url, body } = calls.save(data, context);
      const keepalive = context.keepalive === true && JSON.stringify(body).length < KEEPALIVE_LIMIT;
      return refusedOr(() => api(method, url, body, { keepalive }), 400);
    },
    submit: async () => {
      try {
        await api('POST', calls.submitUrl);
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
