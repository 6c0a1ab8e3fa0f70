/**
 * The experiments switched on for the signed-in account (shell spec §6: only the value 'enabled' counts), one
 * query shared by the shell's permissions and the screens that read a flag (capital's fake door and feedback).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useAccount } from './account';
import type { Experiments } from '../../contract/account';
import { experimentsPath } from '../../domain/firstAnswers';

const FIVE_MINUTES = 300_000;

/** The query for an account's experiments (the shell's prefetch starts it before any component asks). */
export const experimentsQuery = (id: string | undefined) => ({
  queryKey: ['experiments', id],
  staleTime: FIVE_MINUTES,
  queryFn: async () =>
    (
      await api<Experiments>(
        'GET',
        // The same address as the server's for the page's first answers (domain/firstAnswers.ts).
        experimentsPath(id!),
      )
    ).experiments
      .filter((e) => e.value === 'enabled')
      .map((e) => e.name),
});

export function useExperiments() {
  const account = useAccount();
  const id = account.data?.id;
  return useQuery({ ...experimentsQuery(id), enabled: Boolean(id) });
}
