/**
 * Support tickets' calls (onboarding spec §7) as react-query hooks, one key factory for the feature. The list
 * pages by offset (a page a request, the previous one shown while the next loads); opening a ticket and rating
 * one put the answer in the cache and refresh the lists.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, retryUnless4xx } from '../../api/client';
import { uploadWithProgress } from '../../api/upload';
import type { TicketTopic } from '../../../domain/support';
import type { Message, Ticket, TicketsPage, TicketWithMessages } from '../../../contract/support';
import { apiQuery, type TicketFilters } from './filters';

const S = '/merchant/api/v1/support';

export type { Message, Ticket, TicketWithMessages };

export const supportKeys = {
  list: (filters: TicketFilters) => ['support', 'list', filters] as const,
  detail: (id: string) => ['support', 'detail', id] as const,
};

export const useTickets = (filters: TicketFilters) =>
  useQuery({
    queryKey: supportKeys.list(filters),
    queryFn: () =>
      api<TicketsPage>('GET', `${S}/tickets?${new URLSearchParams(apiQuery(filters)).toString()}`),
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

export const useTicket = (id: string) =>
  useQuery({
    queryKey: supportKeys.detail(id),
    queryFn: () => api<TicketWithMessages>('GET', `${S}/tickets/${encodeURIComponent(id)}`),
    retry: retryUnless4xx,
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
