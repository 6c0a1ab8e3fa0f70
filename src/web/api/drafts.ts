/**
 * Any catalogue flow's draft through the generic drafts API (docs/drafts-api.md): start or find the account's
 * draft, read it, autosave the step on screen, submit. A new flow under schemas/ needs nothing here.
 */
import { api, ApiError } from './client';
import { ResendLimited } from '../../engine/widgets/services';
import { serverDraft } from './serverDraft';
import type { DraftAdapter } from '../../engine/react/adapter';
import { ownData } from '../../engine/core/drafts';
import type { DraftView } from '../../engine/core/drafts';
import { draftsUrl } from './draftStart';

export type { DraftView };
export { draftKeys, fetchDraft, startDraft } from './draftStart';

/** The adapter of a draft on the server: each save sends the step on screen's own answers. */
export function draftAdapter(draft: DraftView): DraftAdapter {
  const url = `${draftsUrl(draft.flow)}/${encodeURIComponent(draft.id)}`;
  return serverDraft({
    opened: { version: draft.version, data: draft.data, attention: draft.attention, pinned: true },
    save: (data, { stepId, owns, advance }) => ({
      method: 'PUT',
      url: `${url}/steps/${encodeURIComponent(stepId)}${advance ? '?advance=true' : ''}`,
      body: ownData(data, owns),
    }),
    submitUrl: `${url}/submit`,
    about: { flow: draft.flow, draft: draft.id },
  });
}

/**
 * Sends the one-time code of a draft's flow again (its hooks' `resend-otp` action, e.g. the KYB signatory's
 * phone): a 429 is the server's "too many attempts", which the OTP widget answers with its lock time.
 */
export async function resendDraftCode(draft: Pick<DraftView, 'flow' | 'id'>): Promise<void> {
  try {
    await api('POST', `${draftsUrl(draft.flow)}/${encodeURIComponent(draft.id)}/actions/resend-otp`, {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw new ResendLimited();
    throw error;
  }
}
