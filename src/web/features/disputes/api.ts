/**
 * Disputes' calls (onboarding spec §7) as react-query hooks, one key factory for the feature. The list pages by
 * `next_page_token` (infinite query: "Show more" appends the next page); refund and challenge update the
 * dispute in place and refresh the lists and the sidebar's count.
 */
import { pagedListQuery } from '../../api/reads';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api, retryUnless4xx } from '../../api/client';
import { whenAllowed, type ScreenAddress } from '../../api/firstQuestions';
import { uploadWithProgress } from '../../api/upload';
import { downloadPost } from '../../api/download';
import { ACTIVE_DISPUTES_KEY } from '../../api/activeDisputes';
import type { ChallengeReason } from '../../../domain/disputes';
import type { Dispute, DisputeAnswer, DisputesPage, TimelineEntry } from '../../../contract/disputes';
import { apiQuery, filtersFrom, type ListFilters } from './filters';

const D = '/merchant/api/v1/disputes';

export type { Dispute, TimelineEntry };

export const disputeKeys = {
  all: ['disputes'] as const,
  list: (filters: ListFilters) => ['disputes', 'list', filters] as const,
  detail: (id: string) => ['disputes', 'detail', id] as const,
  active: ACTIVE_DISPUTES_KEY,
};

const search = (query: Record<string, string>) => new URLSearchParams(query).toString();

const disputesQuery = (filters: ListFilters) =>
  pagedListQuery<DisputesPage>(disputeKeys.list(filters), `${D}?${search(apiQuery(filters))}`);

/** The list; `enabled` false (a member without the disputes flag) asks nothing: the answer would be 403. */
export function useDisputes(filters: ListFilters, enabled = true) {
  return useInfiniteQuery({ ...disputesQuery(filters), enabled });
}

/** The list page's first question (api/firstQuestions.ts): its rows, once the flags allow disputes. */
export function prefetchDisputes(client: QueryClient, at: ScreenAddress) {
  const filters = filtersFrom(at.search);
  whenAllowed(client, 'is_disputes_allowed', () => void client.prefetchInfiniteQuery(disputesQuery(filters)));
}

export const useDispute = (id: string, enabled = true) =>
  useQuery({
    queryKey: disputeKeys.detail(id),
    enabled,
    queryFn: () => api<DisputeAnswer>('GET', `${D}/${encodeURIComponent(id)}`).then((r) => r.dispute),
    retry: retryUnless4xx,
  });

/** A change to a dispute: its new state in place, the lists and the sidebar's count read again. */
const useDisputeAction = <Input>(id: string, send: (input: Input) => Promise<DisputeAnswer>) =>
  useChange({
    send,
    keep: (client, { dispute }) => client.setQueryData(disputeKeys.detail(id), dispute),
    refresh: [['disputes', 'list'], disputeKeys.active],
  });

export const useApprove = (id: string) =>
  useDisputeAction<void>(id, () => api('POST', `${D}/${encodeURIComponent(id)}/approve`, {}));

export const useChallenge = (id: string) =>
  useDisputeAction<{ reason: ChallengeReason; note: string; attachments: string[] }>(id, (input) =>
    api('POST', `${D}/${encodeURIComponent(id)}/challenge`, input),
  );

/** One challenge image, with progress (field `asset`, spec §7). */
export const uploadImage = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
  uploadWithProgress(`${D}/attachments/upload`, 'asset', file, onProgress, signal);

/** Saves the filtered list as a CSV file (every page of it: the server streams them). */
export async function exportCsv(filters: ListFilters) {
  const { statuses, ...query } = apiQuery(filters);
  const body: Record<string, unknown> = { ...query, tz_offset: Number(query.tz_offset) };
  if (statuses) body.statuses = statuses.split(',');
  await downloadPost(`${D}/export`, body, 'disputes.csv');
}
