/**
 * Support tickets' calls (onboarding spec §7) as react-query hooks, one key factory for the feature. The list
 * pages by offset (a page a request, the previous one shown while the next loads); opening a ticket and rating
 * one put the answer in the cache and refresh the lists.
 */
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api, retryUnless4xx } from '../../api/client';
import { whenAllowed, type ScreenAddress } from '../../api/firstQuestions';
import { uploadWithProgress } from '../../api/upload';
import type { TicketTopic } from '../../../domain/support';
import type { Message, Ticket, TicketsPage, TicketWithMessages } from '../../../contract/support';
import { apiQuery, filtersFrom, type TicketFilters } from './filters';

const S = '/merchant/api/v1/support';

export type { Message, Ticket, TicketWithMessages };

export const supportKeys = {
  list: (filters: TicketFilters) => ['support', 'list', filters] as const,
  detail: (id: string) => ['support', 'detail', id] as const,
};

const ticketsQuery = (filters: TicketFilters) =>
  queryOptions({
    queryKey: supportKeys.list(filters),
    queryFn: () =>
      api<TicketsPage>('GET', `${S}/tickets?${new URLSearchParams(apiQuery(filters)).toString()}`),
    retry: retryUnless4xx,
  });

export const useTickets = (filters: TicketFilters) =>
  useQuery({ ...ticketsQuery(filters), placeholderData: keepPreviousData });

/** The list page's first question (api/firstQuestions.ts): its tickets, once the flags give merchant access. */
export function prefetchTickets(client: QueryClient, at: ScreenAddress) {
  const filters = filtersFrom(at.search);
  whenAllowed(client, 'has_merchant_access', () => void client.prefetchQuery(ticketsQuery(filters)));
}

export const useTicket = (id: string) =>
  useQuery({
    queryKey: supportKeys.detail(id),
    queryFn: () => api<TicketWithMessages>('GET', `${S}/tickets/${encodeURIComponent(id)}`),
    retry: retryUnless4xx,
  });

/** A change to a ticket: the ticket as answered in place, the list read again. */
const useTicketChange = <Input>(send: (input: Input) => Promise<TicketWithMessages>) =>
  useChange({
    send,
    keep: (client, answer) => client.setQueryData(supportKeys.detail(answer.ticket.id), answer),
    refresh: [['support', 'list']],
  });

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
