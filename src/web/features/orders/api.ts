/**
 * Orders' calls (docs/orders.md) as react-query hooks, one key factory for the feature. The list pages by
 * `next_page_token` ("Show more" appends the next page); the totals are their own query (a slow sum never holds
 * up the rows); capture and refund put the payment's new state in place and refresh the lists and totals.
 */
import { pagedListQuery, readQuery } from '../../api/reads';
import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api, ApiError, retryUnless4xx } from '../../api/client';
import { analytics } from '../../analytics';
import { whenAllowed, type ScreenAddress } from '../../api/firstQuestions';
import { downloadPost } from '../../api/download';
import type {
  CaptureBody,
  Payment,
  PaymentAnswer,
  PaymentDetail,
  PaymentsPage,
  PaymentTotals,
  RefundBody,
} from '../../../contract/payments';
import type { CreateLinkBody, LinkAnswer, LinksPage, PaymentLink } from '../../../contract/paymentLinks';
import { isOpenLink, type LinkStatus } from '../../../domain/paymentLinks';
import type { Language } from '../../../domain/language';
import { apiFilters, filtersFrom, queryOf, soundFilters, type OrderFilters } from './filters';

const P = '/merchant/api/v1/payments';

export type { Payment, PaymentDetail, PaymentLink };

export const orderKeys = {
  all: ['orders'] as const,
  list: (filters: OrderFilters) => ['orders', 'list', filters] as const,
  totals: (filters: Omit<OrderFilters, 'sort'>) => ['orders', 'totals', filters] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** The list's query (its hook's and the page's first question's). */
const ordersQuery = (filters: OrderFilters) =>
  pagedListQuery<PaymentsPage>(orderKeys.list(filters), `${P}?${queryOf(filters, { sort: filters.sort })}`);

/** The totals' query (the sort does not change them, so it is not in their key). */
function totalsQuery(filters: OrderFilters) {
  const { sort: _sort, ...rest } = filters;
  return readQuery<PaymentTotals>(orderKeys.totals(rest), `${P}/totals?${queryOf(filters)}`);
}

export function useOrders(filters: OrderFilters, enabled = true) {
  return useInfiniteQuery({ ...ordersQuery(filters), enabled, placeholderData: keepPreviousData });
}

export function useOrderTotals(filters: OrderFilters, enabled = true) {
  return useQuery({ ...totalsQuery(filters), enabled, placeholderData: keepPreviousData });
}

/**
 * The list page's first questions (issue 54): its rows and totals for the address's filters, asked as soon as
 * the page's code has loaded and the shell's flags say the member may see orders — beside the shell's drawing
 * rather than after it. The same keys as the page's hooks, which find the answers (or the calls under way).
 */
export function prefetchOrders(client: QueryClient, at: ScreenAddress) {
  const filters = filtersFrom(at.search);
  if (!soundFilters(filters)) return;
  whenAllowed(client, 'is_order_view_allowed', () => {
    void client.prefetchInfiniteQuery(ordersQuery(filters));
    void client.prefetchQuery(totalsQuery(filters));
  });
}

export const usePayment = (id: string, enabled = true) =>
  useQuery({
    ...readQuery(orderKeys.detail(id), `${P}/${encodeURIComponent(id)}`, (r: PaymentAnswer) => r.payment),
    enabled,
  });

const usePaymentAction = <Input>(id: string, send: (input: Input) => Promise<PaymentAnswer>) =>
  useChange({
    send,
    keep: (client, { payment }) => client.setQueryData(orderKeys.detail(id), payment),
    refresh: [
      ['orders', 'list'],
      ['orders', 'totals'],
    ],
    // Refused (another tab or person refunded or captured meanwhile): the payment is read again, so the dialog's
    // "left to refund" and its check say what is left now, not what was left when it opened (issue 56).
    refused: (client, error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        void client.invalidateQueries({ queryKey: orderKeys.detail(id) });
    },
  });

export const useCapture = (id: string) =>
  usePaymentAction<CaptureBody>(id, (body) => api('POST', `${P}/${encodeURIComponent(id)}/captures`, body));

export const useRefund = (id: string) =>
  usePaymentAction<RefundBody>(id, (body) => api('POST', `${P}/${encodeURIComponent(id)}/refunds`, body));

/**
 * Saves the filtered list as a CSV file (every page of it: the server streams them), for the merchant's
 * spreadsheet: in the language on screen and the browser's time zone, as the list shows its times.
 */
export const exportOrders = (filters: OrderFilters, lang: Language) =>
  downloadPost(
    `${P}/export`,
    { ...apiFilters(filters), lang, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    'orders.csv',
  );

const L = '/merchant/api/v1/payment-links';

export const linkKeys = {
  detail: (id: string) => ['payment-links', id] as const,
  list: (status: LinkStatus | null, page: number) => ['payment-links', 'list', status, page] as const,
};

export const LINKS_PAGE_SIZE = 20;

/** The links sent, newest first, 20 a page, of one status as of now or all. */
export const usePaymentLinks = (status: LinkStatus | null, page: number, enabled = true) =>
  useQuery({
    queryKey: linkKeys.list(status, page),
    enabled,
    queryFn: ({ signal }) =>
      api<LinksPage>(
        'GET',
        `${L}?${new URLSearchParams({
          ...(status ? { status } : {}),
          page: String(page),
          page_size: String(LINKS_PAGE_SIZE),
        }).toString()}`,
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

/** Sends a customer a payment link; answers the link (its id is the order's payment id once paid). */
/** A link sent, from whichever page's dialog (orders' header or the links list): the event fires here, once. */
export const useCreateLink = () =>
  useChange({
    send: async (body: CreateLinkBody) => {
      const { payment_link: link } = await api<LinkAnswer>('POST', L, body);
      analytics.track('Payment Link Created', { link_id: link.id });
      return link;
    },
    refresh: [['payment-links', 'list']],
  });

/** Where a link stands; asked again every 15 s while it is open (the customer may open or pay it meanwhile). */
export const usePaymentLink = (id: string, enabled = true) =>
  useQuery({
    queryKey: linkKeys.detail(id),
    enabled,
    queryFn: () => api<LinkAnswer>('GET', `${L}/${encodeURIComponent(id)}`).then((r) => r.payment_link),
    refetchInterval: (query) => (query.state.data && isOpenLink(query.state.data.status) ? 15_000 : false),
    retry: retryUnless4xx,
  });

export const useCancelLink = (id: string) =>
  useChange({
    send: () =>
      api<LinkAnswer>('POST', `${L}/${encodeURIComponent(id)}/cancel`, {}).then((r) => r.payment_link),
    keep: (client, link) => client.setQueryData(linkKeys.detail(id), link),
    refresh: [['payment-links', 'list']],
  });
