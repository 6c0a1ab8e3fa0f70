/**
 * Starting or reading a draft of the generic drafts API, apart from the rest of drafts.ts: a screen that hosts a
 * form (FlowForm) needs only this before the engine loads, and should not pull the engine's draft code into its
 * own chunk (capital's pages stay within their budget).
 */
import { api } from './client';
import type { Draft } from '../../contract/drafts';

export const draftsUrl = (flowId: string) => `/merchant/api/v1/flows/${encodeURIComponent(flowId)}/drafts`;

export const draftKeys = {
  detail: (flowId: string, draftId: string) => ['drafts', flowId, draftId] as const,
};

/** Starts the account's draft of a flow (on a subject: `scope`, an application's id, say), or gives the one it has. */
export const startDraft = (flowId: string, scope?: string) =>
  api<Draft>('POST', draftsUrl(flowId), scope ? { scope } : {});

export const fetchDraft = (flowId: string, draftId: string) =>
  api<Draft>('GET', `${draftsUrl(flowId)}/${encodeURIComponent(draftId)}`);
