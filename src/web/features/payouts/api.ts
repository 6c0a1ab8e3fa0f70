/**
 * Payouts' calls (docs/payouts.md) as react-query hooks, one key factory for the feature. The completed list pages
 * by `next_page_token` ("Show more"); the totals are their own query; the CSVs are downloads.
 */
import { pagedListQuery, readQuery } from '../../api/reads';
import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, retryUnless4xx } from '../../api/client';
import { whenAllowed, type ScreenAddress } from '../../api/firstQuestions';
import { downloadGet, downloadPost } from '../../api/download';
import type {
  PaymentPayouts,
  Payout,
  PayoutAnswer,
  PayoutDetail,
  PayoutLine,
  PayoutsPage,
  PayoutSummary,
  PayoutTotals,
  UpcomingAnswer,
  UpcomingStore,
} from '../../../contract/payouts';
import { apiFilters, backwards, filtersFrom, queryOf, type PayoutListFilters } from './filters';

const P = '/merchant/api/v1/payouts';

export type { PaymentPayouts, Payout, PayoutDetail, PayoutLine, UpcomingAnswer, UpcomingStore };

export const payoutKeys = {
  list: (filters: PayoutListFilters) => ['payouts', 'list', filters] as const,
  totals: (filters: PayoutListFilters) => ['payouts', 'totals', filters] as const,
  detail: (id: string) => ['payouts', 'detail', id] as const,
  upcoming: (merchantId: string | undefined) => ['payouts', 'upcoming', merchantId ?? ''] as const,
  ofPayment: (paymentId: string) => ['payouts', 'payment', paymentId] as const,
  summary: ['payouts', 'summary'] as const,
};

/** The last payout sent and the next one planned (the money area's landing). */
export const usePayoutSummary = (enabled = true) =>
  useQuery({
    queryKey: payoutKeys.summary,
    enabled,
    queryFn: () => api<PayoutSummary>('GET', `${P}/summary`),
    retry: retryUnless4xx,
  });

/** The completed list's query (its hook's and the page's first question's). */
const payoutsQuery = (filters: PayoutListFilters) =>
  pagedListQuery<PayoutsPage>(payoutKeys.list(filters), `${P}?${queryOf(filters)}`);

const totalsQuery = (filters: PayoutListFilters) =>
  readQuery<PayoutTotals>(payoutKeys.totals(filters), `${P}/totals?${queryOf(filters)}`);

export function usePayouts(filters: PayoutListFilters, enabled = true) {
  return useInfiniteQuery({ ...payoutsQuery(filters), enabled, placeholderData: keepPreviousData });
}

export const usePayoutTotals = (filters: PayoutListFilters, enabled = true) =>
  useQuery({ ...totalsQuery(filters), enabled, placeholderData: keepPreviousData });

/**
 * The completed list's first questions (issue 54): its rows and totals for the address's filters, once the
 * shell's flags allow payouts (app/shell/routes.tsx); not for one payout's page.
 */
export function prefetchPayouts(client: QueryClient, at: ScreenAddress) {
  const filters = filtersFrom(at.search);
  if (at.params.payoutId || backwards(filters)) return;
  whenAllowed(client, 'is_payouts_allowed', () => {
    void client.prefetchInfiniteQuery(payoutsQuery(filters));
    void client.prefetchQuery(totalsQuery(filters));
  });
}

export const usePayout = (id: string, enabled = true) =>
  useQuery({
    ...readQuery(payoutKeys.detail(id), `${P}/${encodeURIComponent(id)}`, (r: PayoutAnswer) => r.payout),
    enabled,
  });

export const useUpcoming = (merchantId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: payoutKeys.upcoming(merchantId),
    enabled,
    queryFn: () =>
      api<UpcomingAnswer>(
        'GET',
        `${P}/upcoming${merchantId ? `?merchant_id=${encodeURIComponent(merchantId)}` : ''}`,
      ),
    retry: retryUnless4xx,
  });

export const usePaymentPayouts = (paymentId: string, enabled = true) =>
  useQuery({
    queryKey: payoutKeys.ofPayment(paymentId),
    enabled,
    queryFn: () =>
      api<PaymentPayouts>('GET', `/merchant/api/v1/payments/${encodeURIComponent(paymentId)}/payouts`),
    retry: retryUnless4xx,
  });

/** Saves the filtered payouts as a CSV file. */
export const exportPayouts = (filters: PayoutListFilters) =>
  downloadPost(`${P}/export`, apiFilters(filters), 'payouts.csv');

/** Saves one payout's transactions as a CSV file (its net column sums to the payout's net). */
export const downloadTransactions = (id: string) =>
  downloadGet(`${P}/${encodeURIComponent(id)}/transactions.csv`, 'payout.csv');
