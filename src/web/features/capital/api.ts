/**
 * Capital's calls (capital spec §7) as react-query hooks, and the section's two addresses: `finance/capital` and
 * the variant carrying the provider's name, `finance/tby-capital` (the provider's short name, as in the `tby:md:`
 * storage prefix). Links inside the section keep the spelling the merchant came in by.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api, ApiError } from '../../api/client';
import type { ApplicationRecord, Loan, Offer } from '../../../domain/capital/types';
import type { ApplicationStep } from '../../../domain/capital/steps';
import type { Quote } from '../../../domain/capital/quote';

export const CAPITAL_BASES = ['/finance/capital', '/finance/tby-capital'] as const;
const C = '/merchant/api/v1/capital';

/** The section's base address as the merchant spelt it. */
export function useCapitalBase(): string {
  const { pathname } = useLocation();
  return CAPITAL_BASES.find((base) => pathname.startsWith(base)) ?? CAPITAL_BASES[0];
}

export interface LoanView extends Loan {
  merchant_id: string;
  repaid_percent: number;
}

export interface CapitalApplication {
  id: string;
  application_id: string;
  merchant_id: string;
  offer_id: string | null;
  status: string;
  amount: number;
  tenor: number;
  currency: string;
  reasons: string[];
  steps: ApplicationStep[];
  created_at: string;
  authorized_signatory?: { name?: string; email?: string; phone?: string };
  legal_info?: {
    company_name?: string;
    cr_number?: string;
    company_address?: string;
  };
  bank_details?: { iban?: string; bank_name?: string };
  guarantor?: { name?: string };
  loan_terms: {
    amount: number;
    currency: string;
    fee_percent: number;
    fee_amount: number;
    minimum_repayment_amount: number;
    tenor: number;
    start_date: string;
    end_date: string;
  } | null;
}

export type QuoteAnswer = Quote & { currency: string };

const items = <T>(path: string) => api<{ items: T[] }>('GET', path).then((r) => r.items);

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
  useQuery({ queryKey: capitalKeys.offers, queryFn: () => items<Offer>(`${C}/offers`), ...ONCE });
export const useLoans = () =>
  useQuery({ queryKey: capitalKeys.loans, queryFn: () => items<LoanView>(`${C}/loans`), ...ONCE });
export const useApplicationRecords = () =>
  useQuery({
    queryKey: capitalKeys.applications,
    queryFn: () => items<ApplicationRecord>('/merchant/api/v1/loan/application'),
    ...ONCE,
  });

/** One loan, fetched again every time its page opens (§2: "refetched on mount"). */
export const useLoan = (id: string) =>
  useQuery({
    queryKey: capitalKeys.loan(id),
    queryFn: () => api<LoanView>('GET', `${C}/loans/${encodeURIComponent(id)}`),
    refetchOnMount: 'always',
    ...ONCE,
  });

export const useCapitalApplication = (id: string) =>
  useQuery({
    queryKey: capitalKeys.application(id),
    queryFn: () => api<CapitalApplication>('GET', `${C}/application/${encodeURIComponent(id)}`),
    ...ONCE,
  });

/** Whether a failed call was a 404 (an unknown loan, application or offer, §8). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The application of an offer, or null when it has none yet. */
export const fetchApplicationOfOffer = (offerId: string) =>
  api<CapitalApplication>('GET', `${C}/offer/${encodeURIComponent(offerId)}/application`).catch(
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

export const createApplication = (body: { offer_id: string; amount: number; tenor: number }) =>
  api<{ id: string; application_id: string }>('POST', `${C}/application`, body);

export const updateApplication = (id: string, body: Record<string, unknown>) =>
  api<CapitalApplication>('PATCH', `${C}/application/${encodeURIComponent(id)}`, body);

export interface WaitlistEntry {
  joined: boolean;
  stores: string[];
  capitalUse: string | null;
  otherUse: string | null;
}
export const useWaitlist = () =>
  useQuery({
    queryKey: capitalKeys.waitlist,
    queryFn: () => api<WaitlistEntry>('GET', `${C}/waitlist`),
    ...ONCE,
  });
