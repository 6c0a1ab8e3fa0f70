/**
 * Capital's calls (capital spec §7) as react-query hooks, and the section's two addresses: `finance/capital` and
 * the variant carrying the provider's name, `finance/tby-capital` (the provider's short name, as in the `tby:md:`
 * storage prefix). Links inside the section keep the spelling the merchant came in by.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api, ApiError } from '../../api/client';
import type {
  Application,
  ApplicationCreateBody,
  ApplicationOrNone,
  ApplicationCreated,
  ApplicationPatchBody,
  ApplicationRecords,
  Loan,
  Loans,
  Offers,
  QuoteAnswer,
  Waitlist,
} from '../../../contract/capital';
import type { Static } from '../../../contract/common';

export const CAPITAL_BASES = ['/finance/capital', '/finance/tby-capital'] as const;
const C = '/merchant/api/v1/capital';

/** The section's base address as the merchant spelt it. */
export function useCapitalBase(): string {
  const { pathname } = useLocation();
  return CAPITAL_BASES.find((base) => pathname.startsWith(base)) ?? CAPITAL_BASES[0];
}

export type {
  Application as CapitalApplication,
  Loan as LoanView,
  QuoteAnswer,
} from '../../../contract/capital';

export const capitalKeys = {
  offers: ['capital', 'offers'] as const,
  loans: ['capital', 'loans'] as const,
  loan: (id: string) => ['capital', 'loan', id] as const,
  applications: ['capital', 'applications'] as const,
  application: (id: string) => ['capital', 'application', id] as const,
  offerApplication: (offerId: string) => ['capital', 'offer-application', offerId] as const,
  quote: (offerId: string, amount: number, tenor: number) =>
    ['capital', 'quote', offerId, amount, tenor] as const,
  waitlist: ['capital', 'waitlist'] as const,
};

/** No retries here: a failed list is shown as failed at once (the entry page counts failures, §2). */
const ONCE = { retry: false } as const;

export const useOffers = () =>
  useQuery({
    queryKey: capitalKeys.offers,
    queryFn: () => api<Static<typeof Offers>>('GET', `${C}/offers`).then((r) => r.items),
    ...ONCE,
  });
export const useLoans = () =>
  useQuery({
    queryKey: capitalKeys.loans,
    queryFn: () => api<Static<typeof Loans>>('GET', `${C}/loans`).then((r) => r.items),
    ...ONCE,
  });
export const useApplicationRecords = () =>
  useQuery({
    queryKey: capitalKeys.applications,
    queryFn: () =>
      api<Static<typeof ApplicationRecords>>('GET', '/merchant/api/v1/loan/application').then((r) => r.items),
    ...ONCE,
  });

/** One loan, fetched again every time its page opens (§2: "refetched on mount"). */
export const useLoan = (id: string) =>
  useQuery({
    queryKey: capitalKeys.loan(id),
    queryFn: () => api<Loan>('GET', `${C}/loans/${encodeURIComponent(id)}`),
    refetchOnMount: 'always',
    ...ONCE,
  });

export const useCapitalApplication = (id: string) =>
  useQuery({
    queryKey: capitalKeys.application(id),
    queryFn: () => api<Application>('GET', `${C}/application/${encodeURIComponent(id)}`),
    ...ONCE,
  });

/** Whether a failed call was a 404 (an unknown loan, application or offer, §8). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The application of an offer, or null when it has none yet. */
export const fetchApplicationOfOffer = (offerId: string) =>
  api<Static<typeof ApplicationOrNone>>('GET', `${C}/offer/${encodeURIComponent(offerId)}/application`).catch(
    (error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    },
  );

/** The application of an offer (null: none yet). */
export const useApplicationOfOffer = (offerId: string) =>
  useQuery({
    queryKey: capitalKeys.offerApplication(offerId),
    queryFn: () => fetchApplicationOfOffer(offerId),
    ...ONCE,
  });

/** The live quote of an amount and tenor on an offer; the last answer stays shown while the next loads. */
export const useQuote = (offerId: string, terms: { amount: number; tenor: number } | null) =>
  useQuery({
    queryKey: terms ? capitalKeys.quote(offerId, terms.amount, terms.tenor) : ['capital', 'quote', offerId],
    queryFn: ({ signal }) =>
      api<QuoteAnswer>('POST', `${C}/offer/${encodeURIComponent(offerId)}/calculate`, terms, { signal }),
    enabled: terms !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    ...ONCE,
  });

export const createApplication = (body: ApplicationCreateBody) =>
  api<Static<typeof ApplicationCreated>>('POST', `${C}/application`, body);

export const updateApplication = (id: string, body: ApplicationPatchBody) =>
  api<Application>('PATCH', `${C}/application/${encodeURIComponent(id)}`, body);

export const useWaitlist = () =>
  useQuery({
    queryKey: capitalKeys.waitlist,
    queryFn: () => api<Waitlist>('GET', `${C}/waitlist`),
    ...ONCE,
  });
