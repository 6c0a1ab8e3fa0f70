/**
 * The onboarding reviewers' calls (issue 58; docs/review.md; the provider's staff with the `onboarding_reviewer`
 * role): the queue a page at a time, one application, a document of it to read inline, and the moves — take, let
 * go, approve, reject, send back. Each move puts the application as it now stands in the cache, reads the queue
 * again, and is an analytics event with the application's id and reasons (never its answers).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  QueuedApplication,
  RejectBody,
  ReviewDetail,
  ReviewQueue,
  SendBackBody,
} from '../../../contract/review';
import type { ReviewStatus } from '../../../domain/review';
import { analytics } from '../../analytics';
import { api, ApiError, retryUnless4xx } from '../../api/client';
import { useChange } from '../../api/useChange';
import type { EventName } from '../../../domain/analyticsEvents';

export type { QueuedApplication, ReviewDetail };

const BASE = '/merchant/api/v1/review/applications';
export const PAGE_SIZE = 20;

export interface QueueFilters {
  q: string;
  status: ReviewStatus | '';
  country: string;
  page: number;
}

export const useReviewQueue = (filters: QueueFilters) =>
  useQuery({
    queryKey: ['review', 'queue', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page) });
      if (filters.q.trim()) query.set('q', filters.q.trim());
      if (filters.status) query.set('status', filters.status);
      if (filters.country) query.set('country', filters.country);
      return api<ReviewQueue>('GET', `${BASE}?${query}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

export const useReviewApplication = (id: string) =>
  useQuery({
    queryKey: ['review', 'application', id],
    queryFn: ({ signal }) =>
      api<ReviewDetail>('GET', `${BASE}/${encodeURIComponent(id)}`, undefined, { signal }),
    retry: retryUnless4xx,
  });

/** Where a document of the application is read inline (same origin, the session's cookie). */
export const documentAddress = (id: string, pointer: string) =>
  `${BASE}/${encodeURIComponent(id)}/document?pointer=${encodeURIComponent(pointer)}`;

export type ReviewMove =
  | { action: 'take' | 'release' | 'approve' }
  | { action: 'reject'; body: RejectBody }
  | { action: 'send_back'; body: SendBackBody };

const PATH: Record<ReviewMove['action'], string> = {
  take: 'take',
  release: 'release',
  approve: 'approve',
  reject: 'reject',
  send_back: 'send-back',
};

/** Each move's analytics event (the loop's steps; the merchant's side fires its own). */
const EVENT: Record<ReviewMove['action'], EventName> = {
  take: 'Application Review Taken',
  release: 'Application Review Released',
  approve: 'Application Approved',
  reject: 'Application Rejected',
  send_back: 'Application Sent Back',
};

/** A move of the review loop on one application. */
export const useReviewMove = (id: string) =>
  useChange({
    send: async (move: ReviewMove) => {
      const answer = await api<ReviewDetail>(
        'POST',
        `${BASE}/${encodeURIComponent(id)}/${PATH[move.action]}`,
        'body' in move ? move.body : {},
      );
      analytics.track(EVENT[move.action], {
        application_id: id,
        ...(move.action === 'send_back' ? { reasons: move.body.items.map((i) => i.reason) } : {}),
        ...(move.action === 'reject' ? { reason: move.body.reason } : {}),
      });
      return answer;
    },
    keep: (client, answer) => client.setQueryData(['review', 'application', id], answer),
    refresh: [['review', 'queue']],
    // Another reviewer, or another click, moved it first: read it again as it now stands.
    refused: (client, error) => {
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: ['review', 'application', id] });
    },
  });

/** Why a move was refused, in the console's words (`console.conflict.*`), or null for any other failure. */
export function conflictOf(error: unknown): { key: string; values: Record<string, string> } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as {
    reason?: string;
    reviewer?: string | null;
    application_status?: string;
    type?: string;
  };
  if (body.type === 'LEGAL_BANK_DETAILS_CONFLICT') return { key: 'console.conflict.bankDetails', values: {} };
  if (body.reason === 'taken')
    return { key: 'console.conflict.taken', values: { reviewer: body.reviewer ?? '' } };
  return { key: 'console.conflict.moved', values: { status: body.application_status ?? '' } };
}
