/**
 * Contracts signed inside the product (docs/contracts.md) as react-query hooks: drawing a subject's contract in the
 * page's language, the code to the signatory's phone, the signature. Shared by capital's advance and a store's
 * contract (one signing component, components/ContractSigning.tsx).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client';
import type { ContractCodeSent, ContractView, ContractSignBody } from '../../contract/contracts';
import type { Static } from '../../contract/common';

export type { ContractView } from '../../contract/contracts';
const K = '/merchant/api/v1/contracts';

export const contractKeys = {
  drawn: (prepareUrl: string, language: string) => ['contracts', 'drawn', prepareUrl, language] as const,
};

/** The PDF's address: as read, or as signed; `download` asks the browser to save it. */
export const contractPdfUrl = (id: string, which: 'document' | 'signed', download = false) =>
  `${K}/${encodeURIComponent(id)}/${which}.pdf${download ? '?download=1' : ''}`;

/**
 * The subject's contract drawn in `language` (a POST that is safe to repeat: the same document answers the same
 * contract). No retry of a 4xx: a subject that cannot be signed says why at once.
 */
export const useDrawnContract = (prepareUrl: string, language: string) =>
  useQuery({
    queryKey: contractKeys.drawn(prepareUrl, language),
    queryFn: () => api<ContractView>('POST', prepareUrl, { language }),
    staleTime: Infinity,
    retry: false,
  });

export function useSigningCode(id: string) {
  return useMutation({
    mutationFn: () => api<Static<typeof ContractCodeSent>>('POST', `${K}/${encodeURIComponent(id)}/code`, {}),
  });
}

export function useSignContract(id: string, prepareUrl: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractSignBody) =>
      api<ContractView>('POST', `${K}/${encodeURIComponent(id)}/sign`, body),
    // Signed, or refused because it was signed or drawn again meanwhile: the page reads the contract again.
    onSettled: async (_data, error) => {
      if (!error || (error instanceof ApiError && error.status === 409))
        await client.invalidateQueries({ queryKey: ['contracts', 'drawn', prepareUrl] });
    },
  });
}
