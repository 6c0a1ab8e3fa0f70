/**
 * The legal entities every member may read (what the shell's alert and the home's notice need), under one query
 * key, so the list is fetched once for both (docs/legal-entities.md).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { LegalEntities } from '../../contract/legalEntities';
import type { Static } from '../../contract/common';

const FIVE_MINUTES = 5 * 60 * 1000;

export const LEGAL_ENTITIES_URL = '/merchant/api/v1/legal-entities';

export const LEGAL_ENTITIES_QUERY = {
  queryKey: ['legal-entities'],
  staleTime: FIVE_MINUTES,
  queryFn: () => api<Static<typeof LegalEntities>>('GET', LEGAL_ENTITIES_URL),
};

export const useLegalEntities = (enabled = true) => useQuery({ ...LEGAL_ENTITIES_QUERY, enabled });
