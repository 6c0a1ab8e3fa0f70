/**
 * Any catalogue flow's draft through the generic drafts API (README "Drafts API"): start or find the account's
 * draft, read it, autosave the step on screen, submit. A new flow under schemas/ needs nothing here.
 */
import { api, ApiError } from '../../api/client';
import type { DraftAdapter } from '../../../engine/react/adapter';
import { ownData } from '../../../engine/core/drafts';
import type { DraftView } from '../../../domain/drafts';

export type { DraftView };

const draftsUrl = (flowId: string) => `/merchant/api/v1/flows/${encodeURIComponent(flowId)}/drafts`;

export const draftKeys = {
  detail: (flowId: string, draftId: string) => ['drafts', flowId, draftId] as const,
};

/** Starts the account's draft of a flow, or gives the one it has. */
export const startDraft = (flowId: string) => api<DraftView>('POST', draftsUrl(flowId), {});

export const fetchDraft = (flowId: string, draftId: string) =>
  api<DraftView>('GET', `${draftsUrl(flowId)}/${encodeURIComponent(draftId)}`);

/** Keepalive bodies are limited to 64 KiB in all; a bigger step is saved without it (on blur and step change). */
const KEEPALIVE_LIMIT = 60 * 1024;

/** The adapter of a draft on the server: each save sends the step on screen's own answers. */
export function draftAdapter(draft: DraftView): DraftAdapter {
  const url = `${draftsUrl(draft.flow)}/${encodeURIComponent(draft.id)}`;
  const refusal = (error: unknown, status: number) => {
    if (error instanceof ApiError && error.status === status && Object.keys(error.fieldErrors).length > 0)
      return { fieldErrors: error.fieldErrors };
    throw error;
  };
  return {
    load: async () => ({ version: draft.version, data: draft.data, attention: draft.attention }),
    save: async (data, { stepId, owns, keepalive }) => {
      const body = ownData(data, owns);
      try {
        await api('PUT', `${url}/steps/${encodeURIComponent(stepId)}`, body, {
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
