/**
 * The provider's staff read the contracts merchants signed (docs/contracts.md): the list, and each one's stamped PDF.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SignedContracts } from '../../../contract/contracts';
import { api, retryUnless4xx } from '../../api/client';

const BASE = '/merchant/api/v1/provider/contracts';
/** The server's page size (services/contracts SIGNED_PAGE_SIZE). */
export const PAGE_SIZE = 20;

export interface SignedFilters {
  q: string;
  page: number;
}

export const useSignedContracts = (filters: SignedFilters) =>
  useQuery({
    queryKey: ['contracts', 'signed', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page) });
      if (filters.q.trim()) query.set('q', filters.q.trim());
      return api<SignedContracts>('GET', `${BASE}?${query}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

/** The provider's copy of a signed contract, as a download. */
export const signedCopyUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}/signed.pdf`;
