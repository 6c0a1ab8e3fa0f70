/**
 * Support tickets' calls (onboarding spec §7) as react-query hooks, one key factory for the feature. The list
 * pages by offset (a page a request, the previous one shown while the next loads); opening a ticket and rating
 * one put the answer in the cache and refresh the lists.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client';
import { uploadWithProgress } from '../../api/upload';
import type { CsatState, TicketStatus, TicketTopic } from '../../../domain/support';
import { apiQuery, type FilterStatus, type TicketFilters } from './filters';

const S = '/merchant/api/v1/support';

export interface Ticket {
  id: string;
  merchant_id: string;
  status: TicketStatus;
  filter_status: FilterStatus;
  topic: TicketTopic;
  title: string;
  opened_by: string | null;
  csat: CsatState;
  csat_note: string | null;
  can_rate: boolean;
  created_at: string;
  updated_at: string;
}

export interface Message {
  id: string;
  author: 'merchant' | 'agent';
  author_name: string;
  body: string;
  attachments: { url: string; name: string }[];
  created_at: string;
}

export interface TicketWithMessages {
  ticket: Ticket;
  messages: Message[];
}

interface Page {
  tickets: Ticket[];
  total: number;
  offset: number;
  limit: number;
}

export const supportKeys = {
  list: (filters: TicketFilters) => ['support', 'list', filters] as const,
  detail: (id: string) => ['support', 'detail', id] as const,
};

const noRetryOn4xx = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export const useTickets = (filters: TicketFilters) =>
  useQuery({
    queryKey: supportKeys.list(filters),
    queryFn: () => api<Page>('GET', `${S}/tickets?${new URLSearchParams(apiQuery(filters)).toString()}`),
    placeholderData: keepPreviousData,
    retry: noRetryOn4xx,
  });

export const useTicket = (id: string) =>
  useQuery({
    queryKey: supportKeys.detail(id),
    queryFn: () => api<TicketWithMessages>('GET', `${S}/tickets/${encodeURIComponent(id)}`),
    retry: noRetryOn4xx,
  });

function useTicketChange<Input>(send: (input: Input) => Promise<TicketWithMessages>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      client.setQueryData(supportKeys.detail(answer.ticket.id), answer);
      void client.invalidateQueries({ queryKey: ['support', 'list'] });
    },
  });
}

export const useOpenTicket = () =>
  useTicketChange<{ topic: TicketTopic; subject: string; text: string; attachments: string[] }>((input) =>
    api('POST', `${S}/tickets`, input),
  );

export const useRate = (id: string) =>
  useTicketChange<{ like: boolean; note: string }>(({ like, note }) =>
    api(
      'POST',
      `${S}/tickets/${encodeURIComponent(id)}/csat/${like ? 'like' : 'dislike'}`,
      note ? { note } : {},
    ),
  );

/** One ticket image, with progress (field `asset`, spec §7). */
export const uploadImage = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
  uploadWithProgress(`${S}/attachments/upload`, 'asset', file, onProgress, signal);
